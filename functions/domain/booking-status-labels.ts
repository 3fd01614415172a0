/**
 * How each booking state is shown (guest pages in English and Japanese, the back office in Japanese) and whether a
 * host may decide it. Type imports only: a screen that just shows a status does not load the entities' schemas.
 */
import type { BookingStatus } from './entities';

export type StatusColour = 'amber' | 'green' | 'red' | 'grey' | 'blue';

export interface StatusPresentation {
  /** Guest pages (English). */
  en: string;
  /** The Japanese guest pages (booking lookup). */
  ja: string;
  /** Host and admin lists (Japanese back office). */
  backOffice: string;
  colour: StatusColour;
}

/** Labels from the specification where it gives them (guest §4), sensible ones for the states it does not name. */
export const bookingStatusPresentation: Record<BookingStatus, StatusPresentation> = {
  awaiting_payment: { en: 'Awaiting payment', ja: 'お支払い待ち', backOffice: '決済待ち', colour: 'grey' },
  pending: { en: 'Requesting', ja: '予約確認中', backOffice: '承認待ち', colour: 'amber' },
  approved: { en: 'Confirmed', ja: '予約確定', backOffice: '承認済み', colour: 'green' },
  denied: { en: 'Unapproved', ja: '予約不可', backOffice: '否認', colour: 'red' },
  expired: { en: 'Expired', ja: '期限切れ', backOffice: '期限切れ', colour: 'grey' },
  cancelled: { en: 'Cancelled', ja: 'キャンセル済み', backOffice: 'キャンセル済み', colour: 'red' },
  completed: { en: 'Completed', ja: '完了', backOffice: '完了', colour: 'blue' },
};

export function statusLabel(status: BookingStatus, language: 'en' | 'ja'): string {
  return bookingStatusPresentation[status][language];
}

export function backOfficeStatusLabel(status: BookingStatus): string {
  return bookingStatusPresentation[status].backOffice;
}

export function statusColour(status: BookingStatus): StatusColour {
  return bookingStatusPresentation[status].colour;
}

/** Only a request waiting for the host can be approved or denied (back-office §4: buttons disabled otherwise). */
export function canHostDecide(status: BookingStatus): boolean {
  return status === 'pending';
}
