/**
 * The concierge desk's queries both its screens read: one inquiry (the inbox's page, and the offer form that
 * prefills from it) and the keys whose data a reply, a close, an offer or a withdrawal makes stale.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { retryUnlessClientError, useAuthorizedApi } from '../back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from './admin-account';
import type { AdminInquiryDetail } from './concierge';

export const INQUIRIES_ROOT = [...ADMIN_QUERY_ROOT, 'inquiries'] as const;
export const OFFERS_ROOT = [...ADMIN_QUERY_ROOT, 'offers'] as const;
export const inquiryKey = (id: string | undefined) => [...INQUIRIES_ROOT, 'one', id] as const;

/** `GET /api/admin/inquiries/{id}`: the guest, the conversation and the inquiry's offers. */
export function useAdminInquiry(id: string | undefined) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: inquiryKey(id),
    queryFn: ({ signal }) =>
      api<AdminInquiryDetail>(`/admin/inquiries/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}

/** After any change of the desk: the lists, the inquiries and the dashboard's counts are read again. */
export function useRefreshConcierge() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: INQUIRIES_ROOT });
    void queryClient.invalidateQueries({ queryKey: OFFERS_ROOT });
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'dashboard'] });
  }, [queryClient]);
}
