/**
 * One policy (DESIGN §4j, issue 30 item 5): the host's notes may not state a refund percentage or a number of days
 * that the refund rule does not give.
 */
import { policyConflictMessage, policyConflicts, policyStatements } from '@domain/policy-notes';
import { defaultRefundRule, type RefundRule } from '@domain/refund-rule';
import { DEFAULT_CANCELLATION_POLICY, SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { SEED_HOSTS } from '../../../scripts/seed/hosts';

const threeDaysHalf: RefundRule = [{ daysBefore: 3, refundPercentage: 50 }];
const sevenDaysFull: RefundRule = [{ daysBefore: 7, refundPercentage: 100 }];
const tiered: RefundRule = [
  { daysBefore: 7, refundPercentage: 100 },
  { daysBefore: 2, refundPercentage: 50 },
];

describe('what a policy text states', () => {
  it('reads percentages, full and half refunds, and day counts in Japanese and English', () => {
    expect(policyStatements('7日前まで全額返金、3日前までは50％返金')).toEqual([
      { phrase: '7日前', kind: 'days', value: 7 },
      { phrase: '全額', kind: 'percentage', value: 100 },
      { phrase: '3日前', kind: 'days', value: 3 },
      { phrase: '50%', kind: 'percentage', value: 50 },
    ]);
    expect(
      policyStatements('Free cancellation up to 7 days before (100 % refund).').map((s) => s.value),
    ).toEqual([100, 7, 100]);
    expect(policyStatements('48時間前までのキャンセルは半額').map((s) => [s.kind, s.value])).toEqual([
      ['days', 2],
      ['percentage', 50],
    ]);
    expect(policyStatements('1週間前まで').map((s) => s.value)).toEqual([7]);
  });

  it('does not read meeting times, prices or the evening before as refund terms', () => {
    expect(
      policyStatements('集合は開始2時間前、前日の19時までにメールでお知らせします。料金は3,000円。'),
    ).toEqual([]);
    expect(
      policyStatements('Card refunds may take 1–2 months; we decide by 7 PM the evening before.'),
    ).toEqual([]);
  });
});

describe('notes that contradict the rule', () => {
  it('finds the issue’s example: 「7日前まで全額返金」 beside a 3-day 50 % rule', () => {
    const conflicts = policyConflicts('7日前まで全額返金', threeDaysHalf);
    expect(conflicts.map((c) => c.phrase)).toEqual(['7日前', '全額']);
    expect(policyConflictMessage(conflicts, threeDaysHalf)).toBe(
      'キャンセルポリシーの「7日前」「全額」は返金ルール（3日前まで50%返金、それ以降は返金なし）と食い違っています。返金ルールに合わせて書き直すか、返金ルールを変更してください',
    );
  });

  it('accepts notes that say what the rule says, or nothing about money at all', () => {
    expect(policyConflicts('Free cancellation up to 7 days before (100% refund).', sevenDaysFull)).toEqual(
      [],
    );
    expect(policyConflicts('3日前まで50%返金、それ以降は返金なし（0%）', threeDaysHalf)).toEqual([]);
    expect(policyConflicts('7日前まで全額、2日前まで半額を返金します', tiered)).toEqual([]);
    expect(
      policyConflicts('雨天決行。天候による中止は前日の19時までにお知らせします。', threeDaysHalf),
    ).toEqual([]);
    expect(policyConflicts(null, threeDaysHalf)).toEqual([]);
  });

  it('finds an English note that promises more than the rule', () => {
    const conflicts = policyConflicts(
      'Free cancellation up to 7 days before the experience (100% refund).',
      threeDaysHalf,
    );
    expect(conflicts.map((c) => c.phrase)).toEqual(['Free cancellation', '7 days', '100%']);
  });
});

describe('the seed', () => {
  it("states in every experience's notes nothing its host's refund rule does not give", () => {
    for (const seed of SEED_EXPERIENCES) {
      const host = SEED_HOSTS.find((h) => h.key === seed.host)!;
      const rule = defaultRefundRule(host.cancellationPolicy);
      const notes = seed.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY;
      expect(policyConflicts(notes, rule), seed.title).toEqual([]);
    }
  });
});
