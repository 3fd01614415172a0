/**
 * How an unpaid hold gives its time back (issue 31). A booking's own hold releases it; a hold that took over a
 * concierge's offer hands it back to the offer (→ `opened`, still holding) while the offer has not expired, and
 * past the expiry releases it and expires the offer. Either way in the booking's own transition.
 */
import type { Offer } from '../../domain/offers';
import type { BookingTransitionOptions } from '../booking-ports';

export function holdSettlement(
  offer: Offer | null,
  now: Date,
): Pick<BookingTransitionOptions, 'releaseSlot' | 'offerHandBack' | 'now'> {
  if (!offer) return { releaseSlot: true, now };
  const beforeExpiry = Date.parse(offer.expiresAt) > now.getTime();
  return beforeExpiry
    ? { releaseSlot: false, offerHandBack: { offer, to: 'opened' }, now }
    : { releaseSlot: true, offerHandBack: { offer, to: 'expired' }, now };
}
