/**
 * Availability is a weekly rule, not a stored map (DESIGN §3): the slots of any date are derived from the rule,
 * then the stored slot states (bookings taken, host overrides) decide which of them can still be booked.
 * Dates are Tokyo calendar dates (`yyyy-MM-dd`); times are slot starts (`HH:00`); a slot lasts one hour.
 */
import { addDays, clipRange, datesBetween, weekdayOf, type DateRange } from './calendar';
import { weekdays, type AvailabilityRule, type SlotState, type Weekday } from './entities';
import { isNationalHoliday } from './national-holidays';

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

/** Parses an `HH:00` / `23:59` bound into an hour; `23:59` counts as 24 (the end of the day). */
function boundHour(bound: string): number {
  if (bound === '23:59') return 24;
  const m = /^([01]\d|2[0-3]):00$/.exec(bound);
  if (!m) throw new RangeError(`Not an opening-hours bound: ${bound}`);
  return Number(m[1]);
}

interface RuleHours {
  /** Slot start hours on the day the range starts. */
  sameDay: number[];
  /** Slot start hours an overnight range spills onto the next day. */
  nextDay: number[];
}

function ruleHours(rule: AvailabilityRule): RuleHours {
  const { start, end } = rule.allDay ? ALL_DAY_HOURS : rule.defaultHours;
  const s = boundHour(start);
  const e = boundHour(end);
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  if (s < e) return { sameDay: range(s, e), nextDay: [] };
  if (s > e) return { sameDay: range(s, 24), nextDay: range(0, e) };
  return { sameDay: [], nextDay: [] };
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
 * The rule's slot times on a date, sorted: the date's own hours unless it is a closed day, plus the early hours an
 * overnight range started the day before spills onto it, unless the day before is closed. The spill belongs to
 * the day its range started on.
 */
export function ruleSlotTimes(rule: AvailabilityRule, date: string): string[] {
  const { sameDay, nextDay } = ruleHours(rule);
  const hours = [
    ...(isClosedDay(rule, addDays(date, -1)) ? [] : nextDay),
    ...(isClosedDay(rule, date) ? [] : sameDay),
  ];
  // nextDay hours are < end ≤ start ≤ sameDay hours, so the concatenation is already sorted.
  return hours.map(hourLabel);
}

/** `true` when `time` on `date` is a slot of the rule. */
export function isRuleSlot(rule: AvailabilityRule, date: string, time: string): boolean {
  return ruleSlotTimes(rule, date).includes(time);
}

/** Bookings a slot takes: the slot's own override when set, else the rule's capacity. */
export function effectiveCapacity(rule: AvailabilityRule, state: SlotState | undefined): number {
  return state?.capacity ?? rule.capacity;
}

/** `true` when the rule produces no slot on any weekday (every day a holiday, or empty hours). */
export function ruleHasNoSlots(rule: AvailabilityRule): boolean {
  const { sameDay, nextDay } = ruleHours(rule);
  const open = weekdays.filter((d) => !rule.regularHolidays.includes(d));
  return open.length === 0 || sameDay.length + nextDay.length === 0;
}

/**
 * Regular holidays that an overnight range of the previous (open) day runs into: those holidays still get the
 * early slots of the night before, which the host should know about.
 */
export function holidaysReachedOvernight(rule: AvailabilityRule): Weekday[] {
  if (ruleHours(rule).nextDay.length === 0) return [];
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

export interface BookableSlotsInput {
  rule: AvailabilityRule;
  /** The requested dates; clipped to `window`. */
  from: string;
  to: string;
  /** The bookable window (`bookableWindow(now)`). */
  window: DateRange;
  /** Stored slot states of the range (any order; slots without a state are untouched). */
  states: readonly SlotState[];
}

/**
 * Free slots by date: in the rule, inside the window, not blocked, and `booked < effectiveCapacity`. Only
 * dates with at least one free slot appear; times are sorted. This is the `dates` map of the availability API.
 */
export function bookableSlots(input: BookableSlotsInput): Record<string, string[]> {
  const range = clipRange({ from: input.from, to: input.to }, input.window);
  const result: Record<string, string[]> = {};
  if (!range) return result;
  const states = indexStates(input.states);
  for (const date of datesBetween(range.from, range.to)) {
    const free = ruleSlotTimes(input.rule, date).filter((time) => {
      const state = states.get(stateKey(date, time));
      return !state?.blocked && (state?.booked ?? 0) < effectiveCapacity(input.rule, state);
    });
    if (free.length > 0) result[date] = free;
  }
  return result;
}

/** `true` when a guest may take this slot now (the pre-check before the transactional hold). */
export function isSlotBookable(
  rule: AvailabilityRule,
  date: string,
  time: string,
  window: DateRange,
  state: SlotState | undefined,
): boolean {
  const free = bookableSlots({ rule, from: date, to: date, window, states: state ? [state] : [] });
  return free[date]?.includes(time) ?? false;
}

export type SlotStatus = 'available' | 'full' | 'blocked';

export interface EditorSlot {
  date: string;
  time: string;
  booked: number;
  capacity: number;
  blocked: boolean;
  status: SlotStatus;
  /**
   * The rule no longer opens this slot (the hours or holidays changed after it was booked), but guests still hold
   * it: it stays listed so no booking is hidden by a rule change. Guests cannot book it.
   */
  outsideRule?: true;
}

/**
 * The bookings (pending or approved) whose slot `rule` does not open: what a host changing the hours or holidays
 * is asked about before saving (issue 21 item 1). The bookings stay valid and listed either way.
 */
export function bookingsOutsideRule<B extends { date: string; time: string; status: string }>(
  rule: AvailabilityRule,
  bookings: readonly B[],
): B[] {
  return bookings
    .filter((b) => (b.status === 'pending' || b.status === 'approved') && !isRuleSlot(rule, b.date, b.time))
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

/**
 * Every slot of the rule in `from`..`to` with its counters, for the host's availability editor, and every slot
 * with bookings that the rule no longer opens (`outsideRule`). Blocked wins over full: a blocked slot stays closed
 * even after its bookings are cancelled.
 */
export function editorSlots(input: {
  rule: AvailabilityRule;
  from: string;
  to: string;
  states: readonly SlotState[];
}): EditorSlot[] {
  const states = indexStates(input.states);
  const slots: EditorSlot[] = [];
  for (const date of datesBetween(input.from, input.to)) {
    const times = ruleSlotTimes(input.rule, date);
    const day: EditorSlot[] = [];
    for (const time of times) {
      const state = states.get(stateKey(date, time));
      const booked = state?.booked ?? 0;
      const capacity = effectiveCapacity(input.rule, state);
      const blocked = state?.blocked ?? false;
      const status: SlotStatus = blocked ? 'blocked' : booked >= capacity ? 'full' : 'available';
      day.push({ date, time, booked, capacity, blocked, status });
    }
    for (const state of input.states) {
      if (state.date !== date || state.booked === 0 || times.includes(state.time)) continue;
      const capacity = effectiveCapacity(input.rule, state);
      const { time, booked } = state;
      day.push({ date, time, booked, capacity, blocked: true, status: 'blocked', outsideRule: true });
    }
    slots.push(...day.sort((a, b) => a.time.localeCompare(b.time)));
  }
  return slots;
}
