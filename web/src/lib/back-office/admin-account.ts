/**
 * The signed-in admin's own account (`GET /api/admin/me`): the admin shell checks it on entry (the admin API must
 * accept the session), the sign-in page right after signing in, and the account screen shows it. Shared by the
 * three through this module.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccountView } from '@domain/back-office-views';
import type { ApiClient } from '../api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../back-office-auth/use-authorized-api';

/** Every admin query key starts with this, so a sign-out drops them all at once (with the host area's). */
export const ADMIN_QUERY_ROOT = ['back-office', 'admin'] as const;
export const adminMeKey = [...ADMIN_QUERY_ROOT, 'me'] as const;

export function adminMeQuery(api: ApiClient) {
  return queryOptions({
    queryKey: adminMeKey,
    queryFn: ({ signal }) => api<AdminAccountView>('/admin/me', { signal }),
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });
}

export function useAdminMe(options: { enabled?: boolean } = {}) {
  const api = useAuthorizedApi();
  return useQuery({ ...adminMeQuery(api), enabled: options.enabled ?? true });
}
