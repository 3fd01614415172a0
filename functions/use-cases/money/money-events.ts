/**
 * The money side's provider events (DESIGN §4g): a connected account's state, payouts reaching the bank or failing,
 * disputes of a charge, and the outcome of a refund that was answered `pending`. Events are hints that may come
 * twice or out of order: each handler re-reads what it acts on and every write is conditional, so a repeated or
 * stale event changes nothing twice and the ledger always balances.
 */
import { disputeHeld, disputeLostMoney, disputeWon } from '../../domain/booking-money';
import type { Booking } from '../../domain/entities';
import { payoutEntry, payoutFailedEntry, type Earnings } from '../../domain/money';
import { addMinutes } from '../../domain/calendar';
import type { CancelBooking } from '../cancel-booking';
import { REFUND_RETRY_MINUTES } from '../cancel-booking';
import type { MoneyRepository, Payout } from '../money-ports';
import type { BookingRepository, Logger, PaymentGateway, StripeLikeEvent } from '../ports';
import { payoutFailureMessage } from './pay-hosts';
import type { PayoutAccounts } from './payout-accounts';

export interface MoneyEventsDeps {
  bookings: BookingRepository;
  money: MoneyRepository;
  payments: PaymentGateway;
  payoutAccounts: Pick<PayoutAccounts, 'onAccountUpdated'>;
  cancellations: Pick<CancelBooking, 'settleRefund'>;
  logger: Logger;
  clock: () => Date;
}

export type MoneyEventOutcome = 'updated' | 'unchanged' | 'ignored';

/** A change of earnings that lost a race (the revision moved) is retried this many times on a fresh read. */
const MAX_ATTEMPTS = 3;

/** Thrown so the bus delivers the event again later (EventBridge retries for a day). */
export class RetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const unixToIso = (v: unknown): string | null =>
  typeof v === 'number' ? new Date(v * 1000).toISOString() : null;

export const MONEY_EVENT_TYPES = [
  'account.updated',
  'payout.paid',
  'payout.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
  'charge.refund.updated',
] as const;

export function makeMoneyEvents(deps: MoneyEventsDeps) {
  async function bookingOf(object: StripeLikeEvent['data']['object']): Promise<Booking | null> {
    const bookingId = str(object.metadata?.bookingId);
    const byId = bookingId ? await deps.bookings.get(bookingId) : null;
    if (byId) return byId;
    const intent = str(object.payment_intent);
    return intent ? deps.bookings.getByPaymentIntent(intent) : null;
  }

  /** Applies `change` to the booking's current earnings, again on a fresh read when another writer won. */
  async function changeEarnings(
    bookingId: string,
    change: (earnings: Earnings) => Parameters<MoneyRepository['applyMoney']>[0] | null,
  ): Promise<MoneyEventOutcome> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const earnings = await deps.money.earningsOf(bookingId);
      if (!earnings) return 'ignored';
      const write = change(earnings);
      if (!write) return 'unchanged';
      if (await deps.money.applyMoney(write)) return 'updated';
    }
    throw new RetryLaterError(`Earnings of ${bookingId} kept changing; the event is retried`);
  }

  async function onPayout(event: StripeLikeEvent, paid: boolean): Promise<MoneyEventOutcome> {
    const object = event.data.object;
    const payoutId = str(object.metadata?.payoutId);
    const payout = payoutId ? await deps.money.getPayout(payoutId) : null;
    if (!payout) return 'ignored';
    const now = deps.clock();
    if (paid) {
      if (payout.status === 'creating')
        await scheduleFromEvent(payout, object.id, unixToIso(object.arrival_date), now);
      return (await deps.money.markPayoutPaid(payout.id, unixToIso(object.arrival_date), now))
        ? 'updated'
        : 'unchanged';
    }
    if (payout.status !== 'creating' && payout.status !== 'scheduled') return 'unchanged';
    const message = payoutFailureMessage(str(object.failure_message));
    const entry =
      payout.status === 'scheduled'
        ? payoutFailedEntry(
            { ...payout, gatewayPayoutId: payout.gatewayPayoutId ?? object.id },
            payout.amount,
            now,
          )
        : null;
    const failed = await deps.money.failPayout(payout, message, entry, now);
    if (failed)
      deps.logger.warn('Payout failed; its earnings are payable again', {
        payoutId: payout.id,
        hostId: payout.hostId,
      });
    return failed ? 'updated' : 'unchanged';
  }

  /** A `payout.paid` that arrives before the job recorded the payout as scheduled records it first. */
  async function scheduleFromEvent(payout: Payout, gatewayId: string, arrival: string | null, now: Date) {
    const amount = payout.earningsTotal + payout.debtOffset;
    const scheduled = { ...payout, amount };
    await deps.money.schedulePayout(
      scheduled,
      payoutEntry(scheduled, gatewayId, amount, now),
      gatewayId,
      arrival,
      now,
    );
  }

  /**
   * `charge.dispute.created` and `charge.dispute.closed` alike: the dispute's state is read from the provider, so a
   * closing that arrives before the opening (or twice) settles the same way. Open: the earnings are held. Won:
   * released. Lost: the host's share is taken back from the host's account first (idempotent per booking), then
   * the ledger, which never says a share came back that the provider did not move.
   */
  async function onDispute(event: StripeLikeEvent): Promise<MoneyEventOutcome> {
    const dispute = await deps.payments.retrieveDispute(event.data.object.id);
    const booking = await bookingOf({ ...event.data.object, payment_intent: dispute.paymentIntentId });
    if (!booking) return 'ignored';
    const now = deps.clock();
    if (dispute.status === 'open') {
      const outcome = await changeEarnings(booking.id, (e) =>
        e.dispute?.id === dispute.id
          ? null
          : { before: e, after: disputeHeld(e, dispute.id, now), entry: null },
      );
      if (outcome === 'ignored' && booking.destinationAccountId && booking.status !== 'cancelled') {
        // Captured but its earnings not yet recorded (an approval between its two steps): hold them once they are.
        throw new RetryLaterError(`Dispute of ${booking.id} before its earnings were recorded`);
      }
      if (outcome === 'updated')
        deps.logger.warn('Charge disputed; its earnings are on hold', {
          bookingId: booking.id,
          disputeId: dispute.id,
        });
      return outcome;
    }
    if (dispute.status === 'won') {
      return changeEarnings(booking.id, (e) =>
        e.dispute?.status !== 'open' ? null : { before: e, after: disputeWon(e, now), entry: null },
      );
    }
    const earnings = await deps.money.earningsOf(booking.id);
    if (!earnings || earnings.dispute?.status === 'lost') return 'unchanged';
    if (earnings.net > 0 && booking.destinationAccountId && booking.paymentIntentId) {
      await deps.payments.reverseTransfer({
        paymentIntentId: booking.paymentIntentId,
        bookingId: booking.id,
        amount: earnings.net,
      });
    }
    const outcome = await changeEarnings(booking.id, (e) =>
      e.dispute?.status === 'lost' ? null : disputeLostMoney(e, dispute.id, now),
    );
    if (outcome === 'updated')
      deps.logger.warn('Dispute lost; the host share was taken back', {
        bookingId: booking.id,
        disputeId: dispute.id,
      });
    return outcome;
  }

  async function onRefundUpdated(event: StripeLikeEvent): Promise<MoneyEventOutcome> {
    const refund = event.data.object;
    const booking = await bookingOf(refund);
    if (!booking || booking.status !== 'cancelled') return 'ignored';
    const status = str(refund.status);
    const now = deps.clock();
    if (status === 'succeeded') {
      return (await deps.cancellations.settleRefund(booking, refund.id, now)) ? 'updated' : 'unchanged';
    }
    if (status === 'failed' || status === 'canceled') {
      const changed = await deps.bookings.changeRefund(booking.id, ['pending'], {
        refundStatus: 'failed',
        retryAt: addMinutes(now, REFUND_RETRY_MINUTES).toISOString(),
        now,
      });
      if (changed)
        deps.logger.error('Refund failed at the provider; admins see it and it is retried', {
          bookingId: booking.id,
        });
      return changed ? 'updated' : 'unchanged';
    }
    return 'unchanged';
  }

  return async function handleMoneyEvent(event: StripeLikeEvent): Promise<MoneyEventOutcome | null> {
    switch (event.type) {
      case 'account.updated': {
        const accountId = str(event.account) ?? event.data.object.id;
        return deps.payoutAccounts.onAccountUpdated(accountId, str(event.data.object.metadata?.hostId));
      }
      case 'payout.paid':
        return onPayout(event, true);
      case 'payout.failed':
        return onPayout(event, false);
      case 'charge.dispute.created':
      case 'charge.dispute.closed':
        return onDispute(event);
      case 'charge.refund.updated':
        return onRefundUpdated(event);
      default:
        return null;
    }
  };
}

export type HandleMoneyEvent = ReturnType<typeof makeMoneyEvents>;
