/**
 * The concierge's inbox (DESIGN §4h, §6 wave 4): the inquiries a page at a time (overdue first, as the server
 * orders them), a reply (mailed to the guest) and closing. Each change puts the answer where the page reads it and
 * refreshes the lists and the dashboard's counts.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import type {
  AdminInquiryDetail,
  AdminInquiryListItem,
  InquiryStatus,
} from '../../../lib/back-office/concierge';
import { INQUIRIES_ROOT, inquiryKey, useRefreshConcierge } from '../../../lib/back-office/concierge-api';

const PAGE_SIZE = 50;

export function useAdminInquiries(status: InquiryStatus | '') {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...INQUIRIES_ROOT, 'list', status],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (status) search.set('status', status);
      if (pageParam) search.set('cursor', pageParam);
      return api<{ items: AdminInquiryListItem[]; cursor?: string }>(`/admin/inquiries?${search}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}

function useInquiryChange<Input>(request: (input: Input) => Promise<AdminInquiryDetail>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshConcierge();
  return useMutation({
    mutationFn: request,
    onSuccess: (inquiry) => queryClient.setQueryData(inquiryKey(inquiry.id), inquiry),
    onSettled: refresh,
  });
}

/** `POST /api/admin/inquiries/{id}/messages`: the reply is mailed to the guest; the inquiry reads 回答済み. */
export function useReplyToInquiry() {
  const api = useAuthorizedApi();
  return useInquiryChange(({ id, text }: { id: string; text: string }) =>
    api<AdminInquiryDetail>(`/admin/inquiries/${encodeURIComponent(id)}/messages`, {
      method: 'POST',
      body: { text },
    }),
  );
}

/** `POST /api/admin/inquiries/{id}/close`. */
export function useCloseInquiry() {
  const api = useAuthorizedApi();
  return useInquiryChange(({ id }: { id: string }) =>
    api<AdminInquiryDetail>(`/admin/inquiries/${encodeURIComponent(id)}/close`, { method: 'POST' }),
  );
}
