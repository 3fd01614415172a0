import type { BackOfficeBooking } from '@domain/back-office-views';
import type { BookingStatus } from '@domain/entities';

/** The tour's language (what the guest chose on the detail page). */
export const tourLanguageLabel: Record<BackOfficeBooking['language'], string> = {
  en: '英語',
  ja: '日本語',
};

/** The status filter of the list (back-office spec §2; every state a host can meet). */
export const STATUS_FILTERS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'すべて' },
  { value: 'pending', label: '承認待ち' },
  { value: 'approved', label: '承認済み' },
  { value: 'completed', label: '完了' },
  { value: 'denied', label: '否認' },
  { value: 'expired', label: '期限切れ' },
  { value: 'cancelled', label: 'キャンセル済み' },
];
