import type { BookingStatus } from '../domain/entities';
import type { OfferRepository } from './concierge/offer-ports';
import { holdSettlement } from './concierge/hold-settlement';
import { DomainError, isDomainError } from '../domain/errors';
import { BOOKING_NOT_FOUND_MESSAGE } from './confirm-payment';
import type { BookingRepository, Logger, PaymentGateway, PaymentIntentStatus } from './ports';
import { releaseAuthorisation } from './release-authorisation';

export const HOLD_NOT_RELEASABLE_MESSAGE =
  'This booking request has already been paid and sent to the host, so it cannot be released here.';

/** Intent states in which the card is (or is about to be) authorised: the hold is no longer the guest's to drop. */
const PAID: readonly PaymentIntentStatus[] = ['processing', 'requires_capture', 'succeeded'];
/** Already given back, by an earlier release or by the expiry job: releasing again changes nothing. */
const RELEASED: readonly BookingStatus[] = ['cancelled', 'expired'];

export interface ReleaseHoldDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  logger: Logger;
  clock: () => Date;
  /** Issue 31: a hold booked from an offer hands its time back to the offer. */
  offers?: Pick<OfferRepository, 'get'>;
}

/**
 * `POST /api/bookings/{id}/release`: a guest who leaves the booking form gives their hold back at once, instead of
 * blocking the slot for the rest of its 15 minutes. Only an `awaiting_payment` booking whose card is not
 * authorised is released, and only for the browser that holds the payment's client secret (a reference or a
 * booking id alone is not enough). The booking is cancelled first and the authorisation after, so the
 * cancellation's payment event finds the booking closed; nobody is mailed, since the guest never had a booking.
 */
export function makeReleaseHold(deps: ReleaseHoldDeps) {
  return async function releaseHold(
    bookingId: string,
    clientSecret: string,
  ): Promise<{ bookingId: string; status: BookingStatus }> {
    const booking = await deps.bookings.get(bookingId);
    // The same answer for an unknown booking and a wrong secret: it tells a stranger nothing.
    if (
      !booking?.paymentIntentId ||
      !(await deps.payments.clientSecretMatches(booking.paymentIntentId, clientSecret))
    ) {
      throw new DomainError('not_found', BOOKING_NOT_FOUND_MESSAGE);
    }
    if (RELEASED.includes(booking.status)) return { bookingId, status: booking.status };
    if (booking.status !== 'awaiting_payment') {
      throw new DomainError('state_conflict', HOLD_NOT_RELEASABLE_MESSAGE);
    }
    const intent = await deps.payments.retrieve(booking.paymentIntentId);
    if (PAID.includes(intent.status)) throw new DomainError('state_conflict', HOLD_NOT_RELEASABLE_MESSAGE);

    try {
      const offer = booking.offerId && deps.offers ? await deps.offers.get(booking.offerId) : null;
      await deps.bookings.transition(bookingId, 'awaiting_payment', 'cancelled', {
        ...holdSettlement(offer, deps.clock()),
        deadline: null,
      });
    } catch (e) {
      if (!isDomainError(e) || e.code !== 'state_conflict') throw e;
      // Moved meanwhile: by the expiry job (already given back) or by a confirmation (paid after all).
      const current = await deps.bookings.get(bookingId);
      if (current && RELEASED.includes(current.status)) return { bookingId, status: current.status };
      throw new DomainError('state_conflict', HOLD_NOT_RELEASABLE_MESSAGE);
    }
    await releaseAuthorisation(deps, booking.paymentIntentId, bookingId, 'abandoned');
    deps.logger.info('Hold given back by the guest', { bookingId });
    return { bookingId, status: 'cancelled' };
  };
}

export type ReleaseHold = ReturnType<typeof makeReleaseHold>;
