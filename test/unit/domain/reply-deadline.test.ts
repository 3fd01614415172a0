/**
 * The concierge's one-working-day reply deadline (issue 31): Japanese business days (weekends and national holidays
 * from `@holiday-jp/holiday_jp`), reception 10:30–18:00 Tokyo. Instants are written with their Tokyo offset; the
 * `unit-new-york` project reruns this file under America/New_York, so nothing may depend on the machine's zone.
 */
import { isBusinessDay, nextBusinessDay, replyDueAt } from '../../../functions/domain/reply-deadline';

const tokyo = (local: string) => new Date(`${local}+09:00`);
const due = (local: string) => replyDueAt(tokyo(local)).toISOString();
const at = (local: string) => tokyo(local).toISOString();

describe('business days', () => {
  it('are Monday to Friday that are not national holidays', () => {
    expect(isBusinessDay('2026-11-26')).toBe(true); // Thursday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-23')).toBe(false); // 勤労感謝の日, a Monday
    expect(isBusinessDay('2026-05-06')).toBe(false); // 振替休日 (substitute for Sunday 3 May)
  });

  it('skip a whole Golden Week', () => {
    expect(nextBusinessDay('2026-05-01')).toBe('2026-05-07');
  });
});

describe('a question inside reception hours is due at the same time the next business day', () => {
  it('on a weekday before a weekday', () => {
    expect(due('2026-11-26T12:00:00')).toBe(at('2026-11-27T12:00:00'));
  });

  it('at 17:55 on a Friday before a holiday Monday: Tuesday 17:55', () => {
    // 2027-01-11 is 成人の日.
    expect(due('2027-01-08T17:55:00')).toBe(at('2027-01-12T17:55:00'));
    // 2026-11-23 is 勤労感謝の日.
    expect(due('2026-11-20T17:55:00')).toBe(at('2026-11-24T17:55:00'));
  });

  it('at 17:55 on an ordinary Friday: Monday 17:55', () => {
    expect(due('2026-11-27T17:55:00')).toBe(at('2026-11-30T17:55:00'));
  });

  it('over Golden Week: Friday 1 May → Thursday 7 May', () => {
    expect(due('2026-05-01T17:55:00')).toBe(at('2026-05-07T17:55:00'));
    expect(due('2026-04-28T15:00:00')).toBe(at('2026-04-30T15:00:00')); // over 昭和の日
  });

  it('exactly at 10:30 (opening) and one second before 18:00 count as inside', () => {
    expect(due('2026-11-30T10:30:00')).toBe(at('2026-12-01T10:30:00'));
    expect(due('2026-11-30T17:59:59')).toBe(at('2026-12-01T17:59:59'));
  });

  it('keeps the seconds', () => {
    expect(due('2026-11-26T14:07:31.250')).toBe(at('2026-11-27T14:07:31.250'));
  });
});

describe('a question outside reception counts from the next opening and is due one business day later at 10:30', () => {
  it('before 10:30 on a business day: counts that day, due the next business day at 10:30', () => {
    expect(due('2026-11-30T10:29:00')).toBe(at('2026-12-01T10:30:00'));
    expect(due('2026-11-30T09:00:00')).toBe(at('2026-12-01T10:30:00'));
  });

  it('just after midnight Tokyo (still the previous day in UTC): the Tokyo day counts', () => {
    // Monday 00:30 in Tokyo is Sunday 15:30 UTC.
    expect(due('2026-11-30T00:30:00')).toBe(at('2026-12-01T10:30:00'));
  });

  it('exactly at 18:00 (closing) counts as after hours', () => {
    expect(due('2026-11-30T18:00:00')).toBe(at('2026-12-02T10:30:00'));
  });

  it('19:00 on a Friday: counts Monday 10:30, due Tuesday 10:30', () => {
    expect(due('2026-11-27T19:00:00')).toBe(at('2026-12-01T10:30:00'));
  });

  it('19:00 on a Friday before a holiday Monday: counts Tuesday, due Wednesday 10:30', () => {
    expect(due('2027-01-08T19:00:00')).toBe(at('2027-01-13T10:30:00'));
  });

  it('on a Saturday or a Sunday: due Tuesday 10:30', () => {
    expect(due('2026-11-28T14:00:00')).toBe(at('2026-12-01T10:30:00'));
    expect(due('2026-11-29T23:59:00')).toBe(at('2026-12-01T10:30:00'));
  });

  it('on a national holiday inside Golden Week: counts Thursday 7 May, due Friday 8 May 10:30', () => {
    expect(due('2026-05-04T12:00:00')).toBe(at('2026-05-08T10:30:00'));
  });
});

describe('the year end', () => {
  it('only 1 January is closed (the 12/29–1/3 office break is not treated)', () => {
    expect(due('2026-12-28T12:00:00')).toBe(at('2026-12-29T12:00:00'));
    // Thursday 31 December → Monday 4 January (Friday 1 January is 元日, then the weekend).
    expect(due('2026-12-31T12:00:00')).toBe(at('2027-01-04T12:00:00'));
  });
});
