import {
  bookingsOutsideRule,
  availabilityRuleNotices,
  bookableSlots,
  defaultAvailabilityRule,
  editorSlots,
  effectiveCapacity,
  holidaysReachedOvernight,
  HOLIDAY_OVERLAP_MESSAGE,
  hourEndOptions,
  hourStartOptions,
  isRegularHoliday,
  isRuleSlot,
  isSlotBookable,
  NO_BUSINESS_DAYS_MESSAGE,
  ruleHasNoSlots,
  ruleSlotTimes,
  weekdayLabelsJa,
} from '@domain/availability';
import type { AvailabilityRule, SlotState, Weekday } from '@domain/entities';
import { NATIONAL_HOLIDAY_YEARS, nationalHoliday } from '@domain/national-holidays';
import { heldQuarters, type TourTiming } from '@domain/tour-span';
import type { TourDay } from '@domain/availability';

const rule = (overrides: Partial<AvailabilityRule> = {}): AvailabilityRule => ({
  ...defaultAvailabilityRule,
  ...overrides,
});
const hours = (start: string, end: string, more: Partial<AvailabilityRule> = {}) =>
  rule({ defaultHours: { start, end }, ...more });
const state = (date: string, time: string, s: Partial<SlotState> = {}): SlotState => ({
  experienceId: 'exp-1',
  date,
  time,
  booked: 0,
  blocked: false,
  capacity: null,
  ...s,
});

/** The tour days that `tours` hold together (what the table's counters would say). */
function held(...tours: (TourTiming & { count?: number })[]): TourDay[] {
  const days = new Map<string, TourDay>();
  for (const t of tours) {
    for (const { date, quarters } of heldQuarters(t)) {
      const day = days.get(date) ?? { date, closed: false, held: {} };
      for (const q of quarters) day.held[q] = (day.held[q] ?? 0) + (t.count ?? 1);
      days.set(date, day);
    }
  }
  return [...days.values()];
}
const hourAt = (date: string, time: string, count = 1): TourTiming & { count: number } => ({
  date,
  time,
  durationMinutes: 60,
  count,
});

// 2026-11-23 is a Monday; 2026-11-24 a Tuesday; 2026-11-25 a Wednesday.
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const WIDE_WINDOW = { from: '2026-01-01', to: '2027-12-31' };

describe('the default rule', () => {
  it('is 08:00–19:00, capacity 1, no holidays', () => {
    expect(defaultAvailabilityRule).toEqual({
      defaultHours: { start: '08:00', end: '19:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 1,
    });
  });

  it('gives 11 hourly slots 08:00 … 18:00', () => {
    const times = ruleSlotTimes(defaultAvailabilityRule, MON);
    expect(times).toHaveLength(11);
    expect(times[0]).toBe('08:00');
    expect(times.at(-1)).toBe('18:00');
    expect(times).not.toContain('19:00');
  });
});

describe('slot times of a rule', () => {
  it('treats 23:59 as the end of the day', () => {
    const times = ruleSlotTimes(hours('00:00', '23:59'), MON);
    expect(times).toHaveLength(24);
    expect(times[0]).toBe('00:00');
    expect(times.at(-1)).toBe('23:00');
    expect(ruleSlotTimes(hours('20:00', '23:59'), MON)).toEqual(['20:00', '21:00', '22:00', '23:00']);
  });

  it('gives 24 slots when all-day is on, whatever the hours say', () => {
    const times = ruleSlotTimes(hours('10:00', '12:00', { allDay: true }), MON);
    expect(times).toHaveLength(24);
    expect(times).toContain('09:00');
  });

  it('gives no slot when start equals end', () => {
    expect(ruleSlotTimes(hours('10:00', '10:00'), MON)).toEqual([]);
  });

  it('spills an overnight range onto the next day', () => {
    const overnight = hours('22:00', '02:00');
    // Each day has its own evening and the early hours of the previous evening's range.
    expect(ruleSlotTimes(overnight, MON)).toEqual(['00:00', '01:00', '22:00', '23:00']);
  });

  it('gives a holiday no evening slots but keeps the spill from the open day before', () => {
    const overnight = hours('22:00', '02:00', { regularHolidays: ['monday'] });
    // Sunday's range spills onto Monday; Monday's own evening is closed.
    expect(ruleSlotTimes(overnight, MON)).toEqual(['00:00', '01:00']);
    // Monday's range does not exist, so nothing spills onto Tuesday; Tuesday's own evening is there.
    expect(ruleSlotTimes(overnight, TUE)).toEqual(['22:00', '23:00']);
    expect(ruleSlotTimes(overnight, WED)).toEqual(['00:00', '01:00', '22:00', '23:00']);
  });

  it('removes every slot of a regular holiday for a daytime rule', () => {
    const r = rule({ regularHolidays: ['tuesday'] });
    expect(ruleSlotTimes(r, TUE)).toEqual([]);
    expect(ruleSlotTimes(r, MON)).toHaveLength(11);
    expect(isRegularHoliday(r, TUE)).toBe(true);
    expect(isRegularHoliday(r, MON)).toBe(false);
  });

  it('tells whether a date and time is a slot of the rule', () => {
    const overnight = hours('22:00', '02:00');
    expect(isRuleSlot(overnight, TUE, '01:00')).toBe(true);
    expect(isRuleSlot(overnight, TUE, '02:00')).toBe(false);
    expect(isRuleSlot(defaultAvailabilityRule, TUE, '18:00')).toBe(true);
    expect(isRuleSlot(defaultAvailabilityRule, TUE, '19:00')).toBe(false);
    expect(isRuleSlot(defaultAvailabilityRule, TUE, '08:30')).toBe(false);
  });
});

describe('national holidays', () => {
  // MON (2026-11-23) is 勤労感謝の日, Labor Thanksgiving Day.
  it('closes a national holiday only when the rule says so', () => {
    expect(ruleSlotTimes(rule(), MON)).toHaveLength(11);
    expect(ruleSlotTimes(rule({ closedOnNationalHolidays: false }), MON)).toHaveLength(11);
    expect(ruleSlotTimes(rule({ closedOnNationalHolidays: true }), MON)).toEqual([]);
    expect(ruleSlotTimes(rule({ closedOnNationalHolidays: true }), TUE)).toHaveLength(11);
  });

  it('keeps the overnight spill onto a holiday from the open day before, and drops the spill of the holiday night', () => {
    const overnight = hours('22:00', '02:00', { closedOnNationalHolidays: true });
    expect(ruleSlotTimes(overnight, MON)).toEqual(['00:00', '01:00']);
    expect(ruleSlotTimes(overnight, TUE)).toEqual(['22:00', '23:00']);
  });

  it('leaves a closed holiday out of the bookable slots and the host editor alike', () => {
    const closed = rule({ closedOnNationalHolidays: true });
    const free = bookableSlots({ rule: closed, from: MON, to: TUE, window: WIDE_WINDOW, states: [] });
    expect(Object.keys(free)).toEqual([TUE]);
    expect(editorSlots({ rule: closed, from: MON, to: MON, states: [] })).toEqual([]);
  });

  it('knows the names of the holidays and no holiday on an ordinary day', () => {
    expect(nationalHoliday(MON)).toEqual({ name: '勤労感謝の日', nameEn: 'Labor Thanksgiving Day' });
    expect(nationalHoliday('2027-01-01')?.name).toBe('元日');
    expect(nationalHoliday(TUE)).toBeNull();
  });

  it('covers every year a bookable window can reach from today', () => {
    // A reminder to extend the imported years: the window reaches at most seven months ahead.
    expect(NATIONAL_HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 1);
  });
});

describe('capacity', () => {
  it('is the slot override when set, else the rule', () => {
    const r = rule({ capacity: 3 });
    expect(effectiveCapacity(r, undefined)).toBe(3);
    expect(effectiveCapacity(r, state(MON, '08:00'))).toBe(3);
    expect(effectiveCapacity(r, state(MON, '08:00', { capacity: 5 }))).toBe(5);
    // An override of 0 closes the slot without blocking it.
    expect(effectiveCapacity(r, state(MON, '08:00', { capacity: 0 }))).toBe(0);
  });
});

describe('bookable slots', () => {
  const window = { from: TUE, to: '2027-05-31' };

  it('lists the free slots per date, only inside the window', () => {
    const result = bookableSlots({ rule: hours('09:00', '11:00'), from: MON, to: WED, window, states: [] });
    expect(result).toEqual({ [TUE]: ['09:00', '10:00'], [WED]: ['09:00', '10:00'] });
  });

  it('leaves out full and blocked slots and dates without any free slot', () => {
    const result = bookableSlots({
      rule: hours('09:00', '11:00'),
      from: TUE,
      to: WED,
      window,
      states: [state(TUE, '10:00', { blocked: true }), state(WED, '10:00', { capacity: 2 })],
      days: held(hourAt(TUE, '09:00'), hourAt(WED, '10:00')),
    });
    expect(result).toEqual({ [WED]: ['09:00', '10:00'] });
  });

  it('uses the capacity override in both directions', () => {
    const r = hours('09:00', '10:00', { capacity: 2 });
    const free = (s: SlotState, count: number) =>
      bookableSlots({
        rule: r,
        from: TUE,
        to: TUE,
        window,
        states: [s],
        days: held(hourAt(TUE, '09:00', count)),
      });
    expect(free(state(TUE, '09:00'), 1)).toEqual({ [TUE]: ['09:00'] });
    expect(free(state(TUE, '09:00', { capacity: 1 }), 1)).toEqual({});
    expect(free(state(TUE, '09:00', { capacity: 3 }), 2)).toEqual({ [TUE]: ['09:00'] });
    expect(free(state(TUE, '09:00', { capacity: 0 }), 0)).toEqual({});
  });

  it('ignores stored states of times that are not in the rule', () => {
    const result = bookableSlots({
      rule: hours('09:00', '10:00'),
      from: TUE,
      to: TUE,
      window,
      states: [state(TUE, '15:00', { capacity: 4 })],
    });
    expect(result).toEqual({ [TUE]: ['09:00'] });
  });

  it('returns sorted times for an overnight rule and honours holidays', () => {
    const r = hours('22:00', '02:00', { regularHolidays: ['tuesday'] });
    const result = bookableSlots({ rule: r, from: TUE, to: WED, window, states: [] });
    expect(result).toEqual({ [TUE]: ['00:00', '01:00'], [WED]: ['22:00', '23:00'] });
  });

  it('is empty when the requested range is outside the window', () => {
    expect(
      bookableSlots({ rule: defaultAvailabilityRule, from: '2026-11-01', to: MON, window, states: [] }),
    ).toEqual({});
  });

  it('covers a whole window, ending on the last day of the sixth month', () => {
    const result = bookableSlots({
      rule: rule({ regularHolidays: ['sunday', 'saturday'] }),
      from: '2026-01-01',
      to: '2028-01-01',
      window: { from: '2026-11-24', to: '2027-05-31' },
      states: [],
    });
    const dates = Object.keys(result);
    expect(dates[0]).toBe('2026-11-24');
    expect(dates.at(-1)).toBe('2027-05-31'); // a Monday
    expect(dates).not.toContain('2026-11-28'); // a Saturday
    expect(dates.every((d) => result[d]?.length === 11)).toBe(true);
  });

  it('answers for a single slot', () => {
    const one = (date: string, time: string, more: { days?: TourDay[]; w?: typeof window } = {}) =>
      isSlotBookable({
        rule: defaultAvailabilityRule,
        date,
        time,
        window: more.w ?? window,
        states: [],
        days: more.days ?? [],
      });
    expect(one(TUE, '08:00')).toBe(true);
    expect(one(TUE, '08:00', { days: held(hourAt(TUE, '08:00')) })).toBe(false);
    expect(one(MON, '08:00')).toBe(false);
    expect(one(TUE, '07:00', { w: WIDE_WINDOW })).toBe(false);
  });
});

describe('the host editor view', () => {
  it('shows every rule start with its span, counters and status', () => {
    const slots = editorSlots({
      rule: hours('09:00', '12:00', { capacity: 2 }),
      from: TUE,
      to: TUE,
      states: [state(TUE, '09:00', { booked: 2 }), state(TUE, '10:00', { booked: 1, blocked: true })],
      days: held(hourAt(TUE, '09:00', 2), hourAt(TUE, '10:00')),
    });
    const span = (time: string, end: string, inUse: number) => ({ time, end, endDayOffset: 0, inUse });
    expect(slots).toEqual([
      { date: TUE, ...span('09:00', '10:00', 2), booked: 2, capacity: 2, blocked: false, status: 'full' },
      { date: TUE, ...span('10:00', '11:00', 1), booked: 1, capacity: 2, blocked: true, status: 'blocked' },
      {
        date: TUE,
        ...span('11:00', '12:00', 0),
        booked: 0,
        capacity: 2,
        blocked: false,
        status: 'available',
      },
    ]);
  });

  it('keeps a booked slot the rule no longer opens, marked outsideRule, so no booking is hidden', () => {
    // 07:00 was booked; then the hours moved to 09:00 and Tuesday became a regular holiday.
    const moved = hours('09:00', '11:00', { capacity: 2 });
    const states = [state(TUE, '07:00', { booked: 1 }), state(TUE, '06:00', { booked: 0 })];
    const days = held(hourAt(TUE, '07:00'));
    const outside = {
      date: TUE,
      time: '07:00',
      end: '08:00',
      endDayOffset: 0,
      booked: 1,
      inUse: 1,
      blocked: true,
      status: 'blocked',
      outsideRule: true,
    };
    const open = (time: string, end: string) => ({
      date: TUE,
      time,
      end,
      endDayOffset: 0,
      booked: 0,
      inUse: 0,
      capacity: 2,
      blocked: false,
      status: 'available',
    });
    expect(editorSlots({ rule: moved, from: TUE, to: TUE, states, days })).toEqual([
      { ...outside, capacity: 2 },
      open('09:00', '10:00'),
      open('10:00', '11:00'),
    ]);
    const holiday = hours('09:00', '11:00', { regularHolidays: ['tuesday'] });
    expect(
      editorSlots({ rule: holiday, from: MON, to: TUE, states, days }).filter((s) => s.date === TUE),
    ).toEqual([{ ...outside, capacity: 1 }]);
  });

  it('names the pending and approved bookings a new rule would leave outside its hours, earliest first', () => {
    const moved = hours('09:00', '11:00', { regularHolidays: ['wednesday'] });
    const bookings = [
      { id: 'late', date: WED, time: '09:00', status: 'pending' },
      { id: 'early', date: TUE, time: '07:00', status: 'approved' },
      { id: 'inside', date: TUE, time: '09:00', status: 'approved' },
      { id: 'denied', date: TUE, time: '07:00', status: 'denied' },
    ];
    expect(bookingsOutsideRule(moved, bookings).map((b) => b.id)).toEqual(['early', 'late']);
  });

  it('is not limited to the bookable window (the host sees today and past days too)', () => {
    const slots = editorSlots({ rule: hours('09:00', '10:00'), from: MON, to: WED, states: [] });
    expect(slots.map((s) => s.date)).toEqual([MON, TUE, WED]);
  });

  it('offers start hours 00:00–23:00 and the same end hours plus 23:59', () => {
    expect(hourStartOptions).toHaveLength(24);
    expect(hourStartOptions[0]).toBe('00:00');
    expect(hourStartOptions.at(-1)).toBe('23:00');
    expect(hourEndOptions).toEqual([...hourStartOptions, '23:59']);
  });

  it('labels weekdays with one Japanese character', () => {
    expect(Object.values(weekdayLabelsJa)).toEqual(['日', '月', '火', '水', '木', '金', '土']);
  });
});

describe('rule notices', () => {
  const everyDay: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

  it('says 営業日が設定されていません when the rule yields no slot', () => {
    expect(ruleHasNoSlots(rule({ regularHolidays: everyDay }))).toBe(true);
    expect(ruleHasNoSlots(hours('09:00', '09:00'))).toBe(true);
    expect(ruleHasNoSlots(defaultAvailabilityRule)).toBe(false);
    // All-day ignores the empty hours.
    expect(ruleHasNoSlots(hours('09:00', '09:00', { allDay: true }))).toBe(false);
    expect(availabilityRuleNotices(rule({ regularHolidays: everyDay }))).toEqual([
      { kind: 'no_business_days', message: '営業日が設定されていません' },
    ]);
    expect(NO_BUSINESS_DAYS_MESSAGE).toBe('営業日が設定されていません');
  });

  it('says 定休日と重複しています when an overnight range runs into a holiday', () => {
    const r = hours('22:00', '02:00', { regularHolidays: ['monday', 'tuesday'] });
    // Sunday night reaches Monday; Monday is closed, so nothing reaches Tuesday.
    expect(holidaysReachedOvernight(r)).toEqual(['monday']);
    expect(availabilityRuleNotices(r)).toEqual([
      { kind: 'holiday_overlap', message: '定休日と重複しています', weekdays: ['monday'] },
    ]);
    expect(HOLIDAY_OVERLAP_MESSAGE).toBe('定休日と重複しています');
  });

  it('has nothing to say about an ordinary rule', () => {
    expect(availabilityRuleNotices(rule({ regularHolidays: ['monday'] }))).toEqual([]);
    expect(availabilityRuleNotices(hours('22:00', '02:00'))).toEqual([]);
  });
});
