/**
 * Failed mails of the outbox, for the admin (DESIGN §4f): `GET /api/admin/mails?status=failed` a page at a time,
 * and `POST /api/admin/mails/{id}/resend` of one mail or of several in turn, after which the list is read again.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedMailView, ResendResult } from '@domain/mail-delivery';
import { adminMailMessages } from '@domain/schemas/admin-mails';
import { ApiError } from '../../../lib/api-client';
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

/** One mail's resend: what the API says of it now, or why it could not be resent. */
export interface ResendOutcome {
  id: string;
  /** The mail's status after the resend (`sent`, or `pending` for the sender's retries), or `error`. */
  status: ResendResult['mail']['status'] | 'error';
  /** Why it could not be resent (`error` only). */
  message?: string;
}

/**
 * Resends mails one after another (the route takes one mail; a batch of dozens one at a time keeps the sender and
 * SES's rate calm), reporting progress; the list is read again once all are through. An error of one mail (404,
 * 409: another admin resent it) is that mail's outcome and does not stop the others.
 */
export function useResendMails() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return async (ids: string[], progress?: (done: number) => void): Promise<ResendOutcome[]> => {
    const outcomes: ResendOutcome[] = [];
    try {
      for (const id of ids) {
        try {
          const { mail } = await api<ResendResult>(`/admin/mails/${encodeURIComponent(id)}/resend`, {
            method: 'POST',
          });
          outcomes.push({ id, status: mail.status });
        } catch (e) {
          outcomes.push({
            id,
            status: 'error',
            message: e instanceof ApiError ? e.message : adminMailMessages.resendFailed,
          });
        }
        progress?.(outcomes.length);
      }
    } finally {
      await queryClient.invalidateQueries({ queryKey: mailsRoot });
    }
    return outcomes;
  };
}
