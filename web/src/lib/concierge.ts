/**
 * What the concierge desk's guest pages share (DESIGN §4h, §6 wave 4): the answers of the guest routes and the way
 * the pages write the desk's times. In `lib/` because the conversation page (concierge feature) and the offer page
 * (booking feature, which owns the checkout) both read offers, and a feature never imports another.
 */
import type { GuestLocale } from '@domain/entities';

export type OfferStatus = 'sent' | 'opened' | 'booked' | 'expired' | 'withdrawn';
export type InquiryStatus = 'new' | 'answered' | 'waiting' | 'closed';

/** An offer as the guest sees it in `GET /api/inquiries/{token}`. */
export interface GuestOffer {
  id: string;
  token: string;
  /** The absolute guest link, `<siteUrl><prefix>/offer/<token>`. */
  url: string;
  status: OfferStatus;
  experience: { id: string; title: string; image: string | null };
  date: string;
  time: string;
  guests: number;
  totalAmount: number;
  message: string;
  expiresAt: string;
}

/** `GET /api/offers/{token}`: the guest offer with what the checkout needs. */
export interface OfferDetail extends Omit<GuestOffer, 'id' | 'token' | 'url'> {
  durationMinutes: number;
  preApproved: boolean;
  guest: { name: string; email: string; locale: GuestLocale };
  bookingReference?: string;
}

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
