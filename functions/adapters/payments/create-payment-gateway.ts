/**
 * Picks the payment gateway from configuration: Stripe when a secret key is configured, otherwise the local
 * gateway (DESIGN §4: the default of `npm start`). The caller (the one place that reads the environment or
 * Secrets Manager) passes the values in; nothing here reads `process.env`.
 */
import type { PaymentEventPublisher, PaymentGateway } from '../../use-cases/ports';
import { LocalPaymentGateway } from './local-payment-gateway';
import { InMemoryLocalPaymentStore, JsonFileLocalPaymentStore } from './local-payment-store';
import { StripePaymentGateway } from './stripe-payment-gateway';

export interface PaymentGatewayConfig {
  /** Stripe secret key; empty or absent selects the local gateway. */
  stripeSecretKey?: string | null;
  /** Where the local gateway keeps its intents across restarts; absent keeps them in memory. */
  localStorePath?: string;
  /** Receives the local gateway's Stripe-shaped events (the in-process bus). Stripe sends its own. */
  localEvents: PaymentEventPublisher;
  /** Local only: refunds fail while this answers true (to see a failed refund and its retry). */
  refundsFail?: () => boolean;
  /** Local only: refunds are answered `pending` while this answers true. */
  refundsPending?: () => boolean;
}

export function createPaymentGateway(config: PaymentGatewayConfig): PaymentGateway {
  if (config.stripeSecretKey) return new StripePaymentGateway({ secretKey: config.stripeSecretKey });
  const store = config.localStorePath
    ? new JsonFileLocalPaymentStore(config.localStorePath)
    : new InMemoryLocalPaymentStore();
  return new LocalPaymentGateway({
    store,
    events: config.localEvents,
    ...(config.refundsFail ? { refundsFail: config.refundsFail } : {}),
    ...(config.refundsPending ? { refundsPending: config.refundsPending } : {}),
  });
}
