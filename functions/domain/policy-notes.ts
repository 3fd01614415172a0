/**
 * One policy (DESIGN §4j): the refund rule is what is charged and what guests read first; the host's own policy
 * text is shown beside it as the host's notes. A note must not promise what the rule does not give, so saving a
 * note that states a refund percentage or a number of days the rule does not have is refused, with a Japanese
 * message naming each conflicting phrase (「7日前まで全額返金」 next to a 3-day 50 % rule names 「7日前」 and 「全額」).
 *
 * The reading is deliberately narrow: numbers followed by a percent sign or パーセント, 全額/半額 and "full
 * refund"/"free cancellation", and day counts written as 〜日前, 〜週間前, "N days", "N weeks", and
 * hours when they are whole days (48時間前, "24 hours"). 前日 and 当日 are not read: a weather note says 「前日の
 * 19時までにお知らせ」 as often as a rule says 「前日まで」. Anything else in the text (meeting times, group sizes) is
 * not read as a promise.
 */
import { describeRefundRule, effectiveTiers, type RefundRule } from './refund-rule';

export interface PolicyStatement {
  /** The phrase as the host wrote it. */
  phrase: string;
  kind: 'percentage' | 'days';
  value: number;
}

const HOURS_PER_DAY = 24;
/** Hours read as days only when they are whole days (48 時間前): "集合は2時間前" is not a refund cut-off. */
const wholeDays = (hours: number) =>
  hours > 0 && hours % HOURS_PER_DAY === 0 ? hours / HOURS_PER_DAY : null;

/** What a policy text states about refunds: each percentage and each number of days it names, in order. */
export function policyStatements(text: string): PolicyStatement[] {
  const normalised = text.normalize('NFKC');
  const found: { index: number; statement: PolicyStatement }[] = [];
  const add = (re: RegExp, kind: PolicyStatement['kind'], value: (m: RegExpExecArray) => number | null) => {
    for (const m of normalised.matchAll(re)) {
      const v = value(m as RegExpExecArray);
      if (v === null) continue;
      found.push({ index: m.index ?? 0, statement: { phrase: m[0].trim(), kind, value: v } });
    }
  };
  // Percentages.
  add(/(\d{1,3})\s*(?:%|パーセント|percent)/gi, 'percentage', (m) => Number(m[1]));
  add(
    /全額|full\s+refund|fully\s+refunded|refunded\s+in\s+full|free\s+cancell?ation|無料キャンセル|キャンセル料(?:は)?無料/gi,
    'percentage',
    () => 100,
  );
  add(/半額|half\s+(?:of\s+the\s+)?(?:refund|price|amount)/gi, 'percentage', () => 50);
  // Days.
  add(/(\d{1,3})\s*日前/g, 'days', (m) => Number(m[1]));
  add(/(\d{1,3})\s*週間前/g, 'days', (m) => Number(m[1]) * 7);
  add(/(\d{1,4})\s*時間前/g, 'days', (m) => wholeDays(Number(m[1])));
  add(/(\d{1,3})\s*days?\b/gi, 'days', (m) => Number(m[1]));
  add(/(\d{1,3})\s*weeks?\b/gi, 'days', (m) => Number(m[1]) * 7);
  add(/(\d{1,4})\s*hours?\b/gi, 'days', (m) => wholeDays(Number(m[1])));
  return found.sort((a, b) => a.index - b.index).map((f) => f.statement);
}

/**
 * The statements of `text` the rule does not give: a percentage that is none of the rule's (nothing back, 0 %, is
 * always given: after the last cut-off), or a number of days that is none of its cut-offs.
 */
export function policyConflicts(text: string | null | undefined, rule: RefundRule): PolicyStatement[] {
  if (!text?.trim()) return [];
  const tiers = effectiveTiers(rule);
  const percentages = new Set([0, ...tiers.map((t) => t.refundPercentage)]);
  const days = new Set(tiers.map((t) => t.daysBefore));
  return policyStatements(text).filter((s) =>
    s.kind === 'percentage' ? !percentages.has(s.value) : !days.has(s.value),
  );
}

/** The Japanese message of a refused note: the phrases that conflict, and what the rule says instead. */
export function policyConflictMessage(conflicts: readonly PolicyStatement[], rule: RefundRule): string {
  const phrases = [...new Set(conflicts.map((c) => `「${c.phrase}」`))].join('');
  return `キャンセルポリシーの${phrases}は返金ルール（${describeRefundRule(rule, 'ja')}）と食い違っています。返金ルールに合わせて書き直すか、返金ルールを変更してください`;
}
