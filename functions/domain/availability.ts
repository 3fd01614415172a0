/**
 * Availability is a weekly rule, not a stored map (DESIGN §3, §4j): the start times of any date are derived from
 * the rule and the tour's length (a start is offered when its tour ends by closing), then the stored state decides
 * which of them can still be booked: the host's overrides of a start (closed, another capacity), a closed day, and
 * how many tours already hold each quarter hour of the calendar (the time a tour holds is its length plus the
 * guide's buffer). Dates are Tokyo calendar dates (`yyyy-MM-dd`); times are starts (`HH:mm`, quarter hours).
 */
import { addDays, clipRange, datesBetween, weekdayOf, type DateRange } from './calendar';
import { weekdays, type AvailabilityRule, type SlotState, type Weekday } from './entities';
import { isNationalHoliday } from './national-holidays';
import {
  DAY_MINUTES,
  DEFAULT_DURATION_MINUTES,
  bufferOf,
  durationOf,
  formatDuration,
  heldQuarters,
  minutesOfTime,
  timeOfMinutes,
  type TourTiming,
} from './tour-span';

/** The rule a new experience starts with (back-office spec §2: 08:00–19:00, capacity 1, no holidays). */
export const defaultAvailabilityRule: AvailabilityRule = {
  defaultHours: { start: '08:00', end: '19:00' },
  allDay: false,
  regularHolidays: [],
  capacity: 1,
};

/** The hours the 24-hour option stands for. */
export const ALL_DAY_HOURS = { start: '00:00', end: '23:59' } as const;

/** Host editor warnings (back-office spec §2), shown as they are. */
export const HOLIDAY_OVERLAP_MESSAGE = '定休日と重複しています';
export const NO_BUSINESS_DAYS_MESSAGE = '営業日が設定されていません';

/** Single-character Japanese weekday labels for the regular-holiday picker, indexed like `weekdays`. */
export const weekdayLabelsJa: Record<Weekday, string> = {
  sunday: '日',
  monday: '月',
  tuesday: '火',
  wednesday: '水',
  thursday: '木',
  friday: '金',
  saturday: '土',
};

const pad2 = (n: number) => String(n).padStart(2, '0');
const hourLabel = (h: number) => `${pad2(h)}:00`;

/** Start options of the opening-hours selector: 00:00 … 23:00. */
export const hourStartOptions: readonly string[] = Array.from({ length: 24 }, (_, h) => hourLabel(h));
/** End options: the start options plus 23:59, "through the end of the day". */
export const hourEndOptions: readonly string[] = [...hourStartOptions, '23:59'];

/** Parses an `HH:00` / `23:59` bound into minutes of the day; `23:59` counts as 1,440 (the end of the day). */
function boundMinutes(bound: string): number {
  if (bound === '23:59') return DAY_MINUTES;
  const m = /^([01]\d|2[0-3]):00$/.exec(bound);
  if (!m) throw new RangeError(`Not an opening-hours bound: ${bound}`);
  return Number(m[1]) * 60;
}

/** Minutes relative to a day's midnight: `[from, to)`; an overnight range ends after 1,440. */
interface Interval {
  from: number;
  to: number;
}

/** The opening time of one open day, relative to its own midnight (null when the hours are empty). */
function dayInterval(rule: AvailabilityRule): Interval | null {
  const { start, end } = rule.allDay ? ALL_DAY_HOURS : rule.defaultHours;
  const s = boundMinutes(start);
  const e = boundMinutes(end);
  if (s < e) return { from: s, to: e };
  if (s > e) return { from: s, to: DAY_MINUTES + e };
  return null;
}

/**
 * The open time around `date`, relative to its midnight: the ranges of the day before, the day and the day after
 * (each only when that day is open), joined where one ends as the next begins (24-hour days in a row are one long
 * opening). A tour of at most a day that starts on `date` lies within these three days.
 */
function openTimeAround(rule: AvailabilityRule, date: string): Interval[] {
  const own = dayInterval(rule);
  if (!own) return [];
  const ranges: Interval[] = [];
  for (const offset of [-1, 0, 1]) {
    if (isClosedDay(rule, addDays(date, offset))) continue;
    ranges.push({ from: own.from + offset * DAY_MINUTES, to: own.to + offset * DAY_MINUTES });
  }
  const joined: Interval[] = [];
  for (const range of ranges) {
    const last = joined.at(-1);
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else joined.push({ ...range });
  }
  return joined;
}

/** The hourly starts a rule without start times of its own offers: every hour, kept when its tour fits. */
const HOURLY_STARTS: readonly string[] = Array.from({ length: 24 }, (_, h) => hourLabel(h));

/** The start times a rule tries on every day: the host's own (sorted, once each), else every hour. */
export function candidateStarts(rule: AvailabilityRule): string[] {
  return rule.startTimes && rule.startTimes.length > 0
    ? [...new Set(rule.startTimes)].sort()
    : [...HOURLY_STARTS];
}

const weekdayName = (date: string): Weekday => weekdays[weekdayOf(date)] as Weekday;

/** `true` when the date's weekday (of the Tokyo calendar date itself) is one of the rule's regular holidays. */
export function isRegularHoliday(rule: AvailabilityRule, date: string): boolean {
  return rule.regularHolidays.includes(weekdayName(date));
}

/**
 * `true` when the experience is closed all day: a regular holiday, or a national holiday when the rule says it
 * closes on those.
 */
export function isClosedDay(rule: AvailabilityRule, date: string): boolean {
  return isRegularHoliday(rule, date) || (rule.closedOnNationalHolidays === true && isNationalHoliday(date));
}

/**
 * The rule's start times on a date, sorted: each candidate start (the host's start times, else every hour) whose
 * tour of `durationMinutes` lies wholly within the opening time, i.e. starts inside the hours and **ends by
 * closing**. An overnight range started the day before lends the date its early hours (unless the day before is
 * closed), and consecutive 24-hour days are one opening, so a tour may run past midnight into an open day.
 */
export function ruleSlotTimes(
  rule: AvailabilityRule,
  date: string,
  durationMinutes: number = DEFAULT_DURATION_MINUTES,
): string[] {
  const open = openTimeAround(rule, date);
  return candidateStarts(rule).filter((time) => {
    const start = minutesOfTime(time);
    return open.some((range) => range.from <= start && start + durationMinutes <= range.to);
  });
}

/** `true` when a tour of `durationMinutes` may start at `time` on `date` under the rule. */
export function isRuleSlot(
  rule: AvailabilityRule,
  date: string,
  time: string,
  durationMinutes: number = DEFAULT_DURATION_MINUTES,
): boolean {
  return ruleSlotTimes(rule, date, durationMinutes).includes(time);
}

/** Bookings a slot takes: the slot's own override when set, else the rule's capacity. */
export function effectiveCapacity(rule: AvailabilityRule, state: SlotState | undefined): number {
  return state?.capacity ?? rule.capacity;
}

/** `true` when the rule produces no slot on any weekday (every day a holiday, or empty hours). */
export function ruleHasNoSlots(rule: AvailabilityRule): boolean {
  const open = weekdays.filter((d) => !rule.regularHolidays.includes(d));
  return open.length === 0 || dayInterval(rule) === null;
}

/**
 * Regular holidays that an overnight range of the previous (open) day runs into: those holidays still get the
 * early slots of the night before, which the host should know about.
 */
export function holidaysReachedOvernight(rule: AvailabilityRule): Weekday[] {
  const own = dayInterval(rule);
  if (!own || own.to <= DAY_MINUTES || rule.allDay) return [];
  return weekdays.filter((day, i) => {
    const previous = weekdays[(i + 6) % 7] as Weekday;
    return rule.regularHolidays.includes(day) && !rule.regularHolidays.includes(previous);
  });
}

export type AvailabilityRuleNotice =
  | { kind: 'no_business_days'; message: typeof NO_BUSINESS_DAYS_MESSAGE }
  | { kind: 'holiday_overlap'; message: typeof HOLIDAY_OVERLAP_MESSAGE; weekdays: Weekday[] };

/** What the availability editor should warn about for a rule (empty when nothing). */
export function availabilityRuleNotices(rule: AvailabilityRule): AvailabilityRuleNotice[] {
  if (ruleHasNoSlots(rule)) return [{ kind: 'no_business_days', message: NO_BUSINESS_DAYS_MESSAGE }];
  const overlap = holidaysReachedOvernight(rule);
  return overlap.length > 0
    ? [{ kind: 'holiday_overlap', message: HOLIDAY_OVERLAP_MESSAGE, weekdays: overlap }]
    : [];
}

const stateKey = (date: string, time: string) => `${date}T${time}`;

function indexStates(states: readonly SlotState[]): Map<string, SlotState> {
  return new Map(states.map((s) => [stateKey(s.date, s.time), s]));
}

/**
 * What the calendar of one Tokyo date holds (the day item): whether the host closed the whole day, and how many
 * tours (bookings, unpaid holds, held offers) hold each quarter hour (`HH:mm` of its start; absent = none).
 */
export interface TourDay {
  date: string;
  closed: boolean;
  held: Record<string, number>;
}

/** The experience's tour days by date, for the overlap arithmetic. */
export type TourDays = ReadonlyMap<string, TourDay>;

export const indexTourDays = (days: readonly TourDay[]): TourDays => new Map(days.map((d) => [d.date, d]));

/**
 * The most tours that hold one moment of `[start, start + duration + buffer)`: the number a new tour there would
 * join. A start is bookable while this is below its capacity.
 */
export function busiestOverlap(days: TourDays, tour: TourTiming): number {
  let most = 0;
  for (const { date, quarters } of heldQuarters(tour)) {
    const held = days.get(date)?.held ?? {};
    for (const quarter of quarters) most = Math.max(most, held[quarter] ?? 0);
  }
  return most;
}

/** The most tours that hold any one quarter hour of `days`, and where: what a lower capacity must not go under. */
export function busiestQuarter(
  days: readonly TourDay[],
): { date: string; time: string; held: number } | null {
  let best: { date: string; time: string; held: number } | null = null;
  for (const day of days) {
    for (const [time, held] of Object.entries(day.held)) {
      if (held > (best?.held ?? 0)) best = { date: day.date, time, held };
    }
  }
  return best;
}

/** A tour of this experience starting at `date` `time`: the rule's length and buffer. */
export interface TourShape {
  durationMinutes: number;
  bufferMinutes?: number;
}

/** The timing a new tour at `date` `time` would have under the experience's current length and rule. */
export function tourAt(rule: AvailabilityRule, shape: TourShape, date: string, time: string): TourTiming {
  return {
    date,
    time,
    durationMinutes: shape.durationMinutes,
    bufferMinutes: shape.bufferMinutes ?? rule.bufferMinutes ?? 0,
  };
}

export interface BookableSlotsInput {
  rule: AvailabilityRule;
  /** The tour's length (absent: an hour, as every experience before tours had a length). */
  durationMinutes?: number;
  /** The requested dates; clipped to `window`. */
  from: string;
  to: string;
  /** The bookable window (`bookableWindow(now)`). */
  window: DateRange;
  /** Stored start states of the range (any order; starts without a state are untouched). */
  states: readonly SlotState[];
  /** Stored tour days from `from` to two days after `to` (a tour and its buffer reach at most that far). */
  days?: readonly TourDay[];
}

/**
 * Whether one start can still be taken, from its stored state and the tour days its tour would hold (read just
 * now): the quick refusal of a full start before a booking's transaction, which alone decides a free one.
 */
export function isStartFree(
  rule: AvailabilityRule,
  shape: TourShape,
  date: string,
  time: string,
  state: SlotState | undefined,
  days: readonly TourDay[],
): boolean {
  return startIsFree(rule, shape, date, time, state, indexTourDays(days));
}

/** Whether one start can be taken: its override, the day, and the time its tour would hold. */
function startIsFree(
  rule: AvailabilityRule,
  shape: TourShape,
  date: string,
  time: string,
  state: SlotState | undefined,
  days: TourDays,
): boolean {
  if (state?.blocked || days.get(date)?.closed) return false;
  const capacity = effectiveCapacity(rule, state);
  return capacity > 0 && busiestOverlap(days, tourAt(rule, shape, date, time)) < capacity;
}

/**
 * Free starts by date: the rule's starts (whose tour ends by closing) inside the window, not closed (the start or
 * its day), where every quarter hour of the tour and its buffer is held by fewer tours than the start's capacity.
 * Only dates with at least one free start appear; times are sorted. This is the `dates` map of the availability API.
 */
export function bookableSlots(input: BookableSlotsInput): Record<string, string[]> {
  const range = clipRange({ from: input.from, to: input.to }, input.window);
  const result: Record<string, string[]> = {};
  if (!range) return result;
  const states = indexStates(input.states);
  const days = indexTourDays(input.days ?? []);
  const shape = { durationMinutes: input.durationMinutes ?? DEFAULT_DURATION_MINUTES };
  for (const date of datesBetween(range.from, range.to)) {
    const free = ruleSlotTimes(input.rule, date, shape.durationMinutes).filter((time) =>
      startIsFree(input.rule, shape, date, time, states.get(stateKey(date, time)), days),
    );
    if (free.length > 0) result[date] = free;
  }
  return result;
}

/** `true` when a guest may take this start now (the pre-check before the transactional hold). */
export function isSlotBookable(
  input: Omit<BookableSlotsInput, 'from' | 'to'> & { date: string; time: string },
): boolean {
  const free = bookableSlots({ ...input, from: input.date, to: input.date });
  return free[input.date]?.includes(input.time) ?? false;
}

export type SlotStatus = 'available' | 'full' | 'blocked';

export interface EditorSlot {
  date: string;
  /** The start. */
  time: string;
  /** When a tour started here ends (`HH:mm`; on a later day when `endDayOffset` > 0). */
  end: string;
  endDayOffset: number;
  /** Tours (bookings and holds) that start here. */
  booked: number;
  /** The most tours holding one moment of a tour started here (its own and overlapping ones): full at capacity. */
  inUse: number;
  capacity: number;
  blocked: boolean;
  status: SlotStatus;
  /**
   * The rule no longer opens this start (the hours, start times, length or holidays changed after it was booked),
   * but guests still hold it: it stays listed so no booking is hidden by a rule change. Guests cannot book it.
   */
  outsideRule?: true;
}

/**
 * The bookings (pending or approved) whose start `rule` does not offer for their own length: what a host changing
 * the hours, start times, length or holidays is asked about before saving (issue 21 item 1). The bookings stay
 * valid and listed either way.
 */
export function bookingsOutsideRule<
  B extends { date: string; time: string; status: string; durationMinutes?: number },
>(rule: AvailabilityRule, bookings: readonly B[]): B[] {
  return bookings
    .filter(
      (b) =>
        (b.status === 'pending' || b.status === 'approved') &&
        !isRuleSlot(rule, b.date, b.time, durationOf(b)),
    )
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

/**
 * Every start of the rule in `from`..`to` with its counters, for the host's availability editor, and every start
 * with bookings that the rule no longer offers (`outsideRule`). Blocked (the start or its whole day) wins over
 * full: a closed start stays closed even after its bookings are cancelled.
 */
export function editorSlots(input: {
  rule: AvailabilityRule;
  durationMinutes?: number;
  from: string;
  to: string;
  states: readonly SlotState[];
  /** Tour days from `from` to two days after `to`. */
  days?: readonly TourDay[];
}): EditorSlot[] {
  const states = indexStates(input.states);
  const days = indexTourDays(input.days ?? []);
  const shape = { durationMinutes: input.durationMinutes ?? DEFAULT_DURATION_MINUTES };
  const slots: EditorSlot[] = [];
  const spanOf = (date: string, time: string) => {
    const tour = tourAt(input.rule, shape, date, time);
    const endMinutes = minutesOfTime(time) + tour.durationMinutes;
    return {
      end: timeOfMinutes(endMinutes),
      endDayOffset: Math.floor(endMinutes / DAY_MINUTES),
      inUse: busiestOverlap(days, tour),
    };
  };
  for (const date of datesBetween(input.from, input.to)) {
    const times = ruleSlotTimes(input.rule, date, shape.durationMinutes);
    const dayClosed = days.get(date)?.closed ?? false;
    const day: EditorSlot[] = [];
    for (const time of times) {
      const state = states.get(stateKey(date, time));
      const booked = state?.booked ?? 0;
      const capacity = effectiveCapacity(input.rule, state);
      const blocked = (state?.blocked ?? false) || dayClosed;
      const span = spanOf(date, time);
      const status: SlotStatus = blocked ? 'blocked' : span.inUse >= capacity ? 'full' : 'available';
      day.push({ date, time, ...span, booked, capacity, blocked, status });
    }
    for (const state of input.states) {
      if (state.date !== date || state.booked === 0 || times.includes(state.time)) continue;
      const capacity = effectiveCapacity(input.rule, state);
      const { time, booked } = state;
      day.push({
        date,
        time,
        ...spanOf(date, time),
        booked,
        capacity,
        blocked: true,
        status: 'blocked',
        outsideRule: true,
      });
    }
    slots.push(...day.sort((a, b) => a.time.localeCompare(b.time)));
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking a tour's times when the host saves them (DESIGN §4j: bad input is a clear 400, in Japanese).
// ---------------------------------------------------------------------------------------------------------------

export interface TourTimeProblem {
  /** The form's path of the field the problem belongs to. */
  path: (string | number)[];
  message: string;
}

const boundLabel = (bound: string) => (bound === '23:59' ? '24:00' : bound);

/**
 * What is wrong with a rule's start times for a tour of `durationMinutes` (empty when nothing): a start time
 * outside the opening hours, a start whose tour would end after closing, or, without start times of its own, hours
 * too short for any tour. A 24-hour rule takes any start (its tours may run into the next open day).
 */
export function tourTimeProblems(rule: AvailabilityRule, durationMinutes: number): TourTimeProblem[] {
  if (rule.allDay) return [];
  const own = dayInterval(rule);
  if (!own) return [];
  const { start, end } = rule.defaultHours;
  const hours = `${start}〜${boundLabel(end)}`;
  const length = formatDuration(durationMinutes, 'ja');
  const starts = rule.startTimes ?? [];
  if (starts.length === 0) {
    return own.from + durationMinutes <= own.to
      ? []
      : [
          {
            path: ['durationMinutes'],
            message: `所要時間（${length}）が営業時間（${hours}）に収まりません。営業時間か所要時間を見直してください`,
          },
        ];
  }
  const problems: TourTimeProblem[] = [];
  starts.forEach((time, i) => {
    const minutes = minutesOfTime(time);
    // A time before the range's start is read as the early hours an overnight range reaches into.
    const at = minutes >= own.from ? minutes : minutes + DAY_MINUTES;
    if (at >= own.to) {
      problems.push({
        path: ['availability', 'startTimes', i],
        message: `開始時刻 ${time} は営業時間（${hours}）の外です`,
      });
    } else if (at + durationMinutes > own.to) {
      problems.push({
        path: ['availability', 'startTimes', i],
        message: `開始時刻 ${time} からの体験（${length}）は営業終了の${boundLabel(end)}までに終わりません`,
      });
    }
  });
  return problems;
}

/** The tour timing of a stored booking: its own length and buffer (an hour and none before tours had a length). */
export const bookingTour = (b: {
  date: string;
  time: string;
  durationMinutes?: number;
  bufferMinutes?: number;
}): TourTiming => ({
  date: b.date,
  time: b.time,
  durationMinutes: durationOf(b),
  bufferMinutes: bufferOf(b),
});
