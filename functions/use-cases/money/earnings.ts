/**
 * What hosts and admins read of the money (DESIGN §6 wave 4): a host's earnings per booking with the totals from the
 * counters, the payouts, the ledger summary, and the admin's commission and payout holds. Every figure comes from
 * the earnings items, the payouts or the counters: nothing is summed over bookings on request.
 */
import { DomainError } from '../../domain/errors';
import { earningsCsv } from '../../domain/earnings-csv';
import { hostEarningsTotals, ledgerSummary, type Earnings, type PayoutStatus } from '../../domain/money';
import { earningsRowOf, type PayoutRow } from '../../domain/money-views';
import type { PayoutAccountStatus } from '../../domain/payout-account';
import type { HostRepository, Page, PageRequest } from '../ports';
import type {
  EarningsFilter,
  MoneyRepository,
  Payout,
  PayoutHold,
  PayoutProfileRepository,
} from '../money-ports';

export interface EarningsDeps {
  money: MoneyRepository;
  payoutProfiles: PayoutProfileRepository;
  hosts: Pick<HostRepository, 'get' | 'getMany'>;
  clock: () => Date;
}

export const payoutMessages = {
  hostNotFound: 'ホストが見つかりませんでした。',
  payoutNotFound: '振込が見つかりませんでした。',
} as const;

export const payoutRowOf = (p: Payout): PayoutRow => ({
  id: p.id,
  amount: p.status === 'creating' ? p.earningsTotal + p.debtOffset : p.amount,
  status: p.status === 'creating' ? 'scheduled' : p.status,
  createdAt: p.createdAt,
  ...(p.arrivalDate ? { arrivalDate: p.arrivalDate } : {}),
  bookingIds: p.bookingIds,
  ...(p.failureMessage ? { failureMessage: p.failureMessage } : {}),
});

/** Rows of the CSV (a host's whole range, page after page). */
const CSV_MAX_ROWS = 10_000;

export function makeEarnings(deps: EarningsDeps) {
  async function hostEarnings(hostId: string, filter: EarningsFilter & PageRequest) {
    const [page, totals] = await Promise.all([
      deps.money.listHostEarnings(hostId, filter),
      deps.money.hostTotals(hostId),
    ]);
    return {
      items: page.items.map(earningsRowOf),
      totals: hostEarningsTotals(totals),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  }

  async function requireHost(hostId: string) {
    const host = await deps.hosts.get(hostId);
    if (!host) throw new DomainError('not_found', payoutMessages.hostNotFound);
    return host;
  }

  return {
    hostEarnings,

    async hostEarningsCsv(hostId: string, filter: Pick<EarningsFilter, 'from' | 'to'>) {
      const rows: Earnings[] = [];
      let cursor: string | undefined;
      do {
        const page = await deps.money.listHostEarnings(hostId, {
          ...filter,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        rows.push(...page.items);
        cursor = page.cursor;
      } while (cursor && rows.length < CSV_MAX_ROWS);
      return { csv: earningsCsv(rows), rows: rows.length };
    },

    async hostPayouts(hostId: string, page: PageRequest): Promise<Page<PayoutRow>> {
      const result = await deps.money.listHostPayouts(hostId, page);
      return { items: result.items.map(payoutRowOf), ...(result.cursor ? { cursor: result.cursor } : {}) };
    },

    /** The admin's copy of a host's earnings (404 for an unknown host). */
    async adminHostEarnings(hostId: string, filter: EarningsFilter & PageRequest) {
      await requireHost(hostId);
      return hostEarnings(hostId, filter);
    },

    async adminPayouts(filter: { status?: PayoutStatus } & PageRequest) {
      const result = await deps.money.listPayouts(filter);
      const hosts = await deps.hosts.getMany(result.items.map((p) => p.hostId));
      const names = new Map(hosts.map((h) => [h.id, h.businessName]));
      return {
        items: result.items.map((p) => ({
          ...payoutRowOf(p),
          hostId: p.hostId,
          businessName: names.get(p.hostId) ?? '',
        })),
        ...(result.cursor ? { cursor: result.cursor } : {}),
      };
    },

    async ledgerSummary() {
      return ledgerSummary(await deps.money.marketTotals());
    },

    /** The money fields of a host (`GET /api/host/me`, `GET /api/admin/hosts/{id}`). */
    async moneyOfHost(hostId: string): Promise<{
      commissionPercent: number;
      payoutAccount: { status: PayoutAccountStatus };
      payoutHold: PayoutHold | null;
    }> {
      const profile = await deps.payoutProfiles.get(hostId);
      return {
        commissionPercent: profile.commissionPercent,
        payoutAccount: { status: profile.account?.status ?? 'none' },
        payoutHold: profile.hold,
      };
    },

    /** `PUT /api/admin/hosts/{id}/commission`: bookings already requested keep theirs. */
    async setCommission(hostId: string, percent: number) {
      await requireHost(hostId);
      await deps.payoutProfiles.setCommission(hostId, percent, deps.clock());
    },

    async holdPayouts(hostId: string, reason: string, by: string): Promise<PayoutHold> {
      await requireHost(hostId);
      return deps.payoutProfiles.hold(hostId, {
        reason: reason.trim(),
        since: deps.clock().toISOString(),
        by,
      });
    },

    async releasePayouts(hostId: string, by: string): Promise<void> {
      await requireHost(hostId);
      await deps.payoutProfiles.release(hostId, by, deps.clock());
    },

    /** Holds with their hosts' names (the admin's 支払 screen), and each host's log of holds and releases. */
    async payoutHolds() {
      const held = await deps.payoutProfiles.listHeld();
      const hosts = await deps.hosts.getMany(held.map((h) => h.hostId));
      const names = new Map(hosts.map((h) => [h.id, h.businessName]));
      return {
        items: held.map((h) => ({ hostId: h.hostId, businessName: names.get(h.hostId) ?? '', ...h.hold })),
      };
    },

    async payoutHoldLog(hostId: string) {
      await requireHost(hostId);
      return { items: await deps.payoutProfiles.holdLog(hostId) };
    },
  };
}

export type EarningsUseCases = ReturnType<typeof makeEarnings>;
