/**
 * The monthly statements (支払通知書, issue 28) as both back offices read them: the host's own
 * (`/host/statements`) and the admin's copy of a host's (`/admin/hosts/{id}/statements`). The list is a month per
 * line with the figures of its statement; the statement itself is a PDF made on the server from the ledger.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StatementMonthView } from '@domain/statement-document';
import { retryUnlessClientError, useAuthorizedApi } from '../back-office-auth/use-authorized-api';

export type { StatementMonthView };

/** The months of the last year with a statement, newest first. */
export function useStatementMonths(queryKey: readonly unknown[], path: string) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...queryKey, 'statements'],
    queryFn: ({ signal }) => api<{ items: StatementMonthView[] }>(path, { signal }),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** One month's statement as a PDF (`{path}/{yyyy-MM}`). */
export function useStatementPdf(path: string) {
  const api = useAuthorizedApi();
  return useMutation({
    mutationFn: (month: string) =>
      api<Blob>(`${path}/${encodeURIComponent(month)}`, { responseType: 'blob' }),
  });
}

/** The file a statement is saved as. */
export const statementFileName = (month: string) => `支払通知書_${month}.pdf`;
