import type { BackOfficeBooking } from '@domain/back-office-views';
import { backOfficeStatusLabel } from '@domain/booking-status';
import { toCsv } from '../../../lib/back-office/csv';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { tourLanguageLabel } from './booking-labels';

const HEADER = [
  '予約番号',
  'ステータス',
  '体験',
  '予約日',
  '開始時刻',
  '人数',
  '単価',
  '合計金額',
  '名',
  '姓',
  'メール',
  '電話番号',
  '国籍',
  'ツアー言語',
  '特別なリクエスト',
  '否認理由',
  '受付日時',
  '回答期限',
] as const;

/** The booking list as a CSV file for Excel (amounts as plain numbers so Excel can add them up). */
export function bookingsCsv(bookings: readonly BackOfficeBooking[]): string {
  return toCsv(
    HEADER,
    bookings.map((b) => [
      b.reference,
      backOfficeStatusLabel(b.status),
      b.experienceTitle,
      b.date,
      b.time,
      b.guests,
      b.unitPrice,
      b.amount,
      b.firstName,
      b.lastName,
      b.email,
      b.phone,
      b.nationality,
      tourLanguageLabel[b.language] ?? b.language,
      b.specialRequests,
      b.status === 'denied' ? b.deniedMessage : null,
      formatDateTimeJa(b.createdAt),
      b.status === 'pending' && b.deadline ? formatDateTimeJa(b.deadline) : null,
    ]),
  );
}
