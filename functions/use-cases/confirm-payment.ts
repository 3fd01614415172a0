import { deadlineFor } from '../domain/booking-status';
import type { Booking, BookingStatus } from '../domain/entities';
import { DomainError, isDomainError } from '../domain/errors';
import { bookingStatusView, type BookingStatusView } from '../domain/booking-views';
import { bookingAfter, type BookingNotifications } from './mail-notifications';
import type { BookingRepository, Logger, PaymentGateway } from './ports';
import { releaseAuthorisation } from './release-authorisation';
import { makeBookingDecisions } from './back-office/booking-decisions';

/** Who approves a pre-approved offer's booking: the concierge desk, on the host's behalf (issue 31). */
export const CONCIERGE_ACTOR = { role: 'admin', userId: 'concierge' } as const;

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found';
export const PAYMENT_NOT_AUTHORISED_MESSAGE = 'The payment has not been authorised yet';
export const PAYMENT_CANCELLED_MESSAGE = 'The payment authorisation was cancelled. Please book again';
export const BOOKING_CLOSED_MESSAGE = 'This booking request is no longer open. Please book again';
export const PAYMENT_MISMATCH_MESSAGE = 'The payment does not match this booking';

/** Statuses in which the card authorisation has already been confirmed for the booking. */
const CONFIRMED: readonly BookingStatus[] = ['pending', 'approved', 'completed'];

export interface ConfirmPaymentDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
}

/**
 * Moves an `awaiting_payment` booking to `pending` once its card is really authorised (DESIGN §4 step 4). Used by
 * `POST /api/bookings/{id}/payment-confirmed`, by the payment-event handler and by the expiry job, whichever comes
 * first: the caller never says what the status is, the gateway does. The conditional transition lets exactly one
 * caller win; only the winner sends the guest's and the host's mails, every later caller gets the booking as it is.
 */
export function makeConfirmPayment(deps: ConfirmPaymentDeps) {
  return async function confirmPayment(bookingId: string): Promise<BookingStatusView> {
    const booking = await deps.bookings.get(bookingId);
    if (!booking) throw new DomainError('not_found', BOOKING_NOT_FOUND_MESSAGE);
    if (CONFIRMED.includes(booking.status)) return bookingStatusView(booking);
    if (booking.status !== 'awaiting_payment') {
      await releaseIfAuthorised(booking);
      throw new DomainError('state_conflict', BOOKING_CLOSED_MESSAGE);
    }
    if (!booking.paymentIntentId) throw new DomainError('state_conflict', PAYMENT_NOT_AUTHORISED_MESSAGE);

    const intent = await deps.payments.retrieve(booking.paymentIntentId);
    if (intent.bookingId !== null && intent.bookingId !== booking.id) {
      deps.logger.error('Payment intent belongs to another booking', {
        bookingId: booking.id,
        paymentIntentId: intent.id,
        intentBookingId: intent.bookingId,
      });
      throw new DomainError('payment_failed', PAYMENT_MISMATCH_MESSAGE);
    }
    if (intent.status === 'canceled') throw new DomainError('state_conflict', PAYMENT_CANCELLED_MESSAGE);
    if (intent.status !== 'requires_capture') {
      throw new DomainError('state_conflict', PAYMENT_NOT_AUTHORISED_MESSAGE);
    }
    if (intent.amount !== booking.amount || intent.amountCapturable < booking.amount) {
      // Never seen in a correct flow (the server sets the amount): a request the host would approve for one
      // price while the card holds another. Refuse and leave the booking to lapse; the log is for an operator.
      deps.logger.error('Authorised amount differs from the booking amount', {
        bookingId: booking.id,
        paymentIntentId: intent.id,
        bookingAmount: booking.amount,
        intentAmount: intent.amount,
        amountCapturable: intent.amountCapturable,
      });
      throw new DomainError('payment_failed', PAYMENT_MISMATCH_MESSAGE);
    }

    const now = deps.clock();
    const change = { deadline: deadlineFor('pending', now)?.toISOString() ?? null, now };
    // A pre-approved offer's booking (issue 31) is approved right below: its guest and host get the approval's
    // mails instead of a request's.
    const mails = booking.preApproved
      ? []
      : await deps.notifications.requestReceived(bookingAfter(booking, 'pending', change));
    let pending: Booking;
    try {
      pending = await deps.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
        ...change,
        mails,
      });
    } catch (e) {
      if (!isDomainError(e) || e.code !== 'state_conflict') throw e;
      const current = await deps.bookings.get(booking.id);
      // Another caller (the HTTP confirm, the event, the job) won the transition and sent the mails.
      if (current && CONFIRMED.includes(current.status)) return bookingStatusView(current);
      // The hold lapsed (or the booking was cancelled) while the guest was paying: the authorisation now guards
      // nothing, so give it back instead of leaving the guest's money held.
      if (current) await releaseIfAuthorised(current);
      throw new DomainError('state_conflict', BOOKING_CLOSED_MESSAGE);
    }

    await deps.notifications.queued(mails);
    if (pending.preApproved) return approvePreApproved(pending);
    deps.logger.info('Booking request authorised and sent to the host', {
      bookingId: pending.id,
      reference: pending.reference,
    });
    return bookingStatusView(pending);
  };

  /**
   * Issue 31: the host agreed to the concierge's offer beforehand, so its booking is captured and approved as soon as
   * the card is authorised, by the same approval an admin makes (the guest's confirmation, the host's mail that the
   * booking was approved on their behalf). When the capture fails the booking stays a pending request.
   */
  async function approvePreApproved(pending: Booking): Promise<BookingStatusView> {
    try {
      const approved = await makeBookingDecisions(deps).approve(pending.id, CONCIERGE_ACTOR);
      deps.logger.info('Pre-approved offer booking captured and approved', { bookingId: pending.id });
      return bookingStatusView(approved);
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') {
        const current = await deps.bookings.get(pending.id);
        if (current) return bookingStatusView(current);
      }
      deps.logger.error('Pre-approved offer booking could not be approved; it stays a request', {
        bookingId: pending.id,
        ...(e instanceof Error ? { error: e.message } : {}),
      });
      return bookingStatusView(pending);
    }
  }

  /**
   * The booking closed (the hold lapsed, or it was cancelled) while the guest was paying: an authorisation now
   * guards nothing, so it is given back at once instead of leaving the guest's money held.
   */
  async function releaseIfAuthorised(booking: Booking): Promise<void> {
    if (!booking.paymentIntentId) return;
    const intent = await deps.payments.retrieve(booking.paymentIntentId).catch(() => null);
    if (intent?.status !== 'requires_capture') return;
    deps.logger.warn('Authorised payment arrived after the booking closed; releasing the authorisation', {
      bookingId: booking.id,
      status: booking.status,
    });
    await releaseAuthorisation(deps, intent.id, booking.id);
  }
}

export type ConfirmPayment = ReturnType<typeof makeConfirmPayment>;
