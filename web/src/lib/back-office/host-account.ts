/**
 * The signed-in host's own account (`GET /api/host/me`), which the host shell checks on entry (an account without a
 * host profile is signed out) and the profile screen edits. Shared by both through this module.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostView } from '@domain/back-office-views';
import type { ApiClient } from '../api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../back-office-auth/use-authorized-api';

/** Every host query key starts with this, so a sign-out drops them all at once. */
export const HOST_QUERY_ROOT = ['back-office', 'host'] as const;
export const hostMeKey = [...HOST_QUERY_ROOT, 'me'] as const;

export function hostMeQuery(api: ApiClient) {
  return queryOptions({
    queryKey: hostMeKey,
    queryFn: ({ signal }) => api<HostView>('/host/me', { signal }),
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });
}

export function useHostMe(options: { enabled?: boolean } = {}) {
  const api = useAuthorizedApi();
  return useQuery({ ...hostMeQuery(api), enabled: options.enabled ?? true });
}

/** Puts a fresh host answer (after a profile or avatar change) where every screen reads it. */
export function useSetHostMe() {
  const queryClient = useQueryClient();
  return (host: HostView) => queryClient.setQueryData(hostMeKey, host);
}
