import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PayoutStatus } from '@domain/money';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';
import type { PayoutRow } from '../../../lib/back-office/money';

const payoutsRoot = [...ADMIN_QUERY_ROOT, 'payouts'] as const;

export type { LedgerSummaryView as LedgerSummary } from '@domain/money-views';
import type { LedgerSummaryView } from '@domain/money-views';

export interface PayoutHoldItem {
  hostId: string;
  businessName: string;
  reason: string;
  since: string;
  by: string;
}

export function useLedgerSummary() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...payoutsRoot, 'summary'],
    queryFn: ({ signal }) => api<LedgerSummaryView>('/admin/ledger/summary', { signal }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

export function useAdminPayouts(status: PayoutStatus | '') {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...payoutsRoot, 'list', status],
    queryFn: ({ pageParam, signal }) =>
      api<{ items: PayoutRow[]; cursor?: string }>(
        `/admin/payouts?limit=50${status ? `&status=${status}` : ''}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

export function usePayoutHolds() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...payoutsRoot, 'holds'],
    queryFn: ({ signal }) => api<{ items: PayoutHoldItem[] }>('/admin/payout-holds', { signal }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}
