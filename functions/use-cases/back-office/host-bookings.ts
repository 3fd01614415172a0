/**
 * The host's requests (back-office spec §2 "Booking list", the dashboard). A bare
 * hold (a guest still entering their card) is not a request: it is in no list and answers 404 by id.
 */
import { TOKYO_TIME_ZONE, dateInZone, monthInZone } from '../../domain/calendar';
import {
  backOfficeBooking,
  type HostDashboardView,
  type BackOfficeBooking,
} from '../../domain/back-office-views';
import type { Booking, Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import type { HostBookingsQuery } from '../../domain/schemas/host-api';
import type { BookingRepository, CounterRepository, Page } from '../ports';
import { bookingDecisionMessages } from './booking-decisions';

/** The dashboard's latest requests (back-office spec §9). */
export const DASHBOARD_LATEST = 5;
/** A tour-date range answers at most this many requests (newest first), without a cursor. */
export const MAX_DATE_RANGE_BOOKINGS = 1000;

/** 409 of the check-in tick on a booking that is not (or no longer) approved. */
export const CHECK_IN_NOT_APPROVED_MESSAGE = '承認済みの予約だけチェックインできます。';

const FAR_PAST = '0000-01-01';
const FAR_FUTURE = '9999-12-31';

const newestFirst = (a: Booking, b: Booking) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export interface HostBookingsDeps {
  bookings: BookingRepository;
  counters: CounterRepository;
  clock: () => Date;
}

export function makeHostBookings(deps: HostBookingsDeps) {
  return {
    /**
     * Newest first. Without dates, page by page (`cursor`); with a tour-date range (the day view's manifest),
     * every request of the range at once (at most MAX_DATE_RANGE_BOOKINGS).
     */
    async list(hostId: string, query: HostBookingsQuery): Promise<Page<BackOfficeBooking>> {
      const filter = {
        ...(query.status ? { status: query.status } : {}),
        ...(query.experienceId ? { experienceId: query.experienceId } : {}),
      };
      if (query.from === undefined && query.to === undefined) {
        const page = await deps.bookings.listByHost(hostId, {
          ...filter,
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        });
        return { ...page, items: page.items.map(backOfficeBooking) };
      }
      const items = await deps.bookings.listByHostTourDates(
        hostId,
        query.from ?? FAR_PAST,
        query.to ?? FAR_FUTURE,
        { ...filter, limit: MAX_DATE_RANGE_BOOKINGS },
      );
      return { items: items.sort(newestFirst).map(backOfficeBooking) };
    },

    async get(hostId: string, bookingId: string): Promise<BackOfficeBooking> {
      const booking = await deps.bookings.get(bookingId);
      if (!booking || booking.hostId !== hostId || booking.status === 'awaiting_payment') {
        throw new DomainError('not_found', bookingDecisionMessages.notFound);
      }
      return backOfficeBooking(booking);
    },

    /**
     * The manifest's check-in tick: an approved (or, after the tour, completed) booking of the host. Another host's
     * booking, a hold or an unknown id is not found; a request not approved cannot be checked in.
     */
    async checkIn(hostId: string, bookingId: string, checkedIn: boolean): Promise<BackOfficeBooking> {
      await this.get(hostId, bookingId);
      const now = deps.clock();
      try {
        return backOfficeBooking(
          await deps.bookings.setCheckIn(bookingId, hostId, checkedIn ? now.toISOString() : null, now),
        );
      } catch (e) {
        if (e instanceof DomainError && e.code === 'state_conflict') {
          throw new DomainError('state_conflict', CHECK_IN_NOT_APPROVED_MESSAGE);
        }
        if (e instanceof DomainError && e.code === 'not_found') {
          throw new DomainError('not_found', bookingDecisionMessages.notFound);
        }
        throw e;
      }
    },

    async dashboard(host: Host): Promise<HostDashboardView> {
      const now = deps.clock();
      const today = dateInZone(now, TOKYO_TIME_ZONE);
      const [counts, latest, coming] = await Promise.all([
        deps.counters.hostDashboard(host.id, monthInZone(now, TOKYO_TIME_ZONE)),
        deps.bookings.listByHost(host.id, { limit: DASHBOARD_LATEST }),
        // Every pending request is for a day at least three days after it was made, so today onwards has them all.
        deps.bookings.listByHostTourDates(host.id, today, FAR_FUTURE),
      ]);
      const pending = coming.filter((b) => b.status === 'pending');
      const nearest = pending
        .filter((b): b is Booking & { deadline: string } => b.deadline !== null)
        .sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline))[0];
      return {
        email: host.email,
        latestBookings: latest.items.map(backOfficeBooking),
        counts: {
          thisMonth: counts.bookingsThisMonth,
          pending: pending.length,
          upcoming: coming.filter((b) => b.status === 'approved').length,
        },
        nearestDeadline: nearest
          ? { bookingId: nearest.id, reference: nearest.reference, deadline: nearest.deadline }
          : null,
      };
    },
  };
}

export type HostBookings = ReturnType<typeof makeHostBookings>;
