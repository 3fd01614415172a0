import { captureMoney } from '../domain/booking-money';
import type { Booking } from '../domain/entities';
import { isDomainError } from '../domain/errors';
import { errorFields } from './console-logger';
import type { CancelBooking, RefundAttempt } from './cancel-booking';
import type { ConfirmPayment } from './confirm-payment';
import { bookingAfter, type BookingNotifications } from './mail-notifications';
import type {
  BookingRepository,
  BookingTransitionOptions,
  Logger,
  OutboxMail,
  PaymentGateway,
} from './ports';
import type { OfferRepository } from './concierge/offer-ports';
import { holdSettlement } from './concierge/hold-settlement';
import { releaseAuthorisation } from './release-authorisation';

/** Bookings one run handles; the oldest deadlines first, the rest on the next run (every minute or few). */
export const DEFAULT_EXPIRY_BATCH = 100;

export interface ExpireBookingsResult {
  /** Due bookings read. */
  examined: number;
  /** Moved to `expired` by this run. */
  expired: number;
  /**
   * Moved forward instead of expired: a hold found authorised at the last second (→ `pending`), or a request whose
   * approval captured the card but died before recording it (→ `approved`).
   */
  confirmed: number;
  /** Left as they were because another writer moved them first (approval, confirmation, a payment event). */
  skipped: number;
  /** Could not be handled now; they stay due and the next run tries again. */
  failed: number;
  /** Owed refunds of cancelled bookings made by this run. */
  refunded: number;
}

export interface ExpireBookingsDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  confirmPayment: ConfirmPayment;
  /** Retries the refunds of cancelled bookings that are still owed (their retry deadline passed). */
  cancellations: Pick<CancelBooking, 'retryRefund'>;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
  batchSize?: number;
  /** Issue 31: a lapsed hold booked from an offer hands its time back to the offer (or expires it). */
  offers?: Pick<OfferRepository, 'get' | 'releaseInquiry'>;
}

type Outcome = 'expired' | 'confirmed' | 'skipped' | 'refunded' | 'failed';

/** A refund the provider is still making is neither made nor failed: left for its event (or the next run). */
const refundOutcome = (attempt: RefundAttempt): Outcome => (attempt === 'pending' ? 'skipped' : attempt);

/**
 * The scheduled job (DESIGN §4 step 6): lapsed 15-minute holds and requests the host left unanswered for 48 hours
 * become `expired`, their slot is released and their authorisation cancelled. For an unanswered request guest and
 * host are told; a lapsed hold expires silently (its card was never authorised). One booking's failure never stops
 * the others.
 */
export function makeExpireBookings(deps: ExpireBookingsDeps) {
  return async function expireBookings(): Promise<ExpireBookingsResult> {
    const now = deps.clock();
    const due = await deps.bookings.listDue(now, deps.batchSize ?? DEFAULT_EXPIRY_BATCH);
    const result: ExpireBookingsResult = {
      examined: due.length,
      expired: 0,
      confirmed: 0,
      skipped: 0,
      failed: 0,
      refunded: 0,
    };
    for (const booking of due) {
      try {
        const outcome =
          booking.status === 'cancelled'
            ? refundOutcome(await deps.cancellations.retryRefund(booking))
            : booking.status === 'awaiting_payment'
              ? await expireHold(booking)
              : await expireRequest(booking);
        result[outcome]++;
      } catch (e) {
        result.failed++;
        deps.logger.error('Due booking could not be expired; the next run retries', {
          bookingId: booking.id,
          status: booking.status,
          ...errorFields(e),
        });
      }
    }
    if (due.length > 0) deps.logger.info('Expiry run finished', { ...result });
    return result;
  };

  /**
   * A hold whose 15 minutes are over. The gateway is asked first: a guest who paid at the last second, whose
   * confirmation call was lost, gets the booking rather than an expiry. Otherwise the booking is expired first and
   * the authorisation cancelled after: if the guest's payment wins the race instead, the conditional transition
   * fails here and nothing is cancelled; if the payment lands after it, confirmation finds the booking closed and
   * releases the authorisation itself.
   */
  async function expireHold(booking: Booking): Promise<Outcome> {
    if (booking.paymentIntentId) {
      const intent = await deps.payments.retrieve(booking.paymentIntentId);
      if (intent.status === 'requires_capture') {
        const view = await deps.confirmPayment(booking.id);
        deps.logger.info('Lapsed hold was paid; confirmed instead of expired', {
          bookingId: booking.id,
          status: view.status,
        });
        return 'confirmed';
      }
      if (intent.status === 'processing') {
        // The card network is still deciding; expiring now could strand a successful payment. Next run.
        return 'skipped';
      }
    }
    const offer = booking.offerId && deps.offers ? await deps.offers.get(booking.offerId) : null;
    const expired = await transitionOrSkip(booking, [], offer ? holdSettlement(offer, deps.clock()) : {});
    if (!expired) return 'skipped';
    if (offer?.inquiryId && Date.parse(offer.expiresAt) <= deps.clock().getTime()) {
      await deps.offers?.releaseInquiry(offer.inquiryId, deps.clock());
    }
    if (booking.paymentIntentId) await releaseAuthorisation(deps, booking.paymentIntentId, booking.id);
    // Silently: the card was never authorised, so the guest never had a booking (nor saw its Booking ID), and a
    // mail about one would only confuse them. A guest who paid at the last second was confirmed above instead.
    return 'expired';
  }

  /**
   * A request the host did not answer within 48 hours. The authorisation is cancelled first: when the host's
   * approval captured it a moment earlier, the cancellation is refused and the booking is left to the approval.
   * A `payment_intent.canceled` event this causes finds the deadline passed and leaves the booking to this job.
   */
  async function expireRequest(booking: Booking): Promise<Outcome> {
    if (booking.paymentIntentId) {
      try {
        await deps.payments.cancel(booking.paymentIntentId, { bookingId: booking.id, reason: 'abandoned' });
      } catch (e) {
        if (isDomainError(e) && e.code === 'state_conflict') return finishCapturedApproval(booking);
        throw e;
      }
    }
    const mails = await deps.notifications.requestExpired(bookingAfter(booking, 'expired', expiry()));
    const expired = await transitionOrSkip(booking, mails);
    if (!expired) return 'skipped';
    await deps.notifications.queued(mails);
    return 'expired';
  }

  /**
   * The authorisation could not be cancelled: an approval captured it. When the capture stands (the guest is
   * charged) but the booking is still `pending` past its deadline, the approval died between its two steps; only an
   * approval captures, so the job records it and sends the guest's confirmation, rather than leaving the request
   * waiting (and the job looking at it) forever. Otherwise (an approval still in flight) it is left to the approval.
   */
  async function finishCapturedApproval(booking: Booking): Promise<Outcome> {
    const intent = await deps.payments.retrieve(booking.paymentIntentId!);
    if (intent.status !== 'succeeded') {
      deps.logger.info('Request past its deadline was captured meanwhile; left to the approval', {
        bookingId: booking.id,
      });
      return 'skipped';
    }
    const change = { deadline: null, decidedBy: null, now: deps.clock() };
    const mails = await deps.notifications.approved(bookingAfter(booking, 'approved', change));
    try {
      await deps.bookings.transition(booking.id, 'pending', 'approved', {
        ...change,
        mails,
        money: captureMoney(booking, change.now),
      });
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') return 'skipped';
      throw e;
    }
    deps.logger.warn(
      'Captured request past its deadline recorded as approved (its approval did not finish)',
      {
        bookingId: booking.id,
      },
    );
    await deps.notifications.queued(mails);
    return 'confirmed';
  }

  function expiry() {
    return { releaseSlot: true, deadline: null, now: deps.clock() };
  }

  async function transitionOrSkip(
    booking: Booking,
    mails: OutboxMail[] = [],
    settlement: Partial<BookingTransitionOptions> = {},
  ): Promise<Booking | null> {
    try {
      return await deps.bookings.transition(booking.id, booking.status, 'expired', {
        ...expiry(),
        ...settlement,
        mails,
      });
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') return null;
      throw e;
    }
  }
}
