/**
 * `POST /api/payments/stripe-webhook`: its own small Lambda (it holds the webhook secret and may publish to the
 * payments bus, nothing else). Reads its configuration once per cold start.
 */
import middy from '@middy/core';
import * as z from 'zod';
import { EventBridgePaymentEventPublisher } from '../adapters/events/eventbridge-publisher';
import { verifyStripeWebhook } from '../adapters/payments/stripe-payment-gateway';
import { createSecretsManagerReader } from '../adapters/secrets/secret-reader';
import { makeRelayStripeWebhook } from '../use-cases/relay-stripe-webhook';
import type { HttpApiEvent, HttpApiStructuredResult, LambdaContext } from './http/api-gateway';
import { httpErrors } from './http/error-handler';
import { json } from './http/responses';

const relayEnvironment = z.object({
  STRIPE_WEBHOOK_SECRET_ARN: z.string().min(1),
  PAYMENTS_BUS_NAME: z.string().min(1),
  PAYMENTS_EVENT_SOURCE: z.string().min(1),
});

let relay: ReturnType<typeof makeRelayStripeWebhook> | undefined;
function relayOnce() {
  if (relay) return relay;
  const env = relayEnvironment.parse(process.env);
  const secrets = createSecretsManagerReader();
  relay = makeRelayStripeWebhook({
    signingSecret: () => secrets.read(env.STRIPE_WEBHOOK_SECRET_ARN),
    verify: verifyStripeWebhook,
    publisher: new EventBridgePaymentEventPublisher({
      busName: env.PAYMENTS_BUS_NAME,
      source: env.PAYMENTS_EVENT_SOURCE,
    }),
  });
  return relay;
}

export const handler = middy<HttpApiEvent, HttpApiStructuredResult, Error, LambdaContext>()
  .use(httpErrors())
  .handler(async (event) => {
    // The signature covers the exact bytes Stripe sent, so the body is never parsed before verification.
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : (event.body ?? '');
    const result = await relayOnce()(raw, event.headers['stripe-signature']);
    return json(200, { received: true, relayed: result.relayed });
  });
