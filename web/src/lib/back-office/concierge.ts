/**
 * The concierge desk as the admin back office reads it (DESIGN §4h, §6 wave 4, issue 31's shared contract): the
 * inquiry and offer answers of the admin API and their statuses in Japanese. Shared by the inbox (admin-inquiries)
 * and the offers (admin-offers), which may not import each other.
 */
import type { GuestLocale } from '@domain/entities';

export type InquiryStatus = 'new' | 'answered' | 'waiting' | 'closed';
export type OfferStatus = 'sent' | 'opened' | 'booked' | 'expired' | 'withdrawn';

export const INQUIRY_STATUSES: readonly InquiryStatus[] = ['new', 'answered', 'waiting', 'closed'];
export const OFFER_STATUSES: readonly OfferStatus[] = ['sent', 'opened', 'booked', 'expired', 'withdrawn'];

export const inquiryStatusJa: Record<InquiryStatus, string> = {
  new: '新規',
  answered: '回答済み',
  waiting: 'お客様の返信待ち',
  closed: '完了',
};

export const offerStatusJa: Record<OfferStatus, string> = {
  sent: '送信済み',
  opened: '開封済み',
  booked: '予約済み',
  expired: '期限切れ',
  withdrawn: '取り下げ済み',
};

/** An offer the concierge may still withdraw (the slot is held and nobody has booked it). */
export const isOfferOpen = (status: OfferStatus): boolean => status === 'sent' || status === 'opened';

/** `GET /api/admin/inquiries` items. */
export interface AdminInquiryListItem {
  id: string;
  name: string;
  email: string;
  status: InquiryStatus;
  createdAt: string;
  replyDueAt: string;
  overdue: boolean;
}

export interface InquiryMessage {
  from: 'guest' | 'concierge';
  text: string;
  createdAt: string;
}

/** An offer as the admin reads it (the guest's view plus who, what it pays the platform and what became of it). */
export interface AdminOffer {
  id: string;
  token: string;
  url: string;
  status: OfferStatus;
  experience: { id: string; title: string; image: string };
  date: string;
  time: string;
  guests: number;
  totalAmount: number;
  message: string;
  expiresAt: string;
  inquiryId?: string;
  platformFee: number;
  preApproved: boolean;
  guest: { name: string; email: string; locale: GuestLocale };
  hostId: string;
  businessName: string;
  createdAt: string;
  bookingId?: string;
  bookingReference?: string;
}

/** `GET /api/admin/inquiries/{id}` (and the answer of its reply and close). */
export interface AdminInquiryDetail {
  id: string;
  name: string;
  email: string;
  locale: GuestLocale;
  status: InquiryStatus;
  createdAt: string;
  replyDueAt: string;
  overdue: boolean;
  experience?: { id: string; title: string };
  preferredDates?: string;
  guests?: number;
  messages: InquiryMessage[];
  offers: AdminOffer[];
}

/** `POST /api/admin/offers` answers at least these (the shared contract adds the admin offer's fields). */
export type CreatedOffer = Pick<AdminOffer, 'id' | 'token' | 'url' | 'status' | 'expiresAt'> &
  Partial<AdminOffer>;
