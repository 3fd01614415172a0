/**
 * A host's payout account (DESIGN §4g): a connected account at the payment provider, whose status the host and the
 * back office read in the platform's own words. Pure: the provider's view is mapped, never fetched, here.
 */
import * as z from 'zod';

export const payoutAccountStatuses = ['none', 'pending', 'enabled', 'restricted'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];
export const payoutAccountStatusSchema = z.enum(payoutAccountStatuses);

/** What the provider says of a connected account (Stripe's `Account`, reduced to what we read). */
export interface ConnectedAccountView {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Requirements due now (Stripe's `requirements.currently_due`). */
  currentlyDue: string[];
  /** Requirements whose deadline passed (Stripe's `requirements.past_due`): the account is restricted. */
  pastDue: string[];
  /** Stripe's `requirements.disabled_reason`, when charges or payouts are disabled. */
  disabledReason: string | null;
  /** The last four digits of the bank account payouts go to. */
  bankLast4: string | null;
  /** Metadata the platform set at creation. */
  hostId: string | null;
}

/** The payout account as the marketplace keeps it (beside the host, `HOST#<id>/PAYOUT_PROFILE`). */
export interface PayoutAccount {
  accountId: string;
  status: PayoutAccountStatus;
  requirements: string[];
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  bankLast4: string | null;
  updatedAt: string;
}

/**
 * `enabled` once charges and payouts are enabled; `restricted` when a requirement is past due or the provider
 * disabled the account; otherwise `pending` (onboarding not finished, requirements due).
 */
export function payoutAccountStatusOf(view: ConnectedAccountView): Exclude<PayoutAccountStatus, 'none'> {
  if (view.chargesEnabled && view.payoutsEnabled && view.pastDue.length === 0) return 'enabled';
  if (view.pastDue.length > 0 || (view.disabledReason !== null && view.detailsSubmitted)) return 'restricted';
  return 'pending';
}

export function payoutAccountOf(view: ConnectedAccountView, now: Date): PayoutAccount {
  return {
    accountId: view.id,
    status: payoutAccountStatusOf(view),
    requirements: [...new Set([...view.pastDue, ...view.currentlyDue])],
    chargesEnabled: view.chargesEnabled,
    payoutsEnabled: view.payoutsEnabled,
    bankLast4: view.bankLast4,
    updatedAt: now.toISOString(),
  };
}

/** A host may publish only once onboarding is done: charges and payouts enabled (DESIGN §4g). */
export const canPublish = (account: Pick<PayoutAccount, 'status'> | null | undefined): boolean =>
  account?.status === 'enabled';

/**
 * A booking's charge can go to the host's account while its charges are enabled, even when its payouts are not
 * (a bank account that refused a payout): the earnings wait for the host to mend the bank details.
 */
export const canTakePayments = (
  account: Pick<PayoutAccount, 'status' | 'chargesEnabled'> | null | undefined,
): boolean => account?.chargesEnabled === true && account.status !== 'restricted';

/** Stripe's requirement names, grouped by what the host must do, in the back office's Japanese. */
const REQUIREMENT_LABELS: [prefix: string, label: string][] = [
  ['external_account', '振込先の銀行口座'],
  ['tos_acceptance', '利用規約への同意'],
  ['business_profile', '事業の情報（業種・ウェブサイトなど）'],
  ['business_type', '事業形態（個人・法人）'],
  ['company.verification', '法人の確認書類'],
  ['company', '法人の情報（名称・所在地・法人番号など）'],
  ['individual.verification', '本人確認書類'],
  ['representative.verification', '代表者の本人確認書類'],
  ['representative', '代表者の情報'],
  ['owners', '実質的支配者の情報'],
  ['directors', '役員の情報'],
  ['person_', '関係者の情報'],
  ['individual', 'ご本人の情報（氏名・生年月日・住所・電話番号）'],
];

/** The distinct things a host must still provide, in Japanese (unknown names: 「その他の必要事項」). */
export function requirementLabels(requirements: readonly string[]): string[] {
  const labels = requirements.map(
    (r) => REQUIREMENT_LABELS.find(([prefix]) => r.startsWith(prefix))?.[1] ?? 'その他の必要事項',
  );
  return [...new Set(labels)];
}

/** Publishing without an enabled payout account (DESIGN §6 wave 4). */
export const PAYOUT_ACCOUNT_REQUIRED_MESSAGE =
  '公開するには売上の振込先（決済アカウント）の登録を完了してください。「売上・振込」画面から登録できます。';

/** Payout statuses for people. */
export const payoutAccountStatusLabels: Record<PayoutAccountStatus, string> = {
  none: '未登録',
  pending: '登録手続き中',
  enabled: '有効',
  restricted: '制限中',
};

// ---------------------------------------------------------------------------------------------------------------
// Bank details as the local onboarding page checks them (Stripe's hosted page does the same in AWS).
// ---------------------------------------------------------------------------------------------------------------

export const bankDetailsMessages = {
  bankCode: '金融機関コードは4桁の数字で入力してください。',
  bankUnknown: 'この金融機関コードは見つかりません。',
  branchCode: '支店コードは3桁の数字で入力してください。',
  branchUnknown: 'この支店コードは見つかりません。',
  accountNumber: '口座番号は7桁の数字で入力してください（7桁未満は先頭に0を付けてください）。',
  holderName: '口座名義はカタカナ（全角）で入力してください。',
} as const;

/** Full-width katakana as banks print holder names: letters, the long mark, spaces and the few symbols allowed. */
const KATAKANA_HOLDER = /^[\u30A0-\u30FF\u3000 （）().,\-ー・／/]+$/u;

export const bankDetailsSchema = z.object({
  bankCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: bankDetailsMessages.bankCode }),
  branchCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, { error: bankDetailsMessages.branchCode }),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{7}$/, { error: bankDetailsMessages.accountNumber }),
  accountHolderName: z
    .string()
    .trim()
    .min(1, { error: bankDetailsMessages.holderName })
    .max(60, { error: bankDetailsMessages.holderName })
    .regex(KATAKANA_HOLDER, { error: bankDetailsMessages.holderName })
    .refine((v) => /[\u30A1-\u30FA]/u.test(v), { error: bankDetailsMessages.holderName }),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;
