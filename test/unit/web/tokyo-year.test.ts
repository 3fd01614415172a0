import { tokyoYear } from '../../../web/src/lib/tokyo-year';

const yearViaIntl = (instant: Date) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(instant));

describe("the footer's year in Tokyo", () => {
  it.each([
    '2026-12-31T14:59:59.999Z', // 23:59:59 on New Year's Eve in Tokyo
    '2026-12-31T15:00:00.000Z', // midnight: already 2027 in Tokyo, still 2026 in London
    '2027-01-01T00:00:00.000Z',
    '2028-02-29T12:00:00.000Z',
    '1999-12-31T15:00:00.000Z',
  ])('at %s is the year the zone rules give', (iso) => {
    expect(tokyoYear(new Date(iso))).toBe(yearViaIntl(new Date(iso)));
  });

  it('turns at midnight in Tokyo, not in UTC', () => {
    expect(tokyoYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(tokyoYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });
});
