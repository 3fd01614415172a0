/**
 * What a booking's money looks like at each step (DESIGN §4g), from the booking's own copy of the commission and
 * fee: the earnings and ledger entry of its capture, of its refund, of a lost dispute. Pure.
 */
import type { Booking } from './entities';
import {
  DEFAULT_COMMISSION_PERCENT,
  captureEntry,
  captureSplit,
  disputeLostEntry,
  earningsAfterRefund,
  payableAtFor,
  platformFeeOf,
  refundEntry,
  refundSplit,
  type Earnings,
  type LedgerEntry,
} from './money';
import { tourEnd } from './tour-schedule';

/** The fee the booking carries (copied at request time), or the default commission's for older bookings. */
export function bookingPlatformFee(
  booking: Pick<Booking, 'amount' | 'platformFee' | 'commissionPercent'>,
): number {
  return (
    booking.platformFee ??
    platformFeeOf(booking.amount, booking.commissionPercent ?? DEFAULT_COMMISSION_PERCENT)
  );
}

export interface BookingMoney {
  before: Earnings | null;
  after: Earnings;
  entry: LedgerEntry | null;
}

/** The earnings a capture creates (`upcoming` until 48 h after the tour's end) and its ledger entry. */
export function captureMoney(booking: Booking, now: Date): BookingMoney {
  const fee = bookingPlatformFee(booking);
  const split = captureSplit(booking.amount, fee);
  const at = now.toISOString();
  return {
    before: null,
    after: {
      bookingId: booking.id,
      hostId: booking.hostId,
      reference: booking.reference,
      experienceTitle: booking.experienceTitle,
      tourDate: booking.date,
      tourTime: booking.time,
      gross: split.gross,
      platformFee: split.platformFee,
      refunded: 0,
      net: split.net,
      status: 'upcoming',
      payableAt: payableAtFor(tourEnd(booking)),
      payoutId: null,
      dispute: null,
      createdAt: at,
      updatedAt: at,
    },
    entry: captureEntry(
      { bookingId: booking.id, hostId: booking.hostId, paymentIntentId: booking.paymentIntentId },
      booking.amount,
      fee,
      now,
    ),
  };
}

/**
 * A refund of `amount` of the booking's charge: the fee's part in proportion (rounded down), the rest from the host.
 * Earnings that keep nothing are settled (`paid`, nothing to pay out) instead of waiting for a payout.
 */
export function refundMoney(
  booking: Booking,
  earnings: Earnings,
  amount: number,
  refundId: string | null,
  now: Date,
): BookingMoney {
  const split = refundSplit(earnings.gross, bookingPlatformFee(booking), amount);
  const refunded = earningsAfterRefund(earnings, split, now);
  return {
    before: earnings,
    after: settledWhenEmpty(refunded),
    entry: refundEntry({ bookingId: booking.id, hostId: booking.hostId, refundId }, split, now),
  };
}

/**
 * A lost dispute: what was left of the charge went back to the card holder; the host's remaining share and the
 * platform's remaining fee both go with it, so nothing is left to pay out (earnings already paid out leave the
 * share as a debt on the host's balance, which later earnings repay).
 */
export function disputeLostMoney(earnings: Earnings, disputeId: string, now: Date): BookingMoney {
  const split = {
    refund: earnings.gross - earnings.refunded,
    fromFee: earnings.platformFee,
    fromHost: earnings.net,
  };
  return {
    before: earnings,
    after: {
      ...earningsAfterRefund(earnings, split, now),
      status: 'paid',
      dispute: { id: disputeId, status: 'lost' },
    },
    entry: disputeLostEntry(
      { bookingId: earnings.bookingId, hostId: earnings.hostId, disputeId },
      split,
      now,
    ),
  };
}

/** Held for a dispute (from upcoming or payable); paid earnings stay paid (the dispute's outcome settles them). */
export function disputeHeld(earnings: Earnings, disputeId: string, now: Date): Earnings {
  return {
    ...earnings,
    status: earnings.status === 'paid' ? 'paid' : 'on_hold',
    dispute: { id: disputeId, status: 'open' },
    updatedAt: now.toISOString(),
  };
}

/** A dispute won: the earnings wait again for their payable time (the payout job makes them payable). */
export function disputeWon(earnings: Earnings, now: Date): Earnings {
  return {
    ...earnings,
    status: earnings.status === 'on_hold' ? 'upcoming' : earnings.status,
    dispute: earnings.dispute ? { ...earnings.dispute, status: 'won' } : null,
    updatedAt: now.toISOString(),
  };
}

function settledWhenEmpty(earnings: Earnings): Earnings {
  return earnings.net === 0 && earnings.status !== 'paid' ? { ...earnings, status: 'paid' } : earnings;
}
