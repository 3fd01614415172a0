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

  it('defaults from the host profile policy', () => {
    expect(defaultRefundRule({ days: 3, refundPercentage: 50 })).toEqual([
      { daysBefore: 3, refundPercentage: 50 },
    ]);
    expect(defaultRefundRule(null)).toEqual(DEFAULT_REFUND_RULE);
  });
});
