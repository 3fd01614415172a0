/**
 * Stripe payment events as EventBridge delivers them (DESIGN §4): from Stripe's partner event source, from our
 * webhook relay, or locally from the in-process bus. `event.detail` is the Stripe Event; the use case re-reads the
 * intent and lets its real status decide, so duplicates and out-of-order deliveries change nothing twice.
 *
 * A failure of our infrastructure (DynamoDB, Stripe, SES) is thrown, so EventBridge retries the delivery (and
 * after its retries, the dead-letter queue keeps it). A malformed event is logged and dropped: no retry could fix it.
 */
import { isStripeLikeEvent } from '../adapters/payments/payment-events';
import { guestRuntime } from '../adapters/runtime/guest-runtime';
import { moneyEventsHandler } from '../adapters/runtime/money-runtime';
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';
import type { PaymentEventResult } from '../use-cases/handle-payment-event';

/** The EventBridge envelope (only the fields we read; the project does not depend on `@types/aws-lambda`). */
export interface EventBridgeEvent<D = unknown> {
  version: string;
  id: string;
  'detail-type': string;
  source: string;
  time: string;
  account?: string;
  region?: string;
  resources?: string[];
  detail: D;
}

export type PaymentEventHandlerResult = PaymentEventResult | { outcome: 'malformed' };

export async function handler(event: EventBridgeEvent): Promise<PaymentEventHandlerResult> {
  const started = performance.now();
  const base = { deliveryId: event.id, source: event.source, detailType: event['detail-type'] };
  if (!isStripeLikeEvent(event.detail)) {
    consoleJsonLogger.error('Payment event is not a Stripe event; dropped', {
      ...base,
      outcome: 'malformed',
    });
    return { outcome: 'malformed' };
  }
  const stripeEvent = event.detail;
  try {
    // Accounts, payouts, disputes and refund updates first (DESIGN §4g); the booking flow's events after.
    const money = await moneyEventsHandler()(stripeEvent);
    const result: PaymentEventResult = money
      ? { outcome: money }
      : await guestRuntime().useCases.handlePaymentEvent(stripeEvent);
    consoleJsonLogger.info('Payment event', {
      ...base,
      eventId: stripeEvent.id,
      type: stripeEvent.type,
      ...result,
      ms: Math.round(performance.now() - started),
    });
    return result;
  } catch (e) {
    consoleJsonLogger.error('Payment event failed; EventBridge will retry', {
      ...base,
      eventId: stripeEvent.id,
      type: stripeEvent.type,
      outcome: 'failed',
      ms: Math.round(performance.now() - started),
      ...errorFields(e),
    });
    throw e;
  }
}
