/**
 * What the host's 売上・振込 screen and the admin's 支払 screens read (DESIGN §6 wave 4): the answer shapes, the
 * labels of the statuses in the back office's Japanese, and the queries both areas use for a host's earnings.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EarningsStatus, PayoutStatus } from '@domain/money';
import { retryUnlessClientError, useAuthorizedApi } from '../back-office-auth/use-authorized-api';

export type {
  EarningsRow,
  EarningsTotalsView as EarningsTotals,
  EarningsPageView as EarningsPage,
  PayoutRow,
} from '@domain/money-views';
import type { EarningsPageView, EarningsRow } from '@domain/money-views';

export interface EarningsFilter {
  from?: string;
  to?: string;
  status?: EarningsStatus | '';
}

export const earningsStatusText: Record<EarningsStatus, string> = {
  upcoming: '確定待ち',
  payable: '振込予定',
  on_hold: '保留中',
  paid: '振込済',
};

export const payoutStatusText: Record<PayoutStatus, string> = {
  scheduled: '振込手続き中',
  paid: '振込完了',
  failed: '振込失敗',
};

/** A row settled without a payout (refunded in full, or a chargeback) reads as such rather than 振込済. */
export function earningsRowStatus(row: Pick<EarningsRow, 'status' | 'payoutId' | 'dispute'>): string {
  if (row.status === 'paid' && !row.payoutId)
    return row.dispute?.status === 'lost' ? 'チャージバック' : '全額返金';
  if (row.status === 'on_hold' && row.dispute) return '保留中（異議申し立て）';
  return earningsStatusText[row.status];
}

export const earningsSearch = (filter: EarningsFilter, cursor?: string) => {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
};

/** A host's earnings, page after page (`path`: the host's own route or the admin's copy of it). */
export function useEarningsPages(queryKey: readonly unknown[], path: string, filter: EarningsFilter) {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...queryKey, filter],
    queryFn: ({ pageParam, signal }) =>
      api<EarningsPageView>(`${path}${earningsSearch(filter, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}
