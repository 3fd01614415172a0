/**
 * What the concierge desk's guest pages share (DESIGN §4h, §6 wave 4): the answers of the guest routes and the way
 * the pages write the desk's times. In `lib/` because the conversation page (concierge feature) and the offer page
 * (booking feature, which owns the checkout) both read offers, and a feature never imports another.
 */
import type { InquiryStatus } from '@domain/inquiries';
import type { GuestOfferDetail, GuestOfferView, OfferStatus } from '@domain/offers';

export type { InquiryStatus, OfferStatus };
/** An offer as the guest sees it in `GET /api/inquiries/{token}`. */
export type GuestOffer = GuestOfferView;
/** `GET /api/offers/{token}`: the guest offer with what the checkout needs. */
export type OfferDetail = GuestOfferDetail;

export interface InquiryMessage {
  from: 'guest' | 'concierge';
  text: string;
  createdAt: string;
}

/** `GET /api/inquiries/{token}`. */
export interface Conversation {
  status: InquiryStatus;
  replyDueAt: string;
  messages: InquiryMessage[];
  offers: GuestOffer[];
}

/** An offer the guest can still book. */
export const isOpenOffer = (status: OfferStatus): boolean => status === 'sent' || status === 'opened';

/** An instant of the desk (reply deadline, offer expiry, a message) in Tokyo time, written the language's way. */
export function tokyoTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
