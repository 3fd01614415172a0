/**
 * Hosts, for the admin (DESIGN §6, admin routes): the list a page at a time (all, or those under review), one
 * host with experiences and open requests, creation, approval, suspension and reinstatement. Every change puts the answer where the detail reads it and
 * refreshes the lists and the dashboard's host counter.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHostListItem, AdminHostView } from '@domain/back-office-views';
import type { AdminCreateHost } from '@domain/schemas/admin';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';

const hostsRoot = [...ADMIN_QUERY_ROOT, 'hosts'] as const;
const hostKey = (id: string | undefined) => [...hostsRoot, 'one', id] as const;

interface HostPage {
  items: AdminHostListItem[];
  cursor?: string;
}

/** `underReview`: only self-registered hosts waiting for approval; `q`: part of a business name or e-mail. */
export function useAdminHosts(filter: 'all' | 'underReview' = 'all', q?: string) {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...hostsRoot, 'list', filter, q ?? ''],
    queryFn: ({ pageParam, signal }) =>
      api<HostPage>(
        `/admin/hosts?limit=50${filter === 'underReview' ? '&reviewStatus=underReview' : ''}${
          q ? `&q=${encodeURIComponent(q)}` : ''
        }${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

export function useAdminHost(id: string | undefined) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: hostKey(id),
    queryFn: ({ signal }) => api<AdminHostView>(`/admin/hosts/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}

function useHostChange<Input>(request: (input: Input) => Promise<AdminHostView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (host) => {
      queryClient.setQueryData(hostKey(host.id), host);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...hostsRoot, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'dashboard'] });
      // Booking rows show whether their host is suspended.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'bookings'] });
    },
  });
}

/** `POST /api/admin/hosts` with the form's parsed values (the server validates them again with the same schema). */
export function useCreateHost() {
  const api = useAuthorizedApi();
  return useHostChange((form: AdminCreateHost) =>
    api<AdminHostView>('/admin/hosts', { method: 'POST', body: form }),
  );
}

export function useSuspendHost() {
  const api = useAuthorizedApi();
  return useHostChange(({ id, reason }: { id: string; reason: string | null }) =>
    api<AdminHostView>(`/admin/hosts/${encodeURIComponent(id)}/suspend`, {
      method: 'POST',
      body: { reason },
    }),
  );
}

export function useReinstateHost() {
  const api = useAuthorizedApi();
  return useHostChange(({ id }: { id: string }) =>
    api<AdminHostView>(`/admin/hosts/${encodeURIComponent(id)}/reinstate`, { method: 'POST' }),
  );
}

/** `POST /api/admin/hosts/{id}/approve`: the host may publish from now on (the API mails them). */
export function useApproveHost() {
  const api = useAuthorizedApi();
  return useHostChange(({ id }: { id: string }) =>
    api<AdminHostView>(`/admin/hosts/${encodeURIComponent(id)}/approve`, { method: 'POST' }),
  );
}

/** `PUT /api/admin/hosts/{id}/commission`: requests made from now on pay it; earlier ones keep theirs. */
export function useSetCommission() {
  const api = useAuthorizedApi();
  return useHostChange(({ id, percent }: { id: string; percent: number }) =>
    api<AdminHostView>(`/admin/hosts/${encodeURIComponent(id)}/commission`, {
      method: 'PUT',
      body: { percent },
    }),
  );
}

/** Hold (with a reason) or release every payout of the host; the host's page is read again after either. */
export function usePayoutHold() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      api(`/admin/hosts/${encodeURIComponent(id)}/payout-hold`, {
        method: reason === null ? 'DELETE' : 'POST',
        ...(reason === null ? {} : { body: { reason } }),
      }),
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: hostKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'payouts'] });
    },
  });
}
