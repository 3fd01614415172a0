/**
 * The host's answer to a request (DESIGN §4b), one use case each for approve and deny, called by the host routes
 * and by the admin routes alike (an admin acts on behalf of an unresponsive host; the booking records who did).
 *
 * Approve: capture first (idempotent per booking), then `pending → approved`. A failed capture leaves the booking
 * `pending` (502); a second approve at the same moment captures the same authorisation again (a no-op) and loses
 * the conditional transition (409), so exactly one caller gets the 200 and the guest one mail. Against the expiry
 * job, which cancels the authorisation before expiring the request, one of the two operations on the intent
 * fails: a booking is never both captured and expired.
 *
 * Deny: `pending → denied` with the reason and the slot released in one write first, so the cancellation's
 * payment event finds the booking already decided and mails nobody; then the authorisation is cancelled (a
 * failure is logged for an operator: the guest is never charged, the hold lapses at the card network), then the
 * guest is told, with the reason.
 */
import { bookingPlatformFee, captureMoney } from '../../domain/booking-money';
import type { Booking, BookingActor } from '../../domain/entities';
import { DomainError, isDomainError } from '../../domain/errors';
import { errorFields } from '../console-logger';
import { bookingAfter, type BookingNotifications } from '../mail-notifications';
import type { BookingRepository, Logger, PaymentGateway } from '../ports';
import { releaseAuthorisation } from '../release-authorisation';

/** Back-office spec §8, in the back office's Japanese. */
export const bookingDecisionMessages = {
  notFound: '予約が見つかりませんでした。',
  notPending: 'この予約はすでに対応済みのため、承認・否認できません。',
  noPayment: 'この予約には決済情報が紐づいていません。',
  captureFailed: '決済の確定に失敗しました。',
} as const;

export interface BookingDecisionsDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
}

export function makeBookingDecisions(deps: BookingDecisionsDeps) {
  /** A request the actor may decide: a host only their own (404 otherwise, as if it did not exist). */
  async function decidable(bookingId: string, actor: BookingActor): Promise<Booking> {
    const booking = await deps.bookings.get(bookingId);
    if (
      !booking ||
      booking.status === 'awaiting_payment' ||
      (actor.role === 'host' && booking.hostId !== actor.userId)
    ) {
      throw new DomainError('not_found', bookingDecisionMessages.notFound);
    }
    if (booking.status !== 'pending')
      throw new DomainError('state_conflict', bookingDecisionMessages.notPending);
    return booking;
  }

  return {
    async approve(bookingId: string, actor: BookingActor): Promise<Booking> {
      const booking = await decidable(bookingId, actor);
      if (!booking.paymentIntentId) {
        throw new DomainError('state_conflict', bookingDecisionMessages.noPayment);
      }
      // Rendered before the capture: a failure to render leaves nothing done, and the approval can be repeated.
      const change = { deadline: null, decidedBy: actor, now: deps.clock() };
      const mails = await deps.notifications.approved(bookingAfter(booking, 'approved', change));
      try {
        // A destination charge takes the platform fee as its application fee at capture (DESIGN §4g).
        await deps.payments.capture(booking.paymentIntentId, {
          bookingId: booking.id,
          ...(booking.destinationAccountId ? { applicationFeeAmount: bookingPlatformFee(booking) } : {}),
        });
      } catch (e) {
        deps.logger.error('Capture failed; the request stays pending', {
          bookingId: booking.id,
          paymentIntentId: booking.paymentIntentId,
          ...errorFields(e),
        });
        if (isDomainError(e) && e.code === 'state_conflict') {
          // The authorisation is gone (expired or cancelled meanwhile): the request is no longer approvable.
          throw new DomainError('state_conflict', bookingDecisionMessages.notPending, undefined, {
            cause: e,
          });
        }
        throw new DomainError('payment_failed', bookingDecisionMessages.captureFailed, undefined, {
          cause: e,
        });
      }
      let approved: Booking;
      try {
        // The capture's money (ledger entry, the host's earnings, counters) goes in with the transition.
        approved = await deps.bookings.transition(booking.id, 'pending', 'approved', {
          ...change,
          mails,
          money: captureMoney(booking, change.now),
        });
      } catch (e) {
        if (isDomainError(e) && e.code === 'state_conflict') {
          throw new DomainError('state_conflict', bookingDecisionMessages.notPending, undefined, {
            cause: e,
          });
        }
        throw e;
      }
      await deps.notifications.queued(mails);
      return approved;
    },

    async deny(bookingId: string, reason: string, actor: BookingActor): Promise<Booking> {
      const booking = await decidable(bookingId, actor);
      const change = {
        deadline: null,
        deniedMessage: reason.trim(),
        releaseSlot: true,
        decidedBy: actor,
        now: deps.clock(),
      };
      const mails = await deps.notifications.denied(bookingAfter(booking, 'denied', change));
      let denied: Booking;
      try {
        denied = await deps.bookings.transition(booking.id, 'pending', 'denied', { ...change, mails });
      } catch (e) {
        if (isDomainError(e) && e.code === 'state_conflict') {
          throw new DomainError('state_conflict', bookingDecisionMessages.notPending, undefined, {
            cause: e,
          });
        }
        throw e;
      }
      if (denied.paymentIntentId) {
        await releaseAuthorisation(deps, denied.paymentIntentId, denied.id);
      }
      await deps.notifications.queued(mails);
      return denied;
    },
  };
}

export type BookingDecisions = ReturnType<typeof makeBookingDecisions>;
