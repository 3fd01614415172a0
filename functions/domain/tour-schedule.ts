/**
 * When an approved booking's tour takes place, and what the scheduled jobs owe it (DESIGN §4c): completion after
 * the slot's end, the guest's reminder about 24 hours before the start, the host's list of tomorrow's tours in the
 * evening before. Pure: every function takes `now`; every date and time is Tokyo's.
 */
import {
  TOKYO_TIME_ZONE,
  addDays,
  addHours,
  addMinutes,
  todayInTokyo,
  tokyoDateTimeToInstant,
  zonedParts,
} from './calendar';
import type { Booking } from './entities';
import { durationOf } from './tour-span';

/** The guest is reminded once this many hours (or fewer, when approved later) before the start. */
export const GUEST_REMINDER_HOURS = 24;
/** From this Tokyo hour on, the host gets the list of the next day's tours (once per host and day). */
export const HOST_DAY_LIST_HOUR = 17;

/** A booking's tour: its start and its own length (absent on bookings from before tours had one: an hour). */
export type TourTimes = Pick<Booking, 'date' | 'time' | 'durationMinutes'>;

export function tourStart(booking: TourTimes): Date {
  return tokyoDateTimeToInstant(booking.date, booking.time);
}

/** The start plus the tour's own length (DESIGN §4j): the calendar entry, completion and payouts follow it. */
export function tourEnd(booking: TourTimes): Date {
  return addMinutes(tourStart(booking), durationOf(booking));
}

/** An approved booking whose tour has ended: the completion job moves it to `completed`. */
export function isDueForCompletion(
  booking: Pick<Booking, 'status' | 'date' | 'time' | 'durationMinutes'>,
  now: Date,
): boolean {
  return booking.status === 'approved' && tourEnd(booking).getTime() <= now.getTime();
}

/** An approved booking whose tour starts within the next 24 hours (and has not started). */
export function isDueForGuestReminder(
  booking: Pick<Booking, 'status' | 'date' | 'time'>,
  now: Date,
): boolean {
  if (booking.status !== 'approved') return false;
  const start = tourStart(booking);
  return now.getTime() < start.getTime() && addHours(now, GUEST_REMINDER_HOURS).getTime() >= start.getTime();
}

/** The Tokyo date whose tours the hosts are told about now: tomorrow from 17:00 Tokyo on, else none yet. */
export function hostDayListDate(now: Date): string | null {
  if (zonedParts(now, TOKYO_TIME_ZONE).hour < HOST_DAY_LIST_HOUR) return null;
  return addDays(todayInTokyo(now), 1);
}

/** Tomorrow's approved tours grouped by host, each host's in time order. */
export function toursByHost<B extends Pick<Booking, 'status' | 'date' | 'time' | 'hostId'>>(
  bookings: readonly B[],
  date: string,
): Map<string, B[]> {
  const byHost = new Map<string, B[]>();
  const ofDay = bookings
    .filter((b) => b.status === 'approved' && b.date === date)
    .sort((a, b) => a.time.localeCompare(b.time));
  for (const booking of ofDay) {
    byHost.set(booking.hostId, [...(byHost.get(booking.hostId) ?? []), booking]);
  }
  return byHost;
}
