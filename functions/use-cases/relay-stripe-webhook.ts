import { DomainError } from '../domain/errors';
import type { PaymentEventPublisher, StripeLikeEvent } from './ports';

export interface RelayStripeWebhookDeps {
  /** The webhook signing secret, or undefined while the operator has not set it. */
  signingSecret: () => Promise<string | undefined>;
  verify: (rawBody: string | Uint8Array, signature: string | undefined, secret: string) => StripeLikeEvent;
  publisher: PaymentEventPublisher;
}

/**
 * The webhook endpoint for Stripe accounts that don't use the EventBridge destination: it verifies the signature
 * on the raw body and publishes the event to our bus, where the same rule and handler as for the partner bus pick
 * it up. Only payment_intent events are relayed; Stripe gets a 2xx for the others so it does not retry them.
 */
export function makeRelayStripeWebhook(deps: RelayStripeWebhookDeps) {
  return async function relayStripeWebhook(
    rawBody: string | Uint8Array,
    signature: string | undefined,
  ): Promise<{ eventId: string; relayed: boolean }> {
    const secret = await deps.signingSecret();
    if (!secret) {
      // A 503 makes Stripe retry for up to three days, long enough for the operator to fill in the secret.
      throw new DomainError('service_unavailable', 'The webhook signing secret is not configured');
    }
    const event = deps.verify(rawBody, signature, secret);
    if (!event.type.startsWith('payment_intent.')) return { eventId: event.id, relayed: false };
    await deps.publisher.publish(event);
    return { eventId: event.id, relayed: true };
  };
}
