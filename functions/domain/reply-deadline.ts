/**
 * The concierge's reply deadline (DESIGN §4h, issue 31): "the concierge replies within 1 working day".
 *
 * Business days are Monday to Friday that are not a national holiday of Japan (`national-holidays.ts`, from
 * `@holiday-jp/holiday_jp`, substitute and citizens' holidays included); reception is open 10:30–18:00 Asia/Tokyo.
 *
 * - A message received inside reception hours on a business day (10:30 ≤ time < 18:00) is due at the same Tokyo
 *   clock time on the next business day: 17:55 on a Friday before a holiday Monday → Tuesday 17:55.
 * - A message received outside reception (before 10:30, at or after 18:00, or on a weekend or holiday) counts as
 *   received at the next reception opening (10:30 of the next business day, which is the same day before 10:30 on
 *   a business day) and is due one business day after that, at 10:30: 19:00 on a Friday counts as Monday 10:30 and
 *   is due Tuesday 10:30; 09:00 on a Wednesday counts as Wednesday 10:30 and is due Thursday 10:30.
 *
 * The year-end break (12/29–1/3) many Japanese offices take is NOT treated as closed: only 1 January is a national
 * holiday. Pure: no clock, no environment; Tokyo has no daylight saving, so a Tokyo day is always 24 hours and the
 * result does not depend on the machine's zone (`unit-new-york` reruns these tests under America/New_York).
 */
import {
  addDays,
  dateInZone,
  tokyoDateTimeToInstant,
  TOKYO_TIME_ZONE,
  weekdayOf,
  zonedParts,
} from './calendar';
import { isNationalHoliday } from './national-holidays';

/** Reception hours of the concierge desk, Tokyo time (minutes after midnight). */
export const RECEPTION_OPENS = { hour: 10, minute: 30 } as const;
export const RECEPTION_CLOSES = { hour: 18, minute: 0 } as const;

const minutesOf = (t: { hour: number; minute: number }) => t.hour * 60 + t.minute;
const OPENS_AT = '10:30';

/** A Tokyo calendar date (`yyyy-MM-dd`) on which the desk works: Monday–Friday and not a national holiday. */
export function isBusinessDay(date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday >= 1 && weekday <= 5 && !isNationalHoliday(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string): string {
  let next = addDays(date, 1);
  // At most a week or so (Golden Week is the longest run of holidays); the bound only guards a broken table.
  for (let i = 0; i < 30 && !isBusinessDay(next); i++) next = addDays(next, 1);
  return next;
}

/** When a message received at `askedAt` must be answered (see the file's comment for the rule). */
export function replyDueAt(askedAt: Date): Date {
  const date = dateInZone(askedAt, TOKYO_TIME_ZONE);
  const parts = zonedParts(askedAt, TOKYO_TIME_ZONE);
  const minute = parts.hour * 60 + parts.minute;
  const open = isBusinessDay(date);
  if (open && minute >= minutesOf(RECEPTION_OPENS) && minute < minutesOf(RECEPTION_CLOSES)) {
    // Same clock time (seconds included) on the next business day: whole Tokyo days later.
    const dayMs = tokyoDateTimeToInstant(nextBusinessDay(date), '00:00').getTime();
    const startOfDay = tokyoDateTimeToInstant(date, '00:00').getTime();
    return new Date(askedAt.getTime() + (dayMs - startOfDay));
  }
  const receivedOn = open && minute < minutesOf(RECEPTION_OPENS) ? date : nextBusinessDay(date);
  return tokyoDateTimeToInstant(nextBusinessDay(receivedOn), OPENS_AT);
}
