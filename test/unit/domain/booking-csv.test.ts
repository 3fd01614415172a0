import type { AdminBookingListItem } from '@domain/back-office-views';
import {
  BOOKING_CSV_HEADER,
  bookingsCsv,
  bookingsCsvFileName,
  csvCell,
  csvPhone,
  tokyoDateTime,
} from '@domain/booking-csv';
import { makeBooking } from '../../support/fakes/fixtures';

const item = (overrides: Partial<AdminBookingListItem> = {}): AdminBookingListItem => ({
  ...makeBooking({ status: 'approved', reference: 'QX7Z2K', createdAt: '2025-05-31T15:30:00.000Z' }),
  host: { id: 'host-1', businessName: 'Setouchi Local Guides', email: 'host@example.com', suspended: false },
  ...overrides,
});

/** The file's rows as cells (a small RFC 4180 reader, enough for these files). */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('the booking CSV (host and admin alike)', () => {
  it('starts with a UTF-8 byte-order mark and a Japanese header, rows end in CRLF', () => {
    const csv = bookingsCsv([item()]);
    expect(csv.startsWith('\uFEFF予約番号,ステータス,体験,体験日,開始時刻,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes one row per booking with the status label, Tokyo times and the host', () => {
    const [header, row] = parse(bookingsCsv([item()]).slice(1));
    const cells = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(header).toEqual(BOOKING_CSV_HEADER);
    expect(cells).toMatchObject({
      予約番号: 'QX7Z2K',
      ステータス: '承認済み',
      // 15:30 UTC on the 31st is 00:30 on 1 June in Tokyo.
      受付日時: '2025/06/01 00:30',
      人数: '2',
      '金額（円）': '10000',
      ホスト: 'Setouchi Local Guides',
      '予約者（姓）': 'Yamada',
      体験の言語: '英語',
      対応者: '',
    });
  });

  it('quotes commas, quotes and line breaks, and keeps Japanese text as it is', () => {
    const [, row] = parse(
      bookingsCsv([
        item({ specialRequests: 'He said "no nuts",\r\nthanks', experienceTitle: '道後温泉、夜' }),
      ]).slice(1),
    );
    expect(row).toContain('He said "no nuts",\r\nthanks');
    expect(row).toContain('道後温泉、夜');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+81 90')).toBe("'+81 90");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('writes dates as yyyy/MM/dd, phones readable as phones, and a formula in a name as text', () => {
    const csv = bookingsCsv([
      item({ date: '2025-07-09', phone: '+819012345678' }),
      item({ phone: '+14155550100', firstName: '=HYPERLINK("http://evil.example","click")' }),
      item({ phone: '=1+1' }),
    ]);
    const [header, jp, us, bad] = parse(csv.slice(1));
    const at = (row: string[] | undefined, name: string) => row![header!.indexOf(name)];
    expect(at(jp, '体験日')).toBe('2025/07/09');
    expect(at(jp, '電話番号')).toBe('090-1234-5678');
    expect(at(us, '電話番号')).toBe('(+1) 415 555 0100');
    // No phone cell starts like a formula, so none needs the apostrophe Excel would show.
    expect(csv).not.toContain("'+");
    expect(at(us, '予約者（名）')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(at(bad, '電話番号')).toBe("'=1+1");
    for (const row of [jp, us, bad]) {
      for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('phones: national for Japan, the country code in brackets elsewhere, text that is no number as text', () => {
    expect(csvPhone('+81 89-000-0000')).toBe('089-000-0000');
    expect(csvPhone('+44 20 7946 0958')).toBe('(+44) 20 7946 0958');
    expect(csvPhone('+unknown')).toBe("'+unknown");
  });

  it('records who decided and when', () => {
    const [header, row] = parse(
      bookingsCsv([
        item({ decidedBy: { role: 'admin', userId: 'admin-1' }, decidedAt: '2025-06-02T03:04:00.000Z' }),
      ]).slice(1),
    );
    const cells = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(cells['対応者']).toBe('管理者');
    expect(cells['対応日時']).toBe('2025/06/02 12:04');
  });

  it('writes only the header for an empty list', () => {
    expect(bookingsCsv([])).toBe(`\uFEFF${BOOKING_CSV_HEADER.join(',')}\r\n`);
  });

  it('names the file after the Tokyo time of the export', () => {
    expect(tokyoDateTime('2025-12-31T15:00:00.000Z')).toBe('2026/01/01 00:00');
    expect(bookingsCsvFileName(new Date('2025-12-31T15:00:00.000Z'))).toBe('bookings-20260101-0000.csv');
    expect(bookingsCsvFileName(new Date('2025-12-31T15:00:00.000Z'), 'pending')).toBe(
      'bookings-pending-20260101-0000.csv',
    );
  });
});
