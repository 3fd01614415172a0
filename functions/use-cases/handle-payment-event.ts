import { paymentEventTypes, paymentIntentRefOf } from '../adapters/payments/payment-events';
import type { Booking, BookingStatus } from '../domain/entities';
import { isDomainError } from '../domain/errors';
import { errorFields } from './console-logger';
import type { CancelBooking } from './cancel-booking';
import type { ConfirmPayment } from './confirm-payment';
import { bookingAfter, type BookingNotifications } from './mail-notifications';
import type {
  BookingRepository,
  Logger,
  PaymentGateway,
  PaymentIntentView,
  ProcessedEventStore,
  StripeLikeEvent,
} from './ports';
import { releaseAuthorisation } from './release-authorisation';

/**
 * How long a handled event id is remembered. Stripe redelivers a webhook for up to 3 days and EventBridge retries
 * for up to 24 hours; a week covers both with room to spare, and the TTL keeps the table from growing.
 */
export const PROCESSED_EVENT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Statuses whose booking still waits on its card authorisation (and holds its slot). */
const OPEN: readonly BookingStatus[] = ['awaiting_payment', 'pending'];
/** Statuses that have used (or are about to use) the authorisation. */
const AUTHORISED: readonly BookingStatus[] = ['pending', 'approved', 'completed'];
/** A transition that loses a race is retried this many times against the status re-read. */
const MAX_CANCEL_ATTEMPTS = 3;

export type PaymentEventOutcome =
  /** The event id was handled before: nothing was done. */
  | 'duplicate'
  /** Not a payment-intent event of ours, or no booking for it. */
  | 'ignored'
  /** The booking moved to `pending` (or was found there already) on an authorised intent. */
  | 'confirmed'
  /** The booking was cancelled because its authorisation is gone. */
  | 'cancelled'
  /** An authorisation that no live booking needs was cancelled. */
  | 'released'
  /** A cancelled booking's owed refund was confirmed by the provider's event. */
  | 'refunded'
  /** A money event (account, payout, dispute, refund update) changed what it is about. */
  | 'updated'
  /** The event changed nothing (stale, out of order, or informative only). */
  | 'unchanged';

export interface PaymentEventResult {
  outcome: PaymentEventOutcome;
  bookingId?: string;
}

export interface HandlePaymentEventDeps {
  bookings: BookingRepository;
  /** Records a refund the provider made, with its ledger entry (`cancel-booking`). */
  settleRefund: CancelBooking['settleRefund'];
  payments: PaymentGateway;
  processedEvents: ProcessedEventStore;
  confirmPayment: ConfirmPayment;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
}

/**
 * One Stripe-shaped payment event (EventBridge `detail`, the webhook relay, or the local gateway). Events are hints:
 * they may be stale, duplicated or out of order, so the handler re-reads the intent and lets its real status decide,
 * and every change is a conditional transition. The event id is marked processed only after handling succeeded, so
 * a failure is thrown (EventBridge retries) and the retry can only finish what the first attempt started.
 *
 * Unknown bookings are logged and ignored, never thrown: a retry would not make them appear.
 */
export function makeHandlePaymentEvent(deps: HandlePaymentEventDeps) {
  return async function handlePaymentEvent(event: StripeLikeEvent): Promise<PaymentEventResult> {
    if (await deps.processedEvents.isProcessed(event.id)) {
      deps.logger.info('Payment event already handled', { eventId: event.id, type: event.type });
      return { outcome: 'duplicate' };
    }
    const result = await handle(event);
    await deps.processedEvents.markProcessed(event.id, PROCESSED_EVENT_TTL_SECONDS);
    deps.logger.info('Payment event handled', { eventId: event.id, type: event.type, ...result });
    return result;
  };

  async function handle(event: StripeLikeEvent): Promise<PaymentEventResult> {
    if (event.type === paymentEventTypes.refunded) return onRefunded(event);
    const ref = paymentIntentRefOf(event);
    if (!ref) return { outcome: 'ignored' };

    switch (event.type) {
      case paymentEventTypes.authorized:
      case paymentEventTypes.canceled:
        break;
      case paymentEventTypes.failed: {
        // The guest may try another card while the hold lasts; the expiry job ends the hold otherwise.
        const lastError = event.data.object.last_payment_error as { code?: unknown } | null | undefined;
        deps.logger.info('Card payment attempt failed', {
          paymentIntentId: ref.paymentIntentId,
          bookingId: ref.bookingId,
          code: typeof lastError?.code === 'string' ? lastError.code : undefined,
        });
        return { outcome: 'unchanged' };
      }
      default:
        // `succeeded` is the capture the approval made; nothing else concerns the booking flow.
        return { outcome: 'unchanged' };
    }

    const booking = await findBooking(ref.paymentIntentId, ref.bookingId);
    if (!booking) {
      deps.logger.warn('Payment event for no known booking; ignored', {
        eventId: event.id,
        paymentIntentId: ref.paymentIntentId,
        bookingId: ref.bookingId,
      });
      return { outcome: 'ignored' };
    }

    let intent: PaymentIntentView;
    try {
      intent = await deps.payments.retrieve(ref.paymentIntentId);
    } catch (e) {
      if (isDomainError(e) && e.code === 'not_found') {
        deps.logger.warn('Payment event for an intent the provider does not know; ignored', {
          eventId: event.id,
          paymentIntentId: ref.paymentIntentId,
        });
        return { outcome: 'ignored', bookingId: booking.id };
      }
      throw e;
    }

    if (booking.paymentIntentId !== intent.id) {
      // An intent created for the booking but never attached (the creation was undone): nobody can use it.
      if (intent.status === 'requires_capture') {
        await releaseAuthorisation(deps, intent.id, booking.id);
        return { outcome: 'released', bookingId: booking.id };
      }
      return { outcome: 'unchanged', bookingId: booking.id };
    }

    // The re-read status decides, whatever the event said: an `amount_capturable_updated` that arrives after the
    // cancellation finds `canceled`, a `canceled` that arrives first finds the same, and each acts once.
    if (intent.status === 'requires_capture') return onAuthorised(booking, intent.id);
    if (intent.status === 'canceled') return onCancelled(booking);
    return { outcome: 'unchanged', bookingId: booking.id };
  }

  /**
   * `charge.refunded`: confirms a cancelled booking's refund when the attempt that made it could not record the
   * outcome (it crashed, or its answer was lost). Conditional on the refund still being owed, so a redelivered
   * or late event changes nothing; a refund smaller than the one owed is left to the retry.
   */
  async function onRefunded(event: StripeLikeEvent): Promise<PaymentEventResult> {
    const charge = event.data.object;
    const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
    if (!paymentIntentId) return { outcome: 'ignored' };
    const booking = await findBooking(paymentIntentId, charge.metadata?.bookingId ?? null);
    const refunded = typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0;
    if (
      !booking ||
      booking.status !== 'cancelled' ||
      booking.paymentIntentId !== paymentIntentId ||
      refunded < (booking.refundAmount ?? 0)
    ) {
      return { outcome: 'unchanged', ...(booking ? { bookingId: booking.id } : {}) };
    }
    const refunds = charge.refunds as { data?: { id?: unknown }[] } | undefined;
    const refundId =
      typeof refunds?.data?.[0]?.id === 'string' ? refunds.data[0].id : (booking.refundId ?? null);
    const settled = await deps.settleRefund(booking, refundId, deps.clock());
    return { outcome: settled ? 'refunded' : 'unchanged', bookingId: booking.id };
  }

  async function findBooking(paymentIntentId: string, bookingId: string | null): Promise<Booking | null> {
    const byMetadata = bookingId ? await deps.bookings.get(bookingId) : null;
    return byMetadata ?? (await deps.bookings.getByPaymentIntent(paymentIntentId));
  }

  async function onAuthorised(booking: Booking, paymentIntentId: string): Promise<PaymentEventResult> {
    if (AUTHORISED.includes(booking.status)) return { outcome: 'unchanged', bookingId: booking.id };
    if (booking.status === 'awaiting_payment') {
      try {
        const view = await deps.confirmPayment(booking.id);
        return { outcome: view.status === 'pending' ? 'confirmed' : 'unchanged', bookingId: booking.id };
      } catch (e) {
        // Confirm refused for a reason a retry cannot change (closed meanwhile, amount mismatch: it logged why).
        if (isDomainError(e) && (e.code === 'state_conflict' || e.code === 'payment_failed')) {
          return { outcome: 'unchanged', bookingId: booking.id };
        }
        throw e;
      }
    }
    // Expired, cancelled or denied, yet the card holds money for it: give it back.
    await releaseAuthorisation(deps, paymentIntentId, booking.id);
    return { outcome: 'released', bookingId: booking.id };
  }

  async function onCancelled(initial: Booking): Promise<PaymentEventResult> {
    let booking = initial;
    for (let attempt = 1; ; attempt++) {
      if (!OPEN.includes(booking.status)) return { outcome: 'unchanged', bookingId: booking.id };
      const now = deps.clock();
      if (booking.deadline && Date.parse(booking.deadline) <= now.getTime()) {
        // Past its deadline the expiry job owns the booking: it cancels the authorisation itself and then expires
        // the booking with the right mails. Cancelling here would race it and send the wrong ones.
        return { outcome: 'unchanged', bookingId: booking.id };
      }
      try {
        const change = { releaseSlot: true, deadline: null, now };
        const mails = await deps.notifications.authorisationCancelled(
          bookingAfter(booking, 'cancelled', change),
          booking.status,
        );
        await deps.bookings.transition(booking.id, booking.status, 'cancelled', { ...change, mails });
        deps.logger.warn('Card authorisation cancelled outside the booking flow; booking cancelled', {
          bookingId: booking.id,
          previousStatus: booking.status,
        });
        await deps.notifications.queued(mails);
        return { outcome: 'cancelled', bookingId: booking.id };
      } catch (e) {
        if (!isDomainError(e) || e.code !== 'state_conflict' || attempt >= MAX_CANCEL_ATTEMPTS) throw e;
        deps.logger.info('Booking changed while cancelling it; re-reading', {
          bookingId: booking.id,
          ...errorFields(e),
        });
        const current = await deps.bookings.get(booking.id);
        if (!current) return { outcome: 'ignored', bookingId: booking.id };
        booking = current;
      }
    }
  }
}

export type HandlePaymentEvent = ReturnType<typeof makeHandlePaymentEvent>;
