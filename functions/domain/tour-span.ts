/**
 * The arithmetic of a tour's time (DESIGN §4j): a tour starts at a Tokyo date and time, lasts `durationMinutes`
 * and keeps the guide busy `bufferMinutes` more. Starts, durations and buffers are whole quarter hours, so the time
 * a tour holds is a run of quarter hours, which is what capacity is counted in (one counter per quarter hour of the
 * experience's calendar). Tokyo has no daylight saving: a Tokyo day is always 1,440 minutes, and wall-clock
 * arithmetic is exact. Pure: no clock, no zone of the machine.
 */
import { addDays } from './calendar';

export const QUARTER_MINUTES = 15;
export const DAY_MINUTES = 24 * 60;
/** A tour's length: at least a quarter hour, at most a day, in quarter hours. */
export const MIN_DURATION_MINUTES = 15;
export const MAX_DURATION_MINUTES = DAY_MINUTES;
/** Experiences and bookings from before tours had a length last an hour (the slot of old). */
export const DEFAULT_DURATION_MINUTES = 60;
/** The guide's time to reset or travel after a tour: 0 to 4 hours, in quarter hours. */
export const MAX_BUFFER_MINUTES = 240;
/**
 * Days after its start day that a tour and its buffer can reach: 24 h + 4 h from 23:45 ends at 03:45 two days
 * later. Reads of the time held around a date range extend this far.
 */
export const TOUR_DAYS_AFTER_START = 2;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes since midnight of an `HH:mm` time. */
export function minutesOfTime(time: string): number {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`Not an HH:mm time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The `HH:mm` of a minute of the day (taken modulo a day, so 1,500 is 01:00). */
export function timeOfMinutes(minutes: number): string {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

export const isQuarterHour = (time: string): boolean =>
  TIME.test(time) && minutesOfTime(time) % QUARTER_MINUTES === 0;

export const isValidDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) &&
  minutes >= MIN_DURATION_MINUTES &&
  minutes <= MAX_DURATION_MINUTES &&
  minutes % QUARTER_MINUTES === 0;

export const isValidBuffer = (minutes: number): boolean =>
  Number.isInteger(minutes) &&
  minutes >= 0 &&
  minutes <= MAX_BUFFER_MINUTES &&
  minutes % QUARTER_MINUTES === 0;

/** What decides the time a tour holds: where it starts, how long it lasts, the buffer after it. */
export interface TourTiming {
  /** Tokyo date of the start, `yyyy-MM-dd`. */
  date: string;
  /** Tokyo start time, `HH:mm` on a quarter hour. */
  time: string;
  durationMinutes: number;
  bufferMinutes?: number;
}

/** A booking's length: its own, or the hour every booking had before tours had a length. */
export const durationOf = (x: { durationMinutes?: number | null }): number =>
  x.durationMinutes ?? DEFAULT_DURATION_MINUTES;
export const bufferOf = (x: { bufferMinutes?: number | null }): number => x.bufferMinutes ?? 0;

/** The quarter hours of one Tokyo date that a tour holds (`HH:mm` of each quarter's start, in order). */
export interface DayQuarters {
  date: string;
  quarters: string[];
}

/**
 * The quarter hours `[start, start + duration + buffer)` covers, grouped by Tokyo date: one date for most tours,
 * two for a tour (or its buffer) crossing midnight, three at most (a 24-hour tour with a 4-hour buffer starting
 * late in the evening).
 */
export function heldQuarters(tour: TourTiming): DayQuarters[] {
  const start = minutesOfTime(tour.time);
  const length = tour.durationMinutes + (tour.bufferMinutes ?? 0);
  if (start % QUARTER_MINUTES !== 0 || length % QUARTER_MINUTES !== 0 || length <= 0) {
    throw new RangeError(`A tour holds whole quarter hours: ${tour.time} for ${length} minutes`);
  }
  const days: DayQuarters[] = [];
  for (let m = start; m < start + length; m += QUARTER_MINUTES) {
    const dayOffset = Math.floor(m / DAY_MINUTES);
    const date = addDays(tour.date, dayOffset);
    let day = days.at(-1);
    if (!day || day.date !== date) {
      day = { date, quarters: [] };
      days.push(day);
    }
    day.quarters.push(timeOfMinutes(m));
  }
  return days;
}

/** Where a tour ends: the Tokyo date and time of `start + duration` (the buffer is the guide's, not the guest's). */
export function tourEndOf(tour: Omit<TourTiming, 'bufferMinutes'>): { date: string; time: string } {
  const end = minutesOfTime(tour.time) + tour.durationMinutes;
  return { date: addDays(tour.date, Math.floor(end / DAY_MINUTES)), time: timeOfMinutes(end) };
}

/** Days after the start day on which the tour ends (0 the same day, 1 the next …). */
export function endDayOffset(time: string, durationMinutes: number): number {
  return Math.floor((minutesOfTime(time) + durationMinutes) / DAY_MINUTES);
}

/**
 * The span as people read it: `08:00–16:00`, and `22:00–01:00 (+1)` when it ends on a later day (the airline
 * timetable's mark, understood in every language of the site).
 */
export function formatSpan(time: string, durationMinutes: number): string {
  const offset = endDayOffset(time, durationMinutes);
  const end = timeOfMinutes(minutesOfTime(time) + durationMinutes);
  return `${time}–${end}${offset > 0 ? ` (+${offset})` : ''}`;
}

export type DurationLanguage = 'en' | 'ja' | 'zh-Hant' | 'ko';

/** A length in words: `8 hours`, `3 h 30 min`; `8時間`, `3時間30分`; `8小時`, `3小時30分鐘`; `8시간`, `3시간 30분`. */
export function formatDuration(minutes: number, language: DurationLanguage): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  switch (language) {
    case 'ja':
      return `${h > 0 ? `${h}時間` : ''}${m > 0 ? `${m}分` : ''}`;
    case 'zh-Hant':
      return `${h > 0 ? `${h}小時` : ''}${m > 0 ? `${m}分鐘` : ''}`;
    case 'ko':
      return [h > 0 ? `${h}시간` : '', m > 0 ? `${m}분` : ''].filter(Boolean).join(' ');
    default:
      if (m === 0) return `${h} hour${h === 1 ? '' : 's'}`;
      return h > 0 ? `${h} h ${m} min` : `${m} min`;
  }
}

/** ISO 8601 duration (schema.org's `duration`): `PT8H`, `PT3H30M`, `PT45M`. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h > 0 ? `${h}H` : ''}${m > 0 || h === 0 ? `${m}M` : ''}`;
}
