import { useQuery } from '@tanstack/react-query';
import type { HostDashboardView } from '@domain/back-office-views';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';

/** `GET /api/host/dashboard`: asked again whenever the host comes back to the tab (new requests arrive any time). */
export function useHostDashboard() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...HOST_QUERY_ROOT, 'dashboard'],
    queryFn: ({ signal }) => api<HostDashboardView>('/host/dashboard', { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}
