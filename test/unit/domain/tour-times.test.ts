/**
 * Tours with a length (DESIGN §4j, issue 30): which starts a rule offers for a tour of a given length (it must
 * end by closing), how much time a tour holds (its length and the guide's buffer, in quarter hours, across the
 * Tokyo day boundary), and when a start is free (every quarter held by fewer tours than the capacity).
 */
import {
  bookableSlots,
  bookingsOutsideRule,
  busiestOverlap,
  busiestQuarter,
  defaultAvailabilityRule,
  editorSlots,
  indexTourDays,
  ruleSlotTimes,
  tourTimeProblems,
  type TourDay,
} from '@domain/availability';
import type { AvailabilityRule } from '@domain/entities';
import {
  TOUR_DAYS_AFTER_START,
  durationOf,
  endDayOffset,
  formatDuration,
  formatSpan,
  heldQuarters,
  isQuarterHour,
  isValidBuffer,
  isValidDuration,
  isoDuration,
  tourEndOf,
  type TourTiming,
} from '@domain/tour-span';
import { tourEnd } from '@domain/tour-schedule';

const rule = (overrides: Partial<AvailabilityRule> = {}): AvailabilityRule => ({
  ...defaultAvailabilityRule,
  ...overrides,
});
const hours = (start: string, end: string, more: Partial<AvailabilityRule> = {}) =>
  rule({ defaultHours: { start, end }, ...more });

function held(...tours: TourTiming[]): TourDay[] {
  const days = new Map<string, TourDay>();
  for (const t of tours) {
    for (const { date, quarters } of heldQuarters(t)) {
      const day = days.get(date) ?? { date, closed: false, held: {} };
      for (const q of quarters) day.held[q] = (day.held[q] ?? 0) + 1;
      days.set(date, day);
    }
  }
  return [...days.values()];
}

// 2026-11-23 (Mon) is 勤労感謝の日; 2026-11-24 a Tuesday; 2026-11-25 a Wednesday.
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const WINDOW = { from: '2026-01-01', to: '2027-12-31' };

describe('lengths, buffers and quarter hours', () => {
  it('accepts 15–1440 minutes in quarter hours, a buffer of 0–240 in quarter hours', () => {
    expect([15, 60, 480, 1440].every(isValidDuration)).toBe(true);
    expect([0, 7, 1441, 50, 1455, 60.5].some(isValidDuration)).toBe(false);
    expect([0, 15, 240].every(isValidBuffer)).toBe(true);
    expect([-15, 10, 255].some(isValidBuffer)).toBe(false);
    expect(isQuarterHour('08:45')).toBe(true);
    expect(isQuarterHour('08:10')).toBe(false);
  });

  it('reads bookings from before tours had a length as an hour long', () => {
    expect(durationOf({})).toBe(60);
    expect(durationOf({ durationMinutes: 480 })).toBe(480);
    const old = { date: '2026-12-01', time: '09:00' };
    expect(tourEnd(old).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(tourEnd({ ...old, durationMinutes: 480 }).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('holds the tour and its buffer in quarter hours, by Tokyo date', () => {
    expect(heldQuarters({ date: TUE, time: '08:00', durationMinutes: 60 })).toEqual([
      { date: TUE, quarters: ['08:00', '08:15', '08:30', '08:45'] },
    ]);
    const withBuffer = heldQuarters({ date: TUE, time: '16:30', durationMinutes: 90, bufferMinutes: 30 });
    expect(withBuffer).toEqual([
      { date: TUE, quarters: ['16:30', '16:45', '17:00', '17:15', '17:30', '17:45', '18:00', '18:15'] },
    ]);
  });

  it('crosses the Tokyo day boundary: a night tour holds the next date’s early quarters', () => {
    expect(heldQuarters({ date: TUE, time: '23:00', durationMinutes: 90 })).toEqual([
      { date: TUE, quarters: ['23:00', '23:15', '23:30', '23:45'] },
      { date: WED, quarters: ['00:00', '00:15'] },
    ]);
    const longest = heldQuarters({ date: TUE, time: '23:45', durationMinutes: 1440, bufferMinutes: 240 });
    expect(longest.map((d) => d.date)).toEqual([TUE, WED, '2026-11-26']);
    expect(longest.map((d) => d.quarters.length)).toEqual([1, 96, 15]);
    expect(TOUR_DAYS_AFTER_START).toBe(2);
    // Month and year ends are only dates.
    expect(heldQuarters({ date: '2026-12-31', time: '23:30', durationMinutes: 60 })[1]?.date).toBe(
      '2027-01-01',
    );
  });

  it('says where a tour ends, and writes the span and the length in every language', () => {
    expect(tourEndOf({ date: TUE, time: '08:00', durationMinutes: 480 })).toEqual({
      date: TUE,
      time: '16:00',
    });
    expect(tourEndOf({ date: TUE, time: '20:00', durationMinutes: 360 })).toEqual({
      date: WED,
      time: '02:00',
    });
    expect(endDayOffset('20:00', 360)).toBe(1);
    expect(formatSpan('08:00', 480)).toBe('08:00–16:00');
    expect(formatSpan('20:00', 360)).toBe('20:00–02:00 (+1)');
    expect(formatSpan('08:00', 1440)).toBe('08:00–08:00 (+1)');
    expect(formatDuration(480, 'en')).toBe('8 hours');
    expect(formatDuration(60, 'en')).toBe('1 hour');
    expect(formatDuration(210, 'en')).toBe('3 h 30 min');
    expect(formatDuration(45, 'en')).toBe('45 min');
    expect(formatDuration(210, 'ja')).toBe('3時間30分');
    expect(formatDuration(480, 'zh-Hant')).toBe('8小時');
    expect(formatDuration(90, 'ko')).toBe('1시간 30분');
    expect(isoDuration(480)).toBe('PT8H');
    expect(isoDuration(210)).toBe('PT3H30M');
    expect(isoDuration(45)).toBe('PT45M');
  });
});

describe('start times of a rule for a tour of a given length', () => {
  it('offers every hour from opening whose tour ends by closing', () => {
    // 08:00–19:00: an hour-long tour starts 08:00 … 18:00, an 8-hour one 08:00 … 11:00.
    expect(ruleSlotTimes(defaultAvailabilityRule, TUE)).toHaveLength(11);
    expect(ruleSlotTimes(defaultAvailabilityRule, TUE, 480)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(ruleSlotTimes(defaultAvailabilityRule, TUE, 660)).toEqual(['08:00']);
    expect(ruleSlotTimes(defaultAvailabilityRule, TUE, 675)).toEqual([]);
    // Hourly starts stay on the hour whatever the length.
    expect(ruleSlotTimes(defaultAvailabilityRule, TUE, 90).at(-1)).toBe('17:00');
  });

  it('offers only the host’s start times, each when its tour fits', () => {
    const dayTour = hours('08:00', '17:00', { startTimes: ['08:00'] });
    expect(ruleSlotTimes(dayTour, TUE, 480)).toEqual(['08:00']);
    const two = hours('09:00', '16:00', { startTimes: ['13:30', '09:00', '15:15'] });
    // 15:15 + 90 min ends 16:45, after closing.
    expect(ruleSlotTimes(two, TUE, 90)).toEqual(['09:00', '13:30']);
  });

  it('keeps the overnight range: a night tour from the evening ends in the early morning', () => {
    const night = hours('20:00', '02:00');
    expect(ruleSlotTimes(night, TUE, 360)).toEqual(['20:00']);
    expect(ruleSlotTimes(night, TUE, 120)).toEqual(['00:00', '20:00', '21:00', '22:00', '23:00']);
    // The early starts belong to the range of the evening before; that evening closed → none.
    const closedMonday = hours('20:00', '02:00', { regularHolidays: ['monday'] });
    expect(ruleSlotTimes(closedMonday, TUE, 120)).toEqual(['20:00', '21:00', '22:00', '23:00']);
    expect(ruleSlotTimes(hours('20:00', '02:00', { startTimes: ['01:00'] }), TUE, 60)).toEqual(['01:00']);
  });

  it('runs a 24-hour rule around the clock: tours cross midnight into an open day, not into a closed one', () => {
    const allDay = rule({ allDay: true });
    expect(ruleSlotTimes(allDay, TUE, 1440)).toHaveLength(24);
    expect(ruleSlotTimes(allDay, TUE, 180)).toContain('23:00');
    const closedWednesday = rule({ allDay: true, regularHolidays: ['wednesday'] });
    // Tuesday's tours must end by midnight: Wednesday is closed.
    expect(ruleSlotTimes(closedWednesday, TUE, 180).at(-1)).toBe('21:00');
    expect(ruleSlotTimes(closedWednesday, TUE, 1440)).toEqual(['00:00']);
    expect(ruleSlotTimes(closedWednesday, WED, 60)).toEqual([]);
  });

  it('honours national holidays: no start on a closed holiday, and tours of the day before end by its midnight', () => {
    const closedOnHolidays = rule({ allDay: true, closedOnNationalHolidays: true });
    expect(ruleSlotTimes(closedOnHolidays, MON, 60)).toEqual([]);
    // Sunday 2026-11-22 is open, Monday a national holiday: Sunday's last 2-hour tour starts at 22:00.
    expect(ruleSlotTimes(closedOnHolidays, '2026-11-22', 120).at(-1)).toBe('22:00');
    const daytime = rule({ closedOnNationalHolidays: true, startTimes: ['09:00'] });
    expect(ruleSlotTimes(daytime, MON, 120)).toEqual([]);
    expect(ruleSlotTimes(daytime, TUE, 120)).toEqual(['09:00']);
  });

  it('names the bookings a new rule leaves outside by their own length', () => {
    const shorter = hours('08:00', '14:00');
    const bookings = [
      { id: 'day', date: TUE, time: '08:00', status: 'approved', durationMinutes: 480 },
      { id: 'hour', date: TUE, time: '08:00', status: 'approved' },
      { id: 'late', date: TUE, time: '13:00', status: 'pending', durationMinutes: 120 },
    ];
    expect(bookingsOutsideRule(shorter, bookings).map((b) => b.id)).toEqual(['day', 'late']);
  });
});

describe('overlap past capacity', () => {
  const window = WINDOW;
  const cycling = hours('08:00', '17:00', { startTimes: ['08:00'], capacity: 2 });

  it('shows an 8-hour day tour’s one start until capacity tours hold it', () => {
    const free = (days: TourDay[]) =>
      bookableSlots({ rule: cycling, durationMinutes: 480, from: TUE, to: TUE, window, states: [], days });
    const day: TourTiming = { date: TUE, time: '08:00', durationMinutes: 480 };
    expect(free([])).toEqual({ [TUE]: ['08:00'] });
    expect(free(held(day))).toEqual({ [TUE]: ['08:00'] });
    expect(free(held(day, day))).toEqual({});
  });

  it('refuses every start whose tour and buffer would overlap one booked, at capacity 1', () => {
    const r = hours('08:00', '19:00', { bufferMinutes: 30 });
    const booked = held({ date: TUE, time: '12:00', durationMinutes: 120, bufferMinutes: 30 });
    const starts = bookableSlots({
      rule: r,
      durationMinutes: 120,
      from: TUE,
      to: TUE,
      window,
      states: [],
      days: booked,
    });
    // 10:00 + 2 h + 30 min buffer reaches 12:30: refused; 09:00 ends its buffer at 11:30: free; the booking's
    // own buffer keeps 14:00 busy until 14:30, so 15:00 is the first free start after it. 17:00 ends at closing
    // (19:00); its buffer may run past it (the guide's time, not the guest's).
    expect(starts[TUE]).toEqual(['08:00', '09:00', '15:00', '16:00', '17:00']);
  });

  it('counts the busiest moment, not the number of bookings', () => {
    const days = indexTourDays(
      held(
        { date: TUE, time: '08:00', durationMinutes: 120 },
        { date: TUE, time: '10:00', durationMinutes: 120 },
      ),
    );
    // Two bookings back to back never overlap each other: one tour at a time.
    expect(busiestOverlap(days, { date: TUE, time: '09:00', durationMinutes: 180 })).toBe(1);
    expect(
      busiestQuarter(
        held(
          { date: TUE, time: '08:00', durationMinutes: 120 },
          { date: TUE, time: '09:00', durationMinutes: 60 },
        ),
      ),
    ).toEqual({
      date: TUE,
      time: '09:00',
      held: 2,
    });
  });

  it('sees a tour of the evening before in the early starts of the next Tokyo day', () => {
    const night = hours('20:00', '04:00');
    const booked = held({ date: TUE, time: '22:00', durationMinutes: 240 });
    const starts = bookableSlots({
      rule: night,
      durationMinutes: 60,
      from: WED,
      to: WED,
      window,
      states: [],
      days: booked,
    });
    expect(starts[WED]).toEqual(['02:00', '03:00', '20:00', '21:00', '22:00', '23:00']);
  });

  it('keeps a closed day closed for its starts while the spill of the night before stays bookable on it', () => {
    const night = hours('20:00', '02:00');
    const closedWed: TourDay[] = [{ date: WED, closed: true, held: {} }];
    const starts = bookableSlots({
      rule: night,
      durationMinutes: 60,
      from: TUE,
      to: WED,
      window,
      states: [],
      days: closedWed,
    });
    expect(starts[WED]).toBeUndefined();
    expect(starts[TUE]).toEqual(['00:00', '01:00', '20:00', '21:00', '22:00', '23:00']);
  });

  it('shows the host each start as the span it occupies, full when its busiest moment is at capacity', () => {
    const slots = editorSlots({
      rule: cycling,
      durationMinutes: 480,
      from: TUE,
      to: TUE,
      states: [{ experienceId: 'e', date: TUE, time: '08:00', booked: 1, blocked: false, capacity: null }],
      days: held({ date: TUE, time: '08:00', durationMinutes: 480 }),
    });
    expect(slots).toEqual([
      {
        date: TUE,
        time: '08:00',
        end: '16:00',
        endDayOffset: 0,
        booked: 1,
        inUse: 1,
        capacity: 2,
        blocked: false,
        status: 'available',
      },
    ]);
  });
});

describe('checking the times a host saves', () => {
  it('accepts start times inside the hours whose tour ends by closing', () => {
    expect(tourTimeProblems(hours('08:00', '17:00', { startTimes: ['08:00'] }), 480)).toEqual([]);
    expect(tourTimeProblems(hours('20:00', '02:00', { startTimes: ['20:00', '01:00'] }), 60)).toEqual([]);
    expect(tourTimeProblems(rule({ allDay: true, startTimes: ['23:00'] }), 1440)).toEqual([]);
  });

  it('names a start outside the hours and one whose tour would end after closing, in Japanese', () => {
    const problems = tourTimeProblems(
      hours('08:00', '17:00', { startTimes: ['07:00', '10:00', '08:00'] }),
      480,
    );
    expect(problems).toEqual([
      {
        path: ['availability', 'startTimes', 0],
        message: '開始時刻 07:00 は営業時間（08:00〜17:00）の外です',
      },
      {
        path: ['availability', 'startTimes', 1],
        message: '開始時刻 10:00 からの体験（8時間）は営業終了の17:00までに終わりません',
      },
    ]);
  });

  it('says when no hourly start fits the hours at all', () => {
    expect(tourTimeProblems(hours('09:00', '12:00'), 240)).toEqual([
      {
        path: ['durationMinutes'],
        message:
          '所要時間（4時間）が営業時間（09:00〜12:00）に収まりません。営業時間か所要時間を見直してください',
      },
    ]);
    expect(tourTimeProblems(hours('00:00', '23:59'), 1440)).toEqual([]);
  });
});
