/**
 * Stripe-shaped payment events, shared by the local gateway (which emits them), the webhook relay (which verifies
 * and forwards Stripe's) and the payment-events handler (which reads them from EventBridge's `detail`).
 */
import type { StripeLikeEvent } from '../../use-cases/ports';

/** The event types the booking flow reacts to (also the EventBridge rule's detail types). */
export const paymentEventTypes = {
  authorized: 'payment_intent.amount_capturable_updated',
  failed: 'payment_intent.payment_failed',
  canceled: 'payment_intent.canceled',
  succeeded: 'payment_intent.succeeded',
  /** A refund of the captured charge (its `data.object` is the charge, with `payment_intent`). */
  refunded: 'charge.refunded',
  /** A refund's status changed (a `pending` refund succeeded or failed; `data.object` is the refund). */
  refundUpdated: 'charge.refund.updated',
  /** Connect (DESIGN §4g): a connected account's requirements or capabilities changed. */
  accountUpdated: 'account.updated',
  /** A connected account's payout reached the bank, or failed (the event's `account` names the account). */
  payoutPaid: 'payout.paid',
  payoutFailed: 'payout.failed',
  /** The card holder disputed a charge, and its outcome (`data.object` is the dispute). */
  disputeCreated: 'charge.dispute.created',
  disputeClosed: 'charge.dispute.closed',
} as const;

export type PaymentEventType = (typeof paymentEventTypes)[keyof typeof paymentEventTypes];

export const PAYMENT_EVENT_TYPES: readonly PaymentEventType[] = Object.values(paymentEventTypes);

/** A structural check of an untrusted value (EventBridge detail, webhook body) before anything reads it. */
export function isStripeLikeEvent(value: unknown): value is StripeLikeEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const data = event.data as Record<string, unknown> | undefined;
  const object = data?.object as Record<string, unknown> | undefined;
  return (
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.created === 'number' &&
    typeof object === 'object' &&
    object !== null &&
    typeof object.id === 'string' &&
    typeof object.object === 'string'
  );
}

/**
 * The payment intent an event is about, or null when the event is not a payment-intent event. `bookingId` comes
 * from the intent's metadata and is only a hint: handlers re-read the intent (and find the booking by the
 * intent id) before acting.
 */
export function paymentIntentRefOf(
  event: StripeLikeEvent,
): { paymentIntentId: string; bookingId: string | null } | null {
  const object = event.data.object;
  if (object.object !== 'payment_intent' || !event.type.startsWith('payment_intent.')) return null;
  const bookingId = object.metadata?.bookingId;
  return { paymentIntentId: object.id, bookingId: typeof bookingId === 'string' ? bookingId : null };
}
