/**
 * Seeded hosts come with enabled local payout accounts (DESIGN §4g), so their experiences can be booked and their
 * earnings paid out from the first start. Idempotent and run on every start: a host seeded before hosts were paid
 * (data kept under `.local/`) gets its account the next time the stack starts.
 */
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';
import type { MoneyRepositories } from '../../functions/adapters/dynamodb/money-repositories';
import { LocalPaymentGateway } from '../../functions/adapters/payments/local-payment-gateway';
import { guestRuntime } from '../../functions/adapters/runtime/guest-runtime';
import { payoutAccountOf } from '../../functions/domain/payout-account';

/** The bank account the seed gives (みずほ銀行 東京営業部; a made-up number). */
export const SEED_BANK = {
  bankCode: '0001',
  bankName: 'みずほ',
  branchCode: '001',
  branchName: '東京営業部',
  accountNumber: '7654321',
  accountHolderName: 'エヒメ エクスペリエンス',
};

/** Gives each host without a payout account an enabled one; answers how many it enabled. */
export async function ensureSeedPayoutAccounts(
  repositories: Pick<DynamoRepositories, 'hosts'> & Pick<MoneyRepositories, 'payoutProfiles'>,
  hostIds: readonly string[],
): Promise<number> {
  const { payments, clock } = guestRuntime();
  if (!(payments instanceof LocalPaymentGateway)) return 0;
  const { payoutProfiles } = repositories;
  let enabled = 0;
  for (const hostId of hostIds) {
    const profile = await payoutProfiles.get(hostId);
    if (profile.account?.status === 'enabled') continue;
    const host = await repositories.hosts.get(hostId);
    if (!host) continue;
    const created = await payments.createConnectedAccount({
      hostId,
      email: host.email,
      businessName: host.businessName,
    });
    await payoutProfiles.attachAccount(hostId, payoutAccountOf(created, clock()));
    const { account } = await payments.completeOnboarding(created.id, null, SEED_BANK);
    await payoutProfiles.updateAccount(hostId, payoutAccountOf(account, clock()));
    enabled++;
  }
  return enabled;
}
