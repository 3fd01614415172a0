/**
 * A host's payout account (DESIGN §4g): the connected account is created on the host's first request to onboard,
 * onboarding happens on the provider's hosted page (a fresh link each time: links lapse within minutes), and the
 * account's state follows `account.updated` events, or a read of the provider when the host opens the page and
 * the account is not enabled yet (the event may still be on its way).
 */
import type { Host } from '../../domain/entities';
import { payoutAccountOf, type PayoutAccount, type PayoutAccountStatus } from '../../domain/payout-account';
import { errorFields } from '../console-logger';
import type { PayoutProfileRepository } from '../money-ports';
import type { Logger, PaymentGateway } from '../ports';

export interface PayoutAccountDeps {
  payoutProfiles: PayoutProfileRepository;
  payments: PaymentGateway;
  logger: Logger;
  clock: () => Date;
  /** The site's origin: the hosted page returns to the host's 売上・振込 screen. */
  baseUrl: string;
}

/** `GET /api/host/payout-account`. */
export interface PayoutAccountView {
  status: PayoutAccountStatus;
  requirements: string[];
  payoutsEnabled: boolean;
  bankLast4?: string;
}

/** Where the hosted onboarding page sends the host back (`refresh`: the link lapsed, make a new one). */
export const onboardingUrls = (baseUrl: string) => ({
  returnUrl: `${baseUrl}/host/earnings?onboarding=done`,
  refreshUrl: `${baseUrl}/host/earnings?onboarding=refresh`,
});

export function viewOfAccount(account: PayoutAccount | null): PayoutAccountView {
  if (!account) return { status: 'none', requirements: [], payoutsEnabled: false };
  return {
    status: account.status,
    requirements: account.requirements,
    payoutsEnabled: account.payoutsEnabled,
    ...(account.bankLast4 ? { bankLast4: account.bankLast4 } : {}),
  };
}

export function makePayoutAccounts(deps: PayoutAccountDeps) {
  /** The provider's view of the account, recorded; the recorded one when the provider cannot be asked now. */
  async function refreshed(hostId: string, account: PayoutAccount): Promise<PayoutAccount> {
    try {
      const next = payoutAccountOf(
        await deps.payments.retrieveConnectedAccount(account.accountId),
        deps.clock(),
      );
      await deps.payoutProfiles.updateAccount(hostId, next);
      return next;
    } catch (e) {
      deps.logger.warn('Payout account could not be read from the provider; showing the recorded state', {
        hostId,
        ...errorFields(e),
      });
      return account;
    }
  }

  return {
    async view(hostId: string): Promise<PayoutAccountView> {
      const { account } = await deps.payoutProfiles.get(hostId);
      if (!account || account.status === 'enabled') return viewOfAccount(account);
      return viewOfAccount(await refreshed(hostId, account));
    },

    /** `POST /api/host/payout-account/onboarding`: the account (created on the first call) and a fresh link. */
    async startOnboarding(host: Host): Promise<{ url: string }> {
      let { account } = await deps.payoutProfiles.get(host.id);
      if (!account) {
        const created = await deps.payments.createConnectedAccount({
          hostId: host.id,
          email: host.email,
          businessName: host.businessName,
        });
        account = await deps.payoutProfiles.attachAccount(host.id, payoutAccountOf(created, deps.clock()));
        deps.logger.info('Payout account created', { hostId: host.id, accountId: account.accountId });
      }
      return deps.payments.createOnboardingLink(account.accountId, onboardingUrls(deps.baseUrl));
    },

    /** `account.updated`: the provider's state of the account, re-read (events are hints), recorded. */
    async onAccountUpdated(accountId: string, hostIdHint: string | null): Promise<'updated' | 'ignored'> {
      const hostId = (await deps.payoutProfiles.hostOfAccount(accountId)) ?? hostIdHint;
      if (!hostId) return 'ignored';
      const { account } = await deps.payoutProfiles.get(hostId);
      if (!account || account.accountId !== accountId) return 'ignored';
      const next = payoutAccountOf(await deps.payments.retrieveConnectedAccount(accountId), deps.clock());
      return (await deps.payoutProfiles.updateAccount(hostId, next)) ? 'updated' : 'ignored';
    },
  };
}

export type PayoutAccounts = ReturnType<typeof makePayoutAccounts>;
