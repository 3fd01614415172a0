/**
 * Japan's national holidays (国民の祝日, with substitute and citizens' holidays), from `@holiday-jp/holiday_jp`, a
 * maintained data package that ships the cabinet office's calendar (and computes future years by its rules).
 *
 * Only the years a bookable window can reach are imported, one small module per year (about 2.3 kB minified each),
 * instead of the package's whole 1970–2050 table (230 kB unminified): the window never reaches further than seven
 * months ahead, and every Lambda bundle (limit 250 KB) and the SPA carry this module. A unit test fails when next
 * year is no longer covered, so the range is extended (one import per year) before a date outside it is bookable.
 */
import y2025 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2025';
import y2026 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2026';
import y2027 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2027';
import y2028 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2028';
import y2029 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2029';
import y2030 from '@holiday-jp/holiday_jp/lib/holidays_every_year/2030';

type YearTable = Record<string, { date: string; name: string; name_en: string }>;

const tables: Record<number, YearTable> = {
  2025: y2025,
  2026: y2026,
  2027: y2027,
  2028: y2028,
  2029: y2029,
  2030: y2030,
};

/** The years whose holidays are known here (inclusive). */
export const NATIONAL_HOLIDAY_YEARS = { first: 2025, last: 2030 } as const;

/** The holiday on a Tokyo calendar date (`yyyy-MM-dd`), or null. */
export function nationalHoliday(date: string): { name: string; nameEn: string } | null {
  const table = tables[Number(date.slice(0, 4))];
  const entry = table && Object.hasOwn(table, date) ? table[date] : undefined;
  return entry ? { name: entry.name, nameEn: entry.name_en } : null;
}

export const isNationalHoliday = (date: string): boolean => nationalHoliday(date) !== null;
