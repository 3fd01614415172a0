/**
 * Calendar arithmetic in a named time zone. Nothing here reads the clock: `now` is always an argument, and the
 * zone is too (the marketplace passes `TOKYO_TIME_ZONE`), so results do not depend on the machine's zone.
 */
import { TOKYO_FIXED_SINCE, tokyoWallClock } from './tokyo-clock';

export const TOKYO_TIME_ZONE = 'Asia/Tokyo';

export interface ZonedParts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  // Tokyo from 1952 on needs no formatter (`tokyo-clock.ts`; the experience page's early availability request made
  // one on every visit).
  if (timeZone === TOKYO_TIME_ZONE && instant.getTime() >= TOKYO_FIXED_SINCE) {
    const wall = tokyoWallClock(instant);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      weekday: wall.getUTCDay(),
    };
  }
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? 'Sun'] ?? 0,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd` of an instant in a zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** `yyyy-MM` of an instant in a zone (the month counters of the dashboards). */
export function monthInZone(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad2(p.month)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar dates (`yyyy-MM-dd`) as plain values.
//
// A calendar date has no zone: arithmetic on it happens in UTC milliseconds only because UTC has no daylight
// saving, so "add one day" is always 86,400,000 ms and the machine's zone can never leak in.
// ---------------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A closed range of calendar dates, `from` ≤ `to`. */
export interface DateRange {
  from: string;
  to: string;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** Milliseconds of the date's midnight in UTC; `setUTCFullYear` keeps years 0–99 from becoming 19xx. */
function utcMidnight(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function formatUtcDate(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `true` for a real calendar date in `yyyy-MM-dd` form (rejects `2026-02-30`, `2026-13-01`). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

/** The date `days` later (negative: earlier). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return formatUtcDate(utcMidnight(year, month, day) + days * DAY_MS);
}

/** Weekday of a calendar date, 0 = Sunday … 6 = Saturday (the same index as `weekdays` in entities.ts). */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(utcMidnight(year, month, day)).getUTCDay();
}

const WEEKDAY_NAMES = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  'zh-Hant': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
  ko: ['일', '월', '화', '수', '목', '금', '토'],
} as const;

/**
 * A booking date as every page and mail shows it, with its weekday: `2025-05-01 (Thu)` / `2025年5月1日（木）`.
 * The weekday is the calendar date's own (Tokyo's), never one shifted by the reader's zone.
 */
export function formatBookingDate(date: string, language: 'en' | 'ja' | 'zh-Hant' | 'ko'): string {
  const { year, month, day } = parseDate(date);
  const weekday = WEEKDAY_NAMES[language][weekdayOf(date)];
  if (language === 'ja') return `${year}年${month}月${day}日（${weekday}）`;
  if (language === 'zh-Hant') return `${year}年${month}月${day}日（${weekday}）`;
  if (language === 'ko') return `${year}년 ${month}월 ${day}일 (${weekday})`;
  return `${date} (${weekday})`;
}

/** Negative when `a` is earlier, 0 when equal, positive when later. Valid `yyyy-MM-dd` strings sort as text. */
export function compareDates(a: string, b: string): number {
  parseDate(a);
  parseDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((utcMidnight(b.year, b.month, b.day) - utcMidnight(a.year, a.month, a.day)) / DAY_MS);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  const dates: string[] = [];
  for (let i = 0; i < count; i++) dates.push(addDays(from, i));
  return dates;
}

/** The last date of the month `months` after the month of `date` (Aug 31 + 6 → the end of February). */
export function endOfMonthAfter(date: string, months: number): string {
  const { year, month } = parseDate(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(daysInMonth(y, m))}`;
}

/** Today's calendar date in a zone. */
export function todayInZone(now: Date, timeZone: string): string {
  return dateInZone(now, timeZone);
}

/** Today's calendar date of the marketplace. */
export function todayInTokyo(now: Date): string {
  return dateInZone(now, TOKYO_TIME_ZONE);
}

// ---------------------------------------------------------------------------------------------------------------
// The bookable window (guest spec §5 and §9, DESIGN §3).
// ---------------------------------------------------------------------------------------------------------------

/** The earliest bookable date is today plus this many days (Tokyo calendar). */
export const BOOKING_LEAD_DAYS = 3;
/**
 * The latest bookable date is this many days after today (DESIGN §4g), not the specification's end of the month six
 * months ahead: a booking's charge reaches the host's Stripe balance
 * when it is captured (at the latest, the day of the request: approval comes within 48 hours), and Stripe lets a
 * platform keep funds there before paying them out for about 90 days in Japan. The payout comes 48 hours after the
 * tour's end (an overnight tour ends the next day) at the next daily run: 85 days ahead leaves a day to spare.
 */
export const BOOKING_HORIZON_DAYS = 85;

/**
 * `[today + 3 days, today + 85 days]`, with "today" taken in `timeZone` (Tokyo for the marketplace), so a guest in
 * New York and one in Matsuyama see the same days. The specification's six months are cut to what Stripe lets a
 * platform hold before paying out (README, Paying hosts).
 */
export function bookableWindow(now: Date, timeZone: string = TOKYO_TIME_ZONE): DateRange {
  const today = todayInZone(now, timeZone);
  return { from: addDays(today, BOOKING_LEAD_DAYS), to: addDays(today, BOOKING_HORIZON_DAYS) };
}

/** `true` when `date` lies inside the range (both ends included). */
export function isDateInRange(date: string, range: DateRange): boolean {
  return compareDates(date, range.from) >= 0 && compareDates(date, range.to) <= 0;
}

/** The part of `range` inside `window`, or `null` when they do not overlap (or `range` is reversed). */
export function clipRange(range: DateRange, window: DateRange): DateRange | null {
  const from = compareDates(range.from, window.from) > 0 ? range.from : window.from;
  const to = compareDates(range.to, window.to) < 0 ? range.to : window.to;
  return compareDates(from, to) <= 0 ? { from, to } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Wall-clock times ↔ instants.
// ---------------------------------------------------------------------------------------------------------------

/** The zone's offset from UTC at an instant, in minutes (Tokyo: +540). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const t = instant.getTime();
  const wholeMinute = t - (((t % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const p = zonedParts(instant, timeZone);
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, 0, 0);
  return Math.round((d.getTime() - wholeMinute) / MINUTE_MS);
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time` (`HH:mm`). Used for deadlines and for
 * "the experience has taken place". Tokyo has no daylight saving; for zones that do, an ambiguous autumn time
 * resolves to its first occurrence and a time inside a spring-forward gap moves forward by the gap's length
 * (02:30 → 03:30), as Temporal's "compatible" disambiguation does.
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const m = TIME_PATTERN.exec(time);
  if (!m) throw new RangeError(`Not an HH:mm time: ${time}`);
  const wanted = `${date}T${time}`;
  const asUtc = utcMidnight(year, month, day) + (Number(m[1]) * 60 + Number(m[2])) * MINUTE_MS;
  // Offsets change at most once within a day either side, so the offsets a day before and a day after are the
  // only candidates; keep those whose instant really shows the wanted wall clock.
  const before = zoneOffsetMinutes(new Date(asUtc - DAY_MS), timeZone);
  const after = zoneOffsetMinutes(new Date(asUtc + DAY_MS), timeZone);
  const matches = [before, after]
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((t) => dateTimeInZone(new Date(t), timeZone) === wanted)
    .sort((a, b) => a - b);
  // No match: the time falls into a gap; the offset in force before the gap pushes it past the gap.
  return new Date(matches[0] ?? asUtc - before * MINUTE_MS);
}

/** `yyyy-MM-ddTHH:mm` of an instant in a zone. */
export function dateTimeInZone(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** The instant of a Tokyo date and time, e.g. the start of a booked slot. */
export function tokyoDateTimeToInstant(date: string, time: string): Date {
  return zonedDateTimeToInstant(date, time, TOKYO_TIME_ZONE);
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * MINUTE_MS);
}

export function addHours(instant: Date, hours: number): Date {
  return addMinutes(instant, hours * 60);
}

// ---------------------------------------------------------------------------------------------------------------
// Deadlines (DESIGN §3).
// ---------------------------------------------------------------------------------------------------------------

/** An unpaid hold on a slot lapses after this long. */
export const HOLD_MINUTES = 15;
/** A request the host has not answered expires after this long (the FAQ's "2 working days", kept at 48 h). */
export const HOST_DECISION_HOURS = 48;
/** The host is reminded once of a request they have not answered when this many hours are left. */
export const HOST_REMINDER_HOURS = 12;

/** When a slot held for an unpaid booking is released. */
export function holdExpiry(now: Date): Date {
  return addMinutes(now, HOLD_MINUTES);
}

/** When an authorised request the host has not approved or denied expires. */
export function hostDecisionDeadline(now: Date): Date {
  return addHours(now, HOST_DECISION_HOURS);
}

/** The calendar year in Tokyo at `now` (the footer's copyright year: a New Year's Eve in London is already it). */
export function yearInTokyo(now: Date): number {
  return Number(todayInTokyo(now).slice(0, 4));
}
