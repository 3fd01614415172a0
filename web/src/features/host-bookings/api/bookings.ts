/**
 * The host's bookings (DESIGN §6, back office): the filtered list (newest first, a page at a time), one booking, and
 * the two decisions. A decision refreshes the lists and the dashboard.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackOfficeBooking, HostExperienceListItem } from '@domain/back-office-views';
import type { BookingStatus } from '@domain/entities';
import { addDays } from '@domain/calendar';
import type { ApiClient } from '../../../lib/api-client';
import { retryUnlessClientError, useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBookingDecision } from '../../../lib/back-office/booking-decisions';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';

export interface BookingFilters {
  status?: BookingStatus;
  /** One of the host's experiences. */
  experienceId?: string;
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
  if (filters.experienceId) search.set('experienceId', filters.experienceId);
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(limit));
  return `?${search.toString()}`;
}

/** `enabled: false` while the filters cannot be asked for (a date range ending before it starts). */
export function useHostBookings(filters: BookingFilters, enabled = true) {
  const api = useAuthorizedApi();
  return useInfiniteQuery({
    enabled,
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

/** The bookings that take place on their day: waiting, confirmed or held (not denied, expired, cancelled). */
export const ON_THE_DAY: ReadonlySet<BookingStatus> = new Set<BookingStatus>([
  'pending',
  'approved',
  'completed',
]);
/** How far ahead the day view looks for the next day with tours (about three months: one query). */
const NEXT_TOUR_HORIZON_DAYS = 92;

/**
 * The first day from `today` (Tokyo) with a tour taking place, within about three months; null when none. The
 * day view opens there rather than on an empty today (issue 32 item 12).
 */
export function useNextTourDay(today: string, enabled: boolean) {
  const api = useAuthorizedApi();
  const filters = { from: today, to: addDays(today, NEXT_TOUR_HORIZON_DAYS) };
  return useQuery({
    queryKey: [...bookingsRoot, 'list', 'next-tour-day', filters],
    queryFn: async ({ signal }) => {
      const page = await api<BookingPage>(`/host/bookings${bookingsQueryString(filters)}`, { signal });
      const days = page.items.filter((b) => ON_THE_DAY.has(b.status) && b.date >= today).map((b) => b.date);
      return days.length > 0 ? days.reduce((a, b) => (b < a ? b : a)) : null;
    },
    enabled,
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** The host's experiences, for the list's experience filter (title and id; newest first). */
export function useExperienceChoices() {
  const api = useAuthorizedApi();
  return useQuery({
    queryKey: [...HOST_QUERY_ROOT, 'experiences', 'choices'],
    queryFn: async ({ signal }) =>
      (await api<{ items: HostExperienceListItem[] }>('/host/experiences', { signal })).items.map(
        ({ id, title }) => ({ id, title }),
      ),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** The manifest's check-in tick: the answer replaces the cached booking, then the lists are refetched. */
export function useCheckIn() {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, checkedIn }: { id: string; checkedIn: boolean }) =>
      api<BackOfficeBooking>(`/host/bookings/${encodeURIComponent(id)}/check-in`, {
        method: 'POST',
        body: { checkedIn },
      }),
    onSuccess: (booking) => queryClient.setQueryData([...bookingsRoot, 'one', booking.id], booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...bookingsRoot, 'list'] }),
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
