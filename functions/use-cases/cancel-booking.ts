/**
 * Cancellations after a request was made (DESIGN §4c): by the guest (the booking's refund rule), the host (an
 * approved booking, always the whole charge back, the slot stays closed) or an admin (any refund from 0 to the
 * charge). One use case for the three, called by the guest, host and admin routes.
 *
 * Order of work, as for deny: the conditional state change first (`pending|approved → cancelled`, with who, why,
 * the refund owed, the mails and the slot in one transaction), the money second. So two cancels racing each other
 * (or an approval, or the expiry job) end with exactly one cancellation and at most one refund. An approved
 * booking is cancelled with `refundStatus: pending` and a retry deadline; the refund (idempotent per booking at
 * the provider) then marks it `succeeded`, or `failed` for admins to see, and the expiry job retries it at its
 * deadline, so a refund is never lost, never made twice, and never shown as made when it was not.
 */
import { addMinutes } from '../domain/calendar';
import type { Booking, BookingActor, CancellingParty } from '../domain/entities';
import { DomainError, isDomainError } from '../domain/errors';
import { chargedAmountOf, guestCancellationQuote } from '../domain/cancellation';
import { captureMoney, refundMoney } from '../domain/booking-money';
import { REFUND_AMOUNT_REQUIRED_MESSAGE } from '../domain/schemas/cancellation';
import { errorFields } from './console-logger';
import { bookingAfter, type BookingNotifications } from './mail-notifications';
import type { MoneyRepository } from './money-ports';
import type { BookingCancellation, BookingRepository, Logger, PaymentGateway, PaymentRefund } from './ports';

/** One refund attempt's outcome: made and recorded, still being made by the provider, or failed (retried). */
export type RefundAttempt = 'refunded' | 'pending' | 'failed';

/** A refund not confirmed within this long (the process died, the provider failed) is tried again by the job. */
export const REFUND_RETRY_MINUTES = 5;

/** The back office's words (Japanese); the guest's are English (the SPA translates by code). */
export const cancellationMessages = {
  notFound: '予約が見つかりませんでした。',
  notCancellable: 'この予約はキャンセルできません（すでに終了・キャンセル済み、または体験が開始済みです）。',
  hostNotApproved: 'キャンセルできるのは確定済みの予約のみです。',
  refundTooLarge: '返金額は請求額を超えられません。',
  guestNotCancellable:
    'This booking can no longer be cancelled: it has already ended, been cancelled, or the experience has started.',
} as const;

export interface CancelBookingDeps {
  bookings: BookingRepository;
  /** The booking's earnings: a refund settles with its ledger entry (DESIGN §4g). */
  money: Pick<MoneyRepository, 'earningsOf'>;
  payments: PaymentGateway;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
}

export interface CancellationResult {
  status: 'cancelled';
  refundAmount: number;
  chargedAmount: number;
  refundStatus: Booking['refundStatus'];
}

export function makeCancelBooking(deps: CancelBookingDeps) {
  /**
   * Cancels `booking` (read just before) if it is still in the status it was read in. `refundFor` says what goes
   * back of an approved booking's charge.
   */
  async function cancel(
    booking: Booking,
    party: CancellingParty,
    reason: string | null,
    refundFor: (charged: number) => number,
    conflictMessage: string,
  ): Promise<CancellationResult> {
    const now = deps.clock();
    const approved = booking.status === 'approved';
    const refundAmount = approved ? refundFor(booking.amount) : 0;
    const cancellation: BookingCancellation = {
      cancelledBy: party,
      reason,
      refundAmount,
      // Approved: the charge is captured, a refund is tracked (even of nothing, which is settled at once).
      refundStatus: approved ? (refundAmount > 0 ? 'pending' : 'succeeded') : null,
    };
    const change = {
      deadline: refundAmount > 0 ? addMinutes(now, REFUND_RETRY_MINUTES).toISOString() : null,
      releaseSlot: true,
      // A host cancels for a reason that keeps the tour from happening (weather): the slot stays closed.
      closeSlot: party === 'host',
      cancellation,
      now,
    };
    const mails = await deps.notifications.cancelled(bookingAfter(booking, 'cancelled', change), {
      wasApproved: approved,
    });
    let cancelled: Booking;
    try {
      cancelled = await deps.bookings.transition(booking.id, booking.status, 'cancelled', {
        ...change,
        mails,
      });
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') {
        throw new DomainError('state_conflict', conflictMessage, undefined, { cause: e });
      }
      throw e;
    }
    await deps.notifications.queued(mails);
    if (!approved) {
      await releaseOrRefund(cancelled);
    } else if (refundAmount > 0) {
      await attemptRefund(cancelled);
    }
    const final = (await deps.bookings.get(booking.id)) ?? cancelled;
    return {
      status: 'cancelled',
      refundAmount: final.refundAmount ?? 0,
      chargedAmount: chargedAmountOf(final),
      refundStatus: final.refundStatus ?? null,
    };
  }

  /**
   * A request is cancelled: its authorisation is released. If an approval captured it a moment before (the
   * approval then lost the conditional transition to this cancellation), the guest was charged after all: the
   * whole charge is owed back and refunded.
   */
  async function releaseOrRefund(booking: Booking): Promise<void> {
    if (!booking.paymentIntentId) return;
    try {
      await deps.payments.cancel(booking.paymentIntentId, {
        bookingId: booking.id,
        reason: 'requested_by_customer',
      });
      return;
    } catch (e) {
      if (!(isDomainError(e) && e.code === 'state_conflict')) {
        deps.logger.error('Authorisation could not be released; it lapses at the card network', {
          bookingId: booking.id,
          ...errorFields(e),
        });
        return;
      }
    }
    const now = deps.clock();
    // The approval that captured it lost to this cancellation and never recorded the capture's money: it is
    // recorded now, with the refund owed, so the ledger holds the charge that the refund will give back.
    const owed = await deps.bookings.changeRefund(booking.id, [null], {
      refundStatus: 'pending',
      refundAmount: booking.amount,
      retryAt: addMinutes(now, REFUND_RETRY_MINUTES).toISOString(),
      money: captureMoney(booking, now),
      now,
    });
    deps.logger.warn('Cancelled request had been captured by a racing approval; refunding it in full', {
      bookingId: booking.id,
      recorded: owed,
    });
    if (owed) await attemptRefund({ ...booking, refundAmount: booking.amount, refundStatus: 'pending' });
  }

  /**
   * One refund attempt of a cancelled booking whose refund is owed. The provider's idempotency key (per booking)
   * makes a repeat return the first refund, so this may run any number of times.
   */
  async function attemptRefund(booking: Booking): Promise<RefundAttempt> {
    const now = deps.clock();
    const amount = booking.refundAmount ?? 0;
    let refund: PaymentRefund;
    try {
      if (!booking.paymentIntentId) throw new DomainError('state_conflict', 'No payment to refund');
      refund = await deps.payments.refund(booking.paymentIntentId, {
        bookingId: booking.id,
        amount,
        connected: Boolean(booking.destinationAccountId),
      });
    } catch (e) {
      deps.logger.error('Refund failed; admins see it and the expiry job retries it', {
        bookingId: booking.id,
        amount,
        ...errorFields(e),
      });
      await deps.bookings.changeRefund(booking.id, ['pending', 'failed'], {
        refundStatus: 'failed',
        retryAt: addMinutes(now, REFUND_RETRY_MINUTES).toISOString(),
        now,
      });
      return 'failed';
    }
    if (refund.status === 'pending') {
      // The provider is still making it (bank transfers, some cards): recorded as pending with its id; the
      // refund's event settles it, and the job asks again meanwhile (the same refund is answered, never a second).
      await deps.bookings.changeRefund(booking.id, ['pending', 'failed'], {
        refundStatus: 'pending',
        refundId: refund.id,
        retryAt: addMinutes(now, REFUND_RETRY_MINUTES).toISOString(),
        now,
      });
      return 'pending';
    }
    // Settled here, or by the refund's event a moment earlier: either way the refund is made and recorded once.
    await settleRefund(booking, refund.id, now);
    return 'refunded';
  }

  /**
   * Records a refund the provider made: `succeeded`, with the refund's ledger entry and the host's earnings in the
   * same write (DESIGN §4g). `false` when another writer (the refund event, a retry) recorded it first.
   */
  async function settleRefund(booking: Booking, refundId: string | null, now: Date): Promise<boolean> {
    // Read again: the refund's event and the attempt that made it may both get here; the first records it.
    const current = await deps.bookings.get(booking.id);
    if (!current || current.status !== 'cancelled' || current.refundStatus === 'succeeded') return false;
    const amount = current.refundAmount ?? 0;
    const earnings = await deps.money.earningsOf(current.id);
    return deps.bookings.changeRefund(current.id, ['pending', 'failed'], {
      refundStatus: 'succeeded',
      retryAt: null,
      ...(refundId ? { refundId } : {}),
      // Bookings approved before hosts were paid have no earnings: nothing of theirs is in the ledger.
      ...(earnings && amount > 0 ? { money: refundMoney(current, earnings, amount, refundId, now) } : {}),
      now,
    });
  }

  return {
    /** The guest (already identified by e-mail and reference): the booking's rule, until the tour starts. */
    async byGuest(booking: Booking): Promise<CancellationResult> {
      const quote = guestCancellationQuote(booking, deps.clock());
      if (!quote.allowed) {
        throw new DomainError('state_conflict', cancellationMessages.guestNotCancellable);
      }
      return cancel(
        booking,
        'guest',
        null,
        () => quote.refundAmount,
        cancellationMessages.guestNotCancellable,
      );
    },

    /** The host, of their own approved booking: the whole charge back. */
    async byHost(bookingId: string, reason: string, actor: BookingActor): Promise<CancellationResult> {
      const booking = await deps.bookings.get(bookingId);
      if (!booking || booking.status === 'awaiting_payment' || booking.hostId !== actor.userId) {
        throw new DomainError('not_found', cancellationMessages.notFound);
      }
      if (booking.status !== 'approved') {
        throw new DomainError('state_conflict', cancellationMessages.hostNotApproved);
      }
      return cancel(
        booking,
        'host',
        reason.trim(),
        (charged) => charged,
        cancellationMessages.hostNotApproved,
      );
    },

    /**
     * An admin, of any pending or approved booking: `refundAmount` of the charge (ignored for a request). An
     * approved booking needs the amount (`null`: not given), checked against the status the cancellation is
     * conditional on, so a blank field never becomes a ¥0 refund.
     */
    async byAdmin(
      bookingId: string,
      reason: string,
      refundAmount: number | null,
    ): Promise<CancellationResult> {
      const booking = await deps.bookings.get(bookingId);
      if (!booking || booking.status === 'awaiting_payment') {
        throw new DomainError('not_found', cancellationMessages.notFound);
      }
      if (booking.status !== 'pending' && booking.status !== 'approved') {
        throw new DomainError('state_conflict', cancellationMessages.notCancellable);
      }
      if (booking.status === 'approved' && refundAmount === null) {
        throw new DomainError('validation_failed', REFUND_AMOUNT_REQUIRED_MESSAGE, {
          refundAmount: REFUND_AMOUNT_REQUIRED_MESSAGE,
        });
      }
      if (booking.status === 'approved' && refundAmount !== null && refundAmount > booking.amount) {
        throw new DomainError('validation_failed', cancellationMessages.refundTooLarge, {
          refundAmount: cancellationMessages.refundTooLarge,
        });
      }
      return cancel(
        booking,
        'admin',
        reason.trim(),
        () => refundAmount ?? 0,
        cancellationMessages.notCancellable,
      );
    },

    /** The expiry job: a cancelled booking whose refund is owed and due is tried again. */
    retryRefund: attemptRefund,

    /** The provider's refund event: the refund of `booking` was made (`refundId` when the event names it). */
    settleRefund,
  };
}

export type CancelBooking = ReturnType<typeof makeCancelBooking>;
