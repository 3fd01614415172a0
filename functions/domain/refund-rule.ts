/**
 * The structured refund rule of an experience (DESIGN §4c): tiers of "cancel at least `daysBefore` × 24 h before
 * the start (Tokyo time) → `refundPercentage` back". A booking keeps a copy of the rule in force when it was
 * requested, so a later edit never changes what an earlier guest was promised. Pure: the clock is an argument.
 */
import * as z from 'zod';
import { tokyoDateTimeToInstant } from './calendar';

/** The limits of a rule, shared by the schema and the host's editor. */
export const MAX_REFUND_TIERS = 5;
export const MAX_REFUND_DAYS = 365;

/** The editor's and the host API's messages (the host back office speaks Japanese). */
export const REFUND_RULE_MESSAGES = {
  daysRequired: '日数を入力してください',
  daysInvalid: `日数は0〜${MAX_REFUND_DAYS}の整数で入力してください`,
  percentageRequired: '返金率を入力してください',
  percentageInvalid: '返金率は0〜100の整数で入力してください',
  tooManyTiers: `返金の段階は${MAX_REFUND_TIERS}つまでです`,
  duplicateDays: '同じ日数の段階が重複しています。',
} as const;

/** A whole number between `min` and `max`; blank (undefined) says `required`, anything else `invalid`. */
const wholeInRange = (min: number, max: number, required: string, invalid: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .int({ error: invalid })
    .min(min, { error: invalid })
    .max(max, { error: invalid });

export const refundTierSchema = z.object({
  daysBefore: wholeInRange(
    0,
    MAX_REFUND_DAYS,
    REFUND_RULE_MESSAGES.daysRequired,
    REFUND_RULE_MESSAGES.daysInvalid,
  ),
  refundPercentage: wholeInRange(
    0,
    100,
    REFUND_RULE_MESSAGES.percentageRequired,
    REFUND_RULE_MESSAGES.percentageInvalid,
  ),
});
export type RefundTier = z.infer<typeof refundTierSchema>;

export const refundRuleSchema = z
  .array(refundTierSchema)
  .max(MAX_REFUND_TIERS, { error: REFUND_RULE_MESSAGES.tooManyTiers })
  .superRefine((tiers, ctx) => {
    // Said beside the second tier of the same days, where the host typed it.
    tiers.forEach((tier, i) => {
      if (tiers.findIndex((t) => t.daysBefore === tier.daysBefore) === i) return;
      ctx.addIssue({ code: 'custom', path: [i, 'daysBefore'], message: REFUND_RULE_MESSAGES.duplicateDays });
    });
  });
export type RefundRule = z.infer<typeof refundRuleSchema>;

/** The specification's policy: at least 7 days before, everything back; later, nothing. */
export const DEFAULT_REFUND_RULE: RefundRule = [{ daysBefore: 7, refundPercentage: 100 }];

/** The rule an experience without its own gets: the host profile's policy, else the specification's. */
export function defaultRefundRule(
  hostPolicy: { days: number; refundPercentage: number } | null | undefined,
): RefundRule {
  if (!hostPolicy) return DEFAULT_REFUND_RULE;
  return [{ daysBefore: hostPolicy.days, refundPercentage: Math.round(hostPolicy.refundPercentage) }];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefundQuote {
  /** False once the tour has started: nobody cancels it any more. */
  allowed: boolean;
  refundPercentage: number;
  /** Whole yen: the percentage of the charged amount, rounded down. */
  refundAmount: number;
}

/**
 * What cancelling at `now` returns of `chargedAmount` for a tour starting at `date` `time` (Tokyo). The tier with
 * the most days whose cut-off (`start − daysBefore × 24 h`) is not yet past applies; exactly at the cut-off still
 * counts. Before every cut-off is past the best tier applies, after all of them nothing comes back.
 */
export function refundNow(input: {
  rule: RefundRule;
  chargedAmount: number;
  date: string;
  time: string;
  now: Date;
}): RefundQuote {
  const start = tokyoDateTimeToInstant(input.date, input.time).getTime();
  const now = input.now.getTime();
  if (now >= start) return { allowed: false, refundPercentage: 0, refundAmount: 0 };
  const percentage = input.rule
    .filter((tier) => now <= start - tier.daysBefore * DAY_MS)
    .reduce((best, tier) => Math.max(best, tier.refundPercentage), 0);
  return {
    allowed: true,
    refundPercentage: percentage,
    refundAmount: Math.floor((input.chargedAmount * percentage) / 100),
  };
}

// In words, and which tiers count: a module without zod (`refund-rule-text.ts`), for pages that only show a rule.
export { describeRefundRule, effectiveTiers } from './refund-rule-text';
