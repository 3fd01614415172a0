/**
 * A refund rule (`refund-rule.ts`) in words, and the tiers of it that decide anything. Apart from the rule's zod
 * schemas so that a page that only shows a rule (the experience page, issue 34) does not load zod; `refund-rule.ts`
 * re-exports both.
 */

/** One tier of a refund rule, as `refundTierSchema` (refund-rule.ts) checks it. */
interface Tier {
  daysBefore: number;
  refundPercentage: number;
}

/**
 * The tiers that decide anything, most days first. A tier whose percentage a tier with fewer days matches or beats
 * never applies (`refundNow` takes the best tier not yet past), so it is left out; so are 0 % tiers.
 */
export function effectiveTiers<T extends Tier>(rule: readonly T[]): T[] {
  const byDays = [...rule].sort((a, b) => a.daysBefore - b.daysBefore);
  const kept: T[] = [];
  let best = 0;
  for (const tier of byDays) {
    if (tier.refundPercentage <= best) continue;
    best = tier.refundPercentage;
    kept.push(tier);
  }
  return kept.reverse();
}

/**
 * The rule in words, e.g. 「7日前まで全額返金、それ以降は返金なし」 / "Full refund up to 7 days before the start;
 * no refund after that." The same text the guest reads and the host previews.
 */
export function describeRefundRule(rule: readonly Tier[], language: 'en' | 'ja' | 'zh-Hant' | 'ko'): string {
  const tiers = effectiveTiers(rule);
  if (language === 'zh-Hant') {
    if (tiers.length === 0) return '取消時恕不退款。';
    const parts = tiers.map(
      (t) =>
        `${t.daysBefore === 0 ? '開始時間前' : `開始前${t.daysBefore}天`}取消${t.refundPercentage === 100 ? '全額退款' : `退款${t.refundPercentage}%`}`,
    );
    return `${parts.join('；')}；之後恕不退款。`;
  }
  if (language === 'ko') {
    if (tiers.length === 0) return '취소 시 환불되지 않습니다.';
    const parts = tiers.map(
      (t) =>
        `${t.daysBefore === 0 ? '시작 시각' : `시작 ${t.daysBefore}일 전`}까지 ${t.refundPercentage === 100 ? '전액 환불' : `${t.refundPercentage}% 환불`}`,
    );
    return `${parts.join(', ')}, 이후에는 환불되지 않습니다.`;
  }
  if (language === 'ja') {
    if (tiers.length === 0) return 'キャンセル時の返金はありません';
    const parts = tiers.map(
      (t) =>
        `${t.daysBefore === 0 ? '開始時刻' : `${t.daysBefore}日前`}まで${t.refundPercentage === 100 ? '全額返金' : `${t.refundPercentage}%返金`}`,
    );
    return `${parts.join('、')}、それ以降は返金なし`;
  }
  if (tiers.length === 0) return 'No refund on cancellation.';
  const parts = tiers.map(
    (t) =>
      `${t.refundPercentage === 100 ? 'full refund' : `${t.refundPercentage}% refund`} up to ${
        t.daysBefore === 0
          ? 'the start'
          : `${t.daysBefore} day${t.daysBefore === 1 ? '' : 's'} before the start`
      }`,
  );
  const text = `${parts.join('; ')}; no refund after that.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
