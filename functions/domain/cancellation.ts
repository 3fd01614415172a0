/**
 * What cancelling a booking means for the guest's money (DESIGN §4c), shared by the use cases and the views.
 */
import type { Booking } from './entities';
import { DEFAULT_REFUND_RULE, refundNow, type RefundQuote } from './refund-rule';

export interface GuestCancellationView extends RefundQuote {
  /** Why the guest cannot cancel (absent when they can). */
  reason?: 'started' | 'final';
}

/** What was charged: the whole amount once approved (captured), nothing while only authorised. */
export const chargedAmountOf = (booking: Booking): number =>
  booking.status === 'approved' || booking.status === 'completed' || booking.refundStatus
    ? booking.amount
    : 0;

/** What a guest's cancellation at `now` would return (the lookup page shows it before they confirm). */
export function guestCancellationQuote(booking: Booking, now: Date): GuestCancellationView {
  if (booking.status !== 'pending' && booking.status !== 'approved') {
    return { allowed: false, refundPercentage: 0, refundAmount: 0, reason: 'final' };
  }
  const quote = refundNow({
    rule: booking.refundRule ?? DEFAULT_REFUND_RULE,
    chargedAmount: booking.amount,
    date: booking.date,
    time: booking.time,
    now,
  });
  // A request was never charged: cancelling it releases the whole authorisation.
  if (!quote.allowed) return { ...quote, reason: 'started' };
  return booking.status === 'pending' ? { allowed: true, refundPercentage: 100, refundAmount: 0 } : quote;
}
