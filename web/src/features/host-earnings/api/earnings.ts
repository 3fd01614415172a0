import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutAccountStatus } from '@domain/payout-account';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';
import { earningsSearch, type EarningsFilter, type PayoutRow } from '../../../lib/back-office/money';

export const EARNINGS_KEY = [...HOST_QUERY_ROOT, 'earnings'] as const;

export interface PayoutAccountView {
  status: PayoutAccountStatus;
  requirements: string[];
  payoutsEnabled: boolean;
  bankLast4?: string;
}

/** `GET /api/host/payout-account`: asked again when the host comes back from the onboarding page. */
export function usePayoutAccount() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'account'],
    queryFn: ({ signal }) => api<PayoutAccountView>('/host/payout-account', { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}

/** `POST /api/host/payout-account/onboarding` and off to the provider's page (a fresh link each time). */
export function useStartOnboarding() {
  const api = useAuthorizedApi();
  return useMutation({
    mutationFn: () => api<{ url: string }>('/host/payout-account/onboarding', { method: 'POST', body: {} }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useHostPayouts() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'payouts'],
    queryFn: ({ signal }) =>
      api<{ items: PayoutRow[]; cursor?: string }>('/host/payouts?limit=50', { signal }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

/**
 * The CSV of the filtered range, as the API writes it: read as bytes, since decoding it as text would drop the
 * byte-order mark Excel needs to read UTF-8.
 */
export function useEarningsCsv() {
  const api = useAuthorizedApi();
  return useMutation({
    mutationFn: (filter: EarningsFilter) =>
      api<Blob>(`/host/earnings.csv${earningsSearch({ from: filter.from, to: filter.to })}`, {
        responseType: 'blob',
      }),
  });
}
