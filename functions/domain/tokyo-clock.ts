/**
 * Tokyo's wall clock without a formatter (issue 34). Tokyo has kept UTC+9 without daylight saving time since 1951,
 * so from 1952 on its wall clock is the UTC clock nine hours on: no `Intl` formatter, whose first use in a browser
 * loads its ICU data (about 100 ms on a phone). Apart from the calendar (`calendar.ts`, whose `zonedParts` uses it
 * and asks the zone's formatter before 1952), so the guest site's shell, which writes the footer's year on every
 * page, carries only this.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** From this instant on, Tokyo's wall clock is `tokyoWallClock`'s (before it: Tokyo's daylight saving time of 1948–51). */
export const TOKYO_FIXED_SINCE = Date.UTC(1952, 0, 1);

/** A date whose UTC fields are Tokyo's wall clock at `instant` (from `TOKYO_FIXED_SINCE` on). */
export function tokyoWallClock(instant: Date): Date {
  return new Date(instant.getTime() + TOKYO_OFFSET_MS);
}
