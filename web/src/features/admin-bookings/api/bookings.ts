/**
 * Every booking, for the admin (DESIGN §6, admin routes): the filtered and searched list a page at a time, one
 * booking with its experience and host, the two decisions on an unresponsive host's behalf, and the CSV export.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminBookingPage, AdminBookingView } from '@domain/back-office-views';
import type { BookingStatus } from '@domain/entities';
import { useAppConfig } from '../../../app/config-context';
import { ApiError } from '../../../lib/api-client';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBookingDecision } from '../../../lib/back-office/booking-decisions';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';
import { downloadBlob } from '../../../lib/download';

export interface AdminBookingFilters {
  status?: BookingStatus;
  /** A booking reference, a guest's e-mail address or text (the API decides which: the answer's `search`). */
  q?: string;
}

const PAGE_SIZE = 50;
const bookingsRoot = [...ADMIN_QUERY_ROOT, 'bookings'] as const;
export const ADMIN_BOOKINGS_ROOT = bookingsRoot;

export function bookingsQueryString(filters: AdminBookingFilters, cursor?: string): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.q) search.set('q', filters.q);
  if (cursor) search.set('cursor', cursor);
  return search.toString();
}

/**
 * The list, newest first. A new search or filter is a new query key, so its paging starts again from the newest
 * booking (the cursor belongs to one filter and search).
 */
export function useAdminBookings(filters: AdminBookingFilters) {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...bookingsRoot, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api<AdminBookingPage>(`/admin/bookings?${bookingsQueryString(filters, pageParam)}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

export function useAdminBooking(id: string | undefined) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...bookingsRoot, 'one', id],
    queryFn: ({ signal }) => api<AdminBookingView>(`/admin/bookings/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}

// The host detail lists the host's open requests.
const useDecision = (action: 'approve' | 'deny') =>
  useBookingDecision<AdminBookingView>({
    action,
    path: '/admin/bookings',
    bookingsRoot,
    alsoChanged: [[...ADMIN_QUERY_ROOT, 'hosts']],
  });

export const useApproveBooking = () => useDecision('approve');
export const useDenyBooking = () => useDecision('deny');

/** `attachment; filename="bookings-20261123.csv"` → `bookings-20261123.csv`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The CSV export of the current filter and search (`GET /api/admin/bookings.csv`). A plain link cannot carry the
 * `Authorization` header, so the file is fetched with the session's token and saved from memory. It is saved as the
 * bytes the API sent (UTF-8 with BOM, for Excel): reading it as text first would drop the BOM.
 */
export function useBookingsCsvExport() {
  const { apiBaseUrl } = useAppConfig();
  const { idToken, sessionExpired } = useBackOfficeAuth();
  return async (filters: AdminBookingFilters): Promise<{ fileName: string; rows: number | null }> => {
    const token = await idToken();
    if (!token) {
      sessionExpired();
      throw new ApiError(401, 'unauthorized', 'Not authenticated');
    }
    let res: Response;
    try {
      res = await fetch(
        `${apiBaseUrl.replace(/\/$/, '')}/admin/bookings.csv?${bookingsQueryString(filters)}`,
        {
          headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
        },
      );
    } catch {
      throw new ApiError(0, 'network_error', 'The server could not be reached.');
    }
    if (!res.ok) {
      if (res.status === 401) sessionExpired();
      const body = (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null;
      throw new ApiError(res.status, body?.error?.code ?? `http_${res.status}`, body?.error?.message ?? '');
    }
    const fileName = fileNameOf(res.headers.get('content-disposition'), 'bookings.csv');
    downloadBlob(fileName, await res.blob());
    const rows = Number(res.headers.get('x-row-count'));
    return { fileName, rows: Number.isFinite(rows) && res.headers.has('x-row-count') ? rows : null };
  };
}
