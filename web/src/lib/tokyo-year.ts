/**
 * The current year in Tokyo (the footer's ©), for the shell. The domain's `yearInTokyo` (`@domain/calendar`) gives
 * the same answer, but importing it puts the whole calendar module (every calendar rule the booking pages use)
 * into the shell every page loads (issue 34: the home's initial JS); this is one `Intl` call.
 */
const TOKYO_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' });

export function tokyoYear(now: Date): number {
  return Number(TOKYO_YEAR.format(now));
}
