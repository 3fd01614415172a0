/**
 * Tokyo's wall clock without a formatter (issue 34): from 1952 on it must be exactly what the zone's IANA rules say,
 * which the browser's and Node's `Intl` apply. Checked against `Intl` itself, hour by hour around New Year and across
 * leap days, and at a prime step over sixty years; instants before 1952 (Tokyo's daylight saving time of 1948–51)
 * still go through the formatter.
 */
import { TOKYO_TIME_ZONE, dateInZone, zonedParts } from '../../../functions/domain/calendar';

const viaIntl = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function intlParts(instant: Date) {
  const p = Object.fromEntries(viaIntl.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: WEEKDAYS.indexOf(p.weekday!),
  };
}

describe("Tokyo's wall clock", () => {
  it('is what the zone rules say every hour around New Year 2026/27 and the leap day of 2028', () => {
    for (const start of [Date.UTC(2026, 11, 30), Date.UTC(2028, 1, 27)]) {
      for (let h = 0; h < 96; h++) {
        const instant = new Date(start + h * 3_600_000 + 17 * 60_000);
        expect(zonedParts(instant, TOKYO_TIME_ZONE)).toEqual(intlParts(instant));
      }
    }
  });

  it('is what the zone rules say at a prime step from 1952 to 2012', () => {
    for (let t = Date.UTC(1952, 0, 1); t < Date.UTC(2012, 0, 1); t += 7_919_993_000) {
      expect(zonedParts(new Date(t), TOKYO_TIME_ZONE)).toEqual(intlParts(new Date(t)));
    }
  });

  it('turns the date at midnight in Tokyo (15:00 UTC)', () => {
    expect(dateInZone(new Date('2026-12-31T14:59:00Z'), TOKYO_TIME_ZONE)).toBe('2026-12-31');
    expect(dateInZone(new Date('2026-12-31T15:00:00Z'), TOKYO_TIME_ZONE)).toBe('2027-01-01');
  });

  it("follows the zone's daylight saving time of 1949 through the formatter", () => {
    // 1949-07-01 12:00 UTC was 22:00 in Tokyo (UTC+10 that summer), not 21:00.
    const summer = new Date(Date.UTC(1949, 6, 1, 12));
    expect(zonedParts(summer, TOKYO_TIME_ZONE)).toEqual(intlParts(summer));
  });
});
