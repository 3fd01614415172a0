import { useQuery } from '@tanstack/react-query';
import type { AdminDashboardView } from '@domain/back-office-views';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';

/**
 * `GET /api/admin/dashboard`: counters read from counter items (cheap, so fresh on every visit). The admin menu reads
 * it too (the inbox's overdue count), once signed in (`enabled`).
 */
export function useAdminDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useAuthorizedApi();
  return useQuery({
    enabled,
    queryKey: [...ADMIN_QUERY_ROOT, 'dashboard'],
    queryFn: ({ signal }) => api<AdminDashboardView>('/admin/dashboard', { signal }),
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}
