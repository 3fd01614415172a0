import {
  addDays,
  addHours,
  addMinutes,
  bookableWindow,
  formatBookingDate,
  clipRange,
  compareDates,
  dateInZone,
  datesBetween,
  daysBetween,
  daysInMonth,
  endOfMonthAfter,
  holdExpiry,
  HOLD_MINUTES,
  HOST_DECISION_HOURS,
  hostDecisionDeadline,
  isCalendarDate,
  isDateInRange,
  monthInZone,
  todayInTokyo,
  todayInZone,
  tokyoDateTimeToInstant,
  TOKYO_TIME_ZONE,
  weekdayOf,
  zonedDateTimeToInstant,
  zoneOffsetMinutes,
} from '@domain/calendar';

const at = (iso: string) => new Date(iso);

describe('today in a zone', () => {
  it('is the Tokyo date even when UTC is still on the previous day', () => {
    // 16:00Z on 30 November is 01:00 on 1 December in Tokyo.
    expect(todayInZone(at('2026-11-30T16:00:00Z'), TOKYO_TIME_ZONE)).toBe('2026-12-01');
    expect(todayInZone(at('2026-11-30T14:59:59Z'), TOKYO_TIME_ZONE)).toBe('2026-11-30');
    expect(todayInZone(at('2026-11-30T15:00:00Z'), TOKYO_TIME_ZONE)).toBe('2026-12-01');
    expect(todayInTokyo(at('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });

  it('differs per zone for the same instant', () => {
    const now = at('2026-11-30T16:00:00Z');
    expect(todayInZone(now, 'America/New_York')).toBe('2026-11-30');
    expect(dateInZone(now, 'UTC')).toBe('2026-11-30');
    expect(monthInZone(now, TOKYO_TIME_ZONE)).toBe('2026-12');
  });
});

describe('calendar date arithmetic', () => {
  it('adds days across month and year ends, and backwards', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('keeps whole days across the daylight-saving changes of the machine zone', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
  });

  it('gives the weekday of a date, Sunday = 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0); // Sunday
    expect(weekdayOf('2026-11-21')).toBe(6); // Saturday
    expect(weekdayOf('2028-02-29')).toBe(2); // Tuesday
  });

  it('lists the dates between two dates, both included', () => {
    expect(datesBetween('2027-02-27', '2027-03-02')).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ]);
    expect(datesBetween('2026-05-01', '2026-05-01')).toEqual(['2026-05-01']);
    expect(datesBetween('2026-05-02', '2026-05-01')).toEqual([]);
  });

  it('compares dates', () => {
    expect(compareDates('2026-01-02', '2026-01-10')).toBeLessThan(0);
    expect(compareDates('2026-01-10', '2026-01-10')).toBe(0);
    expect(compareDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });

  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('finds the end of the month n months later, whatever the day', () => {
    expect(endOfMonthAfter('2026-08-31', 6)).toBe('2027-02-28');
    expect(endOfMonthAfter('2027-08-31', 6)).toBe('2028-02-29');
    expect(endOfMonthAfter('2026-07-15', 6)).toBe('2027-01-31');
    expect(endOfMonthAfter('2026-06-30', 6)).toBe('2026-12-31');
  });
});

describe('the bookable window', () => {
  // 85 days, not the specification's six months: what Stripe lets a platform hold before paying out (DESIGN §4g).
  it('runs from today + 3 days to today + 85 days (Tokyo)', () => {
    expect(bookableWindow(at('2026-11-21T10:00:00Z'))).toEqual({ from: '2026-11-24', to: '2027-02-14' });
  });

  it('uses the Tokyo date when UTC is still on the previous day', () => {
    // Already 1 December in Tokyo.
    expect(bookableWindow(at('2026-11-30T16:00:00Z'))).toEqual({ from: '2026-12-04', to: '2027-02-24' });
    expect(bookableWindow(at('2026-11-30T14:00:00Z'))).toEqual({ from: '2026-12-03', to: '2027-02-23' });
  });

  it('crosses the year, and February of a leap year', () => {
    expect(bookableWindow(at('2026-12-30T00:00:00Z'))).toEqual({ from: '2027-01-02', to: '2027-03-25' });
    expect(bookableWindow(at('2027-12-20T03:00:00Z')).to).toBe('2028-03-14');
  });

  it('can be computed in another zone on purpose', () => {
    expect(bookableWindow(at('2026-11-30T16:00:00Z'), 'America/New_York')).toEqual({
      from: '2026-12-03',
      to: '2027-02-23',
    });
  });

  it('clips a requested range to the window', () => {
    const window = { from: '2026-11-24', to: '2027-05-31' };
    expect(clipRange({ from: '2026-11-01', to: '2026-11-30' }, window)).toEqual({
      from: '2026-11-24',
      to: '2026-11-30',
    });
    expect(clipRange({ from: '2027-05-01', to: '2027-07-01' }, window)).toEqual({
      from: '2027-05-01',
      to: '2027-05-31',
    });
    expect(clipRange({ from: '2026-12-01', to: '2026-12-31' }, window)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(clipRange({ from: '2026-11-01', to: '2026-11-23' }, window)).toBeNull();
    expect(clipRange({ from: '2027-06-01', to: '2027-06-30' }, window)).toBeNull();
    expect(isDateInRange('2026-11-24', window)).toBe(true);
    expect(isDateInRange('2026-11-23', window)).toBe(false);
  });
});

describe('wall clock → instant', () => {
  it('converts a Tokyo date and time to the instant (UTC+9)', () => {
    expect(tokyoDateTimeToInstant('2026-12-01', '09:00').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(tokyoDateTimeToInstant('2026-12-01', '00:00').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(zoneOffsetMinutes(at('2026-07-01T00:00:00Z'), TOKYO_TIME_ZONE)).toBe(540);
  });

  it('handles daylight saving in zones that have it', () => {
    expect(zonedDateTimeToInstant('2026-07-01', '12:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-01-15', '12:00', 'America/New_York').toISOString()).toBe(
      '2026-01-15T17:00:00.000Z',
    );
    // Just after the spring-forward change, a naive guess lands on the wrong side of it.
    expect(zonedDateTimeToInstant('2026-03-08', '05:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T09:00:00.000Z',
    );
    // 02:30 does not exist that night: it moves forward by the gap to 03:30 EDT.
    expect(zonedDateTimeToInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 happens twice on 1 November: the first one (EDT) is chosen.
    expect(zonedDateTimeToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('rejects malformed times', () => {
    expect(() => tokyoDateTimeToInstant('2026-12-01', '24:00')).toThrow(RangeError);
    expect(() => tokyoDateTimeToInstant('2026-12-01', '9:00')).toThrow(RangeError);
  });
});

describe('deadlines', () => {
  const now = at('2026-11-21T10:00:00Z');

  it('holds an unpaid slot for 15 minutes', () => {
    expect(HOLD_MINUTES).toBe(15);
    expect(holdExpiry(now).toISOString()).toBe('2026-11-21T10:15:00.000Z');
  });

  it('gives the host 48 hours to decide', () => {
    expect(HOST_DECISION_HOURS).toBe(48);
    expect(hostDecisionDeadline(now).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('adds minutes and hours to instants without touching the original', () => {
    expect(addMinutes(now, -30).toISOString()).toBe('2026-11-21T09:30:00.000Z');
    expect(addHours(now, 1.5).toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(now.toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });
});

describe('formatBookingDate', () => {
  it('adds the weekday of the calendar date, in English and Japanese, whatever the machine’s zone', () => {
    expect(formatBookingDate('2025-05-01', 'en')).toBe('2025-05-01 (Thu)');
    expect(formatBookingDate('2025-05-01', 'ja')).toBe('2025年5月1日（木）');
    expect(formatBookingDate('2026-12-04', 'en')).toBe('2026-12-04 (Fri)');
  });
});
