import { useQuery } from '@tanstack/react-query';
import type { HostDashboardView, HostExperienceListItem } from '@domain/back-office-views';
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

/** Whether the host has any experience yet (the first-steps panel shows while there is none). */
export function useHasExperiences() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...HOST_QUERY_ROOT, 'dashboard', 'has-experiences'],
    queryFn: async ({ signal }) =>
      (await api<{ items: HostExperienceListItem[] }>('/host/experiences', { signal })).items.length > 0,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}
