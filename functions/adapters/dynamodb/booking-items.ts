/**
 * A booking as a table item and back (issue 33 split `booking-repository.ts` by job): the one builder every write of
 * a new booking uses (`bookingItem`, also the bulk seed's), the index keys a booking carries by status (its lists,
 * its deadline, the jobs' "work due" key) and the dashboard counters a new request adds to.
 */
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
import type { Booking, BookingStatus } from '../../domain/entities';
import { firstReviewMailOn } from '../../domain/reviews';
import { tourStart } from '../../domain/tour-schedule';
import { bumpCounter } from './counter-repository';
import { fromItem, toItem, type Item } from './items';
import { counters, itemTypes, keys } from './keys';
import type { MergedList } from './merged-newest';
import type { TransactItem } from './transactions';

/** How a transition changes the booking's place in the lists (see `bookingItem`). */
export type ListingChange = 'listed' | 'unlisted' | { becomesListed: Booking };

/** The list index keys of a booking (host's, all, by status, by month, host's by tour date, guest's e-mail). */
export function listingKeys(booking: Booking): Item {
  const tokyoMonth = monthInZone(new Date(booking.createdAt), TOKYO_TIME_ZONE);
  return keys.bookingIndexes({ ...booking, tokyoMonth });
}

/**
 * Every request newest first, or those of one status (the admin list, the dashboard's pending count): the list's
 * shards and its single key of before them (issue 33), read merged by sort key (`merged-newest.ts`).
 */
export const bookingList = (status?: BookingStatus): MergedList =>
  status
    ? {
        index: 'GSI3',
        name: keys.bookingsByStatusUnsharded(status),
        partitions: keys.bookingsByStatusPartitions(status),
      }
    : { index: 'GSI2', name: keys.allBookingsUnsharded, partitions: keys.allBookingsPartitions() };

/** The requests created in a Tokyo month (`yyyy-MM`), newest first: its shards and its old single key, merged. */
export const bookingMonthList = (tokyoMonth: string): MergedList => ({
  index: 'GSI4',
  name: keys.bookingsByMonthUnsharded(tokyoMonth),
  partitions: keys.bookingsByMonthPartitions(tokyoMonth),
});

/**
 * The jobs' "work due" keys (GSI8, issue 33): an approved booking under its tour start (completion, reminders,
 * hosts' lists), a completed one under the day its review invitation falls due; none in any other status, so the
 * index holds only bookings a job still owes work. The invitation job moves or removes the review key as it goes.
 */
export function dueWorkKeys(booking: Pick<Booking, 'id' | 'status' | 'date' | 'time'>): Item {
  if (booking.status === 'approved') return keys.tourDue(tourStart(booking).toISOString(), booking.id);
  if (booking.status === 'completed') return keys.reviewMailDue(firstReviewMailOn(booking.date), booking.id);
  return {};
}

/**
 * The stored booking, as every write of a new booking builds it (also the bulk seed's). A hold
 * (`awaiting_payment`) is reachable by id, reference, payment intent and deadline only; it enters the lists and the
 * counters when it becomes a request (`pending`), so abandoned holds and declined cards never show in a back office
 * or inflate a dashboard. A booking stored in another status (tests, seeds) is listed at once.
 */
export function bookingItem(booking: Booking): Item {
  return toItem(booking, {
    ...keys.booking(booking.id),
    type: itemTypes.booking,
    ...(booking.status === 'awaiting_payment' ? {} : listingKeys(booking)),
    ...(booking.deadline ? keys.bookingDeadline(booking.deadline, booking.id) : {}),
    ...dueWorkKeys(booking),
  });
}

/** The dashboard counters a new request adds to: all, this month's, the host's, the host's this month. */
export function requestCounterBumps(tableName: string, booking: Booking): TransactItem[] {
  const tokyoMonth = monthInZone(new Date(booking.createdAt), TOKYO_TIME_ZONE);
  return [
    bumpCounter(tableName, counters.bookings),
    bumpCounter(tableName, counters.bookingsInMonth(tokyoMonth)),
    bumpCounter(tableName, counters.hostBookings(booking.hostId)),
    bumpCounter(tableName, counters.hostBookingsInMonth(booking.hostId, tokyoMonth)),
  ];
}

/**
 * A stored booking as the entity. Bookings stored before a field existed read with its neutral value (the data a
 * developer keeps under .local/ across versions).
 */
export function bookingFromItem(item: Item): Booking {
  const booking = fromItem<Booking>(item);
  return {
    ...booking,
    guestLocale: booking.guestLocale ?? 'en',
    experienceTitle: booking.experienceTitle ?? '',
    decidedBy: booking.decidedBy ?? null,
    decidedAt: booking.decidedAt ?? null,
    reminderSentAt: booking.reminderSentAt ?? null,
  };
}
