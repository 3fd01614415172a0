/**
 * Failed mails of the outbox, for the admin (DESIGN §4f): `GET /api/admin/mails?status=failed` a page at a time,
 * and `POST /api/admin/mails/{id}/resend`, after which the list is read again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailedMailView, ResendResult } from '@domain/mail-delivery';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';

export type { FailedMailView };

const mailsRoot = [...ADMIN_QUERY_ROOT, 'mails'] as const;

interface MailPage {
  items: FailedMailView[];
  cursor?: string;
}

export function useFailedMails() {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...mailsRoot, 'failed'],
    queryFn: ({ pageParam, signal }) =>
      api<MailPage>(
        `/admin/mails?status=failed&limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    retry: retryUnlessClientError,
  });
}

export function useResendMail() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResendResult>(`/admin/mails/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailsRoot }),
  });
}
