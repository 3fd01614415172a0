/**
 * The host's bookings (DESIGN §6, back office): the filtered list (newest first, a page at a time), one booking, and
 * the two decisions. A decision refreshes the lists and the dashboard.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BackOfficeBooking } from '@domain/back-office-views';
import type { BookingStatus } from '@domain/entities';
import type { ApiClient } from '../../../lib/api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBookingDecision } from '../../../lib/back-office/booking-decisions';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';

export interface BookingFilters {
  status?: BookingStatus;
  /** Tour dates, `yyyy-MM-dd`. */
  from?: string;
  to?: string;
}

interface BookingPage {
  items: BackOfficeBooking[];
  cursor?: string;
}

const PAGE_SIZE = 50;
const bookingsRoot = [...HOST_QUERY_ROOT, 'bookings'] as const;
export const HOST_BOOKINGS_ROOT = bookingsRoot;

export function bookingsQueryString(filters: BookingFilters, cursor?: string, limit = PAGE_SIZE): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(limit));
  return `?${search.toString()}`;
}

export function useHostBookings(filters: BookingFilters) {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    queryKey: [...bookingsRoot, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api<BookingPage>(`/host/bookings${bookingsQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
}

/** Every booking matching the filters (all pages), for the CSV export. */
export async function fetchAllBookings(
  api: ApiClient,
  filters: BookingFilters,
): Promise<BackOfficeBooking[]> {
  const all: BackOfficeBooking[] = [];
  let cursor: string | undefined;
  do {
    const page = await api<BookingPage>(`/host/bookings${bookingsQueryString(filters, cursor, 100)}`);
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}

export function useHostBooking(id: string | null) {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...bookingsRoot, 'one', id],
    queryFn: ({ signal }) => api<BackOfficeBooking>(`/host/bookings/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    retry: retryUnlessClientError,
  });
}

const useDecision = (action: 'approve' | 'deny') =>
  useBookingDecision<BackOfficeBooking>({
    action,
    path: '/host/bookings',
    bookingsRoot,
    alsoChanged: [[...HOST_QUERY_ROOT, 'dashboard']],
  });

export const useApproveBooking = () => useDecision('approve');
export const useDenyBooking = () => useDecision('deny');
