/**
 * The booking export, one format for the host (`/host/bookings`, built in the browser) and the admin
 * (`GET /api/admin/bookings.csv`): the same columns in the same order with Japanese headers (issue 21 item 15).
 * RFC 4180 CSV in UTF-8 with a byte-order mark, so that Excel in Japan opens the Japanese header and names as text
 * instead of mojibake, lines ending in CRLF. Dates are `yyyy/MM/dd`, instants Tokyo wall-clock `yyyy/MM/dd HH:mm`;
 * the tour's date and time are the stored Tokyo values.
 *
 * Guests and hosts type the names, requests and reasons: a cell that a spreadsheet would read as a formula
 * (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with an apostrophe (OWASP "CSV injection"). Phone
 * numbers are written so that they never start like a formula and need no apostrophe: a Japanese number in its
 * national form (`090-1234-5678`), another with its country code in brackets (`(+1) 415 555 0100`).
 */
import { nationalityIn } from './countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { AdminHostSummary, BackOfficeBooking } from './back-office-views';
import { backOfficeStatusLabel } from './booking-status-labels';
import { TOKYO_TIME_ZONE, zonedParts } from './calendar';

export const CSV_BOM = '\uFEFF';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant as Tokyo `yyyy/MM/dd HH:mm`. */
export function tokyoDateTime(iso: string): string {
  const p = zonedParts(new Date(iso), TOKYO_TIME_ZONE);
  return `${p.year}/${pad2(p.month)}/${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** A calendar date `yyyy-MM-dd` as `yyyy/MM/dd`. */
export const csvDate = (date: string) => date.replaceAll('-', '/');

const FORMULA_START = /^[=+\-@\t\r]/;

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell: quoted when it holds a separator, a quote or a line break; neutralised when it looks like a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/**
 * A phone number as a spreadsheet shows it, readable and never a formula: `090-1234-5678` for Japan,
 * `(+1) 415 555 0100` elsewhere. Text that is not a phone number is an ordinary cell (neutralised if need be).
 */
export function csvPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'JP');
  if (!parsed?.isValid()) return csvCell(phone);
  if (parsed.country === 'JP') return quoted(parsed.formatNational());
  // `+1 415 555 0100` → `(+1) 415 555 0100`: the international form (no trunk 0), the code in brackets.
  const code = `+${parsed.countryCallingCode}`;
  return quoted(`(${code})${parsed.formatInternational().slice(code.length)}`);
}

const LANGUAGES: Record<string, string> = { en: '英語', ja: '日本語' };
const ACTORS: Record<string, string> = { host: 'ホスト', admin: '管理者' };

/** Who cancelled and how the refund stands, in the back office's words. */
export const CANCELLED_BY = { guest: 'ゲスト', host: 'ホスト', admin: '管理者' } as const;
export const REFUND_STATUS = { pending: '返金処理中', failed: '返金失敗', succeeded: '返金済み' } as const;

/** A row of the export: the booking and its host (the admin list's summary, or the host's own profile). */
export type CsvBooking = BackOfficeBooking & {
  host?: Pick<AdminHostSummary, 'businessName' | 'email'> | null;
};

/** A phone cell is written as it is (already safe); everything else goes through `csvCell`. */
interface PhoneCell {
  phone: string;
}
type Value = string | number | null | PhoneCell;

const COLUMNS: [header: string, value: (b: CsvBooking) => Value][] = [
  ['予約番号', (b) => b.reference],
  ['ステータス', (b) => backOfficeStatusLabel(b.status)],
  ['体験', (b) => b.experienceTitle],
  ['体験日', (b) => csvDate(b.date)],
  ['開始時刻', (b) => b.time],
  ['人数', (b) => b.guests],
  ['単価（円）', (b) => b.unitPrice],
  ['金額（円）', (b) => b.amount],
  ['予約者（姓）', (b) => b.lastName],
  ['予約者（名）', (b) => b.firstName],
  ['予約者のメールアドレス', (b) => b.email],
  ['電話番号', (b) => ({ phone: b.phone })],
  ['国籍', (b) => nationalityIn(b.nationality, 'ja')],
  ['体験の言語', (b) => LANGUAGES[b.language] ?? b.language],
  ['特別なリクエスト', (b) => b.specialRequests],
  ['受付日時', (b) => tokyoDateTime(b.createdAt)],
  ['回答期限', (b) => (b.status === 'pending' && b.deadline ? tokyoDateTime(b.deadline) : null)],
  ['否認理由', (b) => (b.status === 'denied' ? b.deniedMessage : null)],
  ['対応者', (b) => (b.decidedBy ? (ACTORS[b.decidedBy.role] ?? b.decidedBy.role) : null)],
  ['対応日時', (b) => (b.decidedAt ? tokyoDateTime(b.decidedAt) : null)],
  ['キャンセル者', (b) => (b.cancelledBy ? CANCELLED_BY[b.cancelledBy] : null)],
  ['キャンセル理由', (b) => b.cancellationReason ?? null],
  ['キャンセル日時', (b) => (b.cancelledAt ? tokyoDateTime(b.cancelledAt) : null)],
  ['返金額（円）', (b) => b.refundAmount ?? null],
  ['返金状況', (b) => (b.refundStatus ? REFUND_STATUS[b.refundStatus] : null)],
  ['ホスト', (b) => b.host?.businessName ?? null],
  ['ホストのメールアドレス', (b) => b.host?.email ?? null],
  ['予約ID', (b) => b.id],
  ['体験ID', (b) => b.experienceId],
];

export const BOOKING_CSV_HEADER = COLUMNS.map(([header]) => header);

const cellOf = (value: Value) =>
  value !== null && typeof value === 'object' ? csvPhone(value.phone) : csvCell(value);

/** The whole file: BOM, header row, one row per booking, CRLF after every row. */
export function bookingsCsv(bookings: readonly CsvBooking[]): string {
  const rows = [
    BOOKING_CSV_HEADER.map(csvCell),
    ...bookings.map((b) => COLUMNS.map(([, v]) => cellOf(v(b)))),
  ];
  return CSV_BOM + rows.map((cells) => `${cells.join(',')}\r\n`).join('');
}

/** `bookings-20250501-1403.csv`: the Tokyo time of the export, so two exports of a day do not overwrite. */
export function bookingsCsvFileName(now: Date, status?: string): string {
  const stamp = tokyoDateTime(now.toISOString()).replace(/[/:]/g, '').replace(' ', '-');
  return `bookings${status ? `-${status}` : ''}-${stamp}.csv`;
}
