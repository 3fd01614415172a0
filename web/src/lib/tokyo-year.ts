/**
 * The current year in Tokyo (the footer's ©), for the shell. The domain's `yearInTokyo` (`@domain/calendar`) gives
 * the same answer, but importing it puts the whole calendar module (every calendar rule the booking pages use)
 * into the shell every page loads (issue 34: the home's initial JS). Nor does this use `Intl`: a page's first
 * `Intl` formatter loads the browser's ICU data (about 25 ms on this machine's CPU, 100 ms at a phone's), and the
 * shell made one while it was evaluated, the longest task of every page (issue 34). Tokyo's wall clock from 1952 on
 * is UTC + 9 h (`@domain/tokyo-clock`); `test/unit/web/tokyo-year.test.ts` holds it to the zone rules (`Intl`)
 * around New Year.
 */
import { tokyoWallClock } from '@domain/tokyo-clock';

export function tokyoYear(now: Date): number {
  return tokyoWallClock(now).getUTCFullYear();
}
