import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REFUND_RULE,
  defaultRefundRule,
  describeRefundRule,
  refundNow,
  refundRuleSchema,
} from '../../../functions/domain/refund-rule';

// A tour at 10:00 Tokyo (01:00 UTC) on 2026-05-20.
const tour = { date: '2026-05-20', time: '10:00', chargedAmount: 12000 };
const at = (iso: string) => new Date(iso);

describe('refundNow', () => {
  it('gives everything back exactly 7 × 24 h before the start, nothing a minute later', () => {
    const rule = DEFAULT_REFUND_RULE;
    expect(refundNow({ ...tour, rule, now: at('2026-05-13T01:00:00Z') })).toEqual({
      allowed: true,
      refundPercentage: 100,
      refundAmount: 12000,
    });
    expect(refundNow({ ...tour, rule, now: at('2026-05-13T01:01:00Z') })).toEqual({
      allowed: true,
      refundPercentage: 0,
      refundAmount: 0,
    });
  });

  it('counts hours in Tokyo time across midnight (a late-evening tour)', () => {
    // 23:30 Tokyo on 2026-05-20 = 14:30 UTC the same day; the cut-off is 23:30 Tokyo on the 13th.
    const late = { ...tour, time: '23:30' };
    const rule = DEFAULT_REFUND_RULE;
    expect(refundNow({ ...late, rule, now: at('2026-05-13T14:30:00Z') }).refundPercentage).toBe(100);
    // 00:10 Tokyo on the 14th: a new Tokyo day, past the cut-off although UTC still says the 13th.
    expect(refundNow({ ...late, rule, now: at('2026-05-13T15:10:00Z') }).refundPercentage).toBe(0);
  });

  it('picks the best tier whose cut-off is not past and rounds the amount down', () => {
    const rule = refundRuleSchema.parse([
      { daysBefore: 7, refundPercentage: 100 },
      { daysBefore: 2, refundPercentage: 33 },
    ]);
    expect(refundNow({ ...tour, rule, now: at('2026-05-15T00:00:00Z') })).toEqual({
      allowed: true,
      refundPercentage: 33,
      refundAmount: 3960,
    });
    expect(
      refundNow({ ...tour, chargedAmount: 1001, rule, now: at('2026-05-18T01:00:00Z') }).refundAmount,
    ).toBe(330);
  });

  it('a 0 % rule never refunds; nobody cancels once the tour started', () => {
    const none = [{ daysBefore: 30, refundPercentage: 0 }];
    expect(refundNow({ ...tour, rule: none, now: at('2026-01-01T00:00:00Z') }).refundAmount).toBe(0);
    const started = refundNow({ ...tour, rule: DEFAULT_REFUND_RULE, now: at('2026-05-20T01:00:00Z') });
    expect(started).toEqual({ allowed: false, refundPercentage: 0, refundAmount: 0 });
    expect(refundNow({ ...tour, rule: DEFAULT_REFUND_RULE, now: at('2026-05-20T00:59:59Z') }).allowed).toBe(
      true,
    );
  });
});

describe('describeRefundRule', () => {
  it('says the specification rule in plain Japanese and English', () => {
    expect(describeRefundRule(DEFAULT_REFUND_RULE, 'ja')).toBe('7日前まで全額返金、それ以降は返金なし');
    expect(describeRefundRule(DEFAULT_REFUND_RULE, 'en')).toBe(
      'Full refund up to 7 days before the start; no refund after that.',
    );
    expect(
      describeRefundRule(
        [
          { daysBefore: 3, refundPercentage: 50 },
          { daysBefore: 14, refundPercentage: 100 },
        ],
        'ja',
      ),
    ).toBe('14日前まで全額返金、3日前まで50%返金、それ以降は返金なし');
    expect(describeRefundRule([], 'ja')).toBe('キャンセル時の返金はありません');
  });

  it('says a single partial tier, and a 0-day tier as the start', () => {
    const half = [{ daysBefore: 3, refundPercentage: 50 }];
    expect(describeRefundRule(half, 'ja')).toBe('3日前まで50%返金、それ以降は返金なし');
    expect(describeRefundRule(half, 'en')).toBe(
      '50% refund up to 3 days before the start; no refund after that.',
    );
    expect(describeRefundRule([{ daysBefore: 1, refundPercentage: 100 }], 'en')).toBe(
      'Full refund up to 1 day before the start; no refund after that.',
    );
    const untilStart = [{ daysBefore: 0, refundPercentage: 100 }];
    expect(describeRefundRule(untilStart, 'ja')).toBe('開始時刻まで全額返金、それ以降は返金なし');
    expect(describeRefundRule(untilStart, 'en')).toBe('Full refund up to the start; no refund after that.');
  });

  it('says several tiers most days first, whatever order they were typed in', () => {
    const rule = [
      { daysBefore: 1, refundPercentage: 10 },
      { daysBefore: 14, refundPercentage: 100 },
      { daysBefore: 7, refundPercentage: 50 },
    ];
    expect(describeRefundRule(rule, 'ja')).toBe(
      '14日前まで全額返金、7日前まで50%返金、1日前まで10%返金、それ以降は返金なし',
    );
    expect(describeRefundRule(rule, 'en')).toBe(
      'Full refund up to 14 days before the start; 50% refund up to 7 days before the start; 10% refund up to 1 day before the start; no refund after that.',
    );
  });

  it('leaves out 0 % tiers and tiers that never apply, as refundNow does', () => {
    expect(describeRefundRule([{ daysBefore: 30, refundPercentage: 0 }], 'ja')).toBe(
      'キャンセル時の返金はありません',
    );
    expect(describeRefundRule([{ daysBefore: 30, refundPercentage: 0 }], 'en')).toBe(
      'No refund on cancellation.',
    );
    // 14 days / 50 % never applies: 14 days before, the 7-day tier already gives everything back.
    const shadowed = [
      { daysBefore: 14, refundPercentage: 50 },
      { daysBefore: 7, refundPercentage: 100 },
      { daysBefore: 30, refundPercentage: 0 },
    ];
    expect(describeRefundRule(shadowed, 'ja')).toBe('7日前まで全額返金、それ以降は返金なし');
    expect(refundNow({ ...tour, rule: shadowed, now: at('2026-05-01T00:00:00Z') }).refundPercentage).toBe(
      100,
    );
  });
});

describe('refundRuleSchema', () => {
  it('says in Japanese what is wrong, beside the tier', () => {
    const result = refundRuleSchema.safeParse([
      { daysBefore: 7, refundPercentage: 100 },
      { daysBefore: 7, refundPercentage: 101 },
      { daysBefore: 2.5, refundPercentage: undefined },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.refundPercentage', '返金率は0〜100の整数で入力してください'],
      ['2.daysBefore', '日数は0〜365の整数で入力してください'],
      ['2.refundPercentage', '返金率を入力してください'],
    ]);
    const duplicate = refundRuleSchema.safeParse([
      { daysBefore: 7, refundPercentage: 100 },
      { daysBefore: 7, refundPercentage: 50 },
    ]);
    expect(duplicate.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.daysBefore', '同じ日数の段階が重複しています。'],
    ]);
    const six = Array.from({ length: 6 }, (_, i) => ({ daysBefore: i, refundPercentage: 10 }));
    expect(refundRuleSchema.safeParse(six).error!.issues[0]!.message).toBe('返金の段階は5つまでです');
  });
});

describe('defaultRefundRule', () => {
  it('defaults from the host profile policy', () => {
    expect(defaultRefundRule({ days: 3, refundPercentage: 50 })).toEqual([
      { daysBefore: 3, refundPercentage: 50 },
    ]);
    expect(defaultRefundRule(null)).toEqual(DEFAULT_REFUND_RULE);
  });
});
