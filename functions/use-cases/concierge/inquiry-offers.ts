/**
 * The offers of an inquiry, as the inquiry routes show them (issue 31's shared contract). The offers backend owns
 * offers; the inquiries read them only through this port. The shapes are the contract's:
 * - `Offer`: what the guest sees in `GET /api/inquiries/{token}` (`url` is the absolute guest link
 *   `<siteUrl><prefix>/offer/<token>`, the prefix from the offer's guest locale);
 * - `AdminOffer`: the guest's view plus what the concierge sees (`GET /api/admin/inquiries/{id}`, the offers list).
 */
import type { AdminOfferView, GuestOfferView } from '../../domain/offers';

export type { OfferStatus } from '../../domain/offers';
export type Offer = GuestOfferView;
export type AdminOffer = AdminOfferView;

export interface InquiryOffers {
  /** The offers made from an inquiry, newest first; [] when there are none. */
  listByInquiry(inquiryId: string): Promise<AdminOffer[]>;
}

/** The guest's view of an offer: the admin's fields left out. */
export function guestOffer(offer: AdminOffer): Offer {
  return {
    id: offer.id,
    token: offer.token,
    url: offer.url,
    status: offer.status,
    experience: offer.experience,
    date: offer.date,
    time: offer.time,
    guests: offer.guests,
    totalAmount: offer.totalAmount,
    message: offer.message,
    expiresAt: offer.expiresAt,
  };
}
