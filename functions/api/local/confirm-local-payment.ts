/**
 * `POST /api/local-payments/confirm` `{ clientSecret, card: { number, expMonth, expYear, cvc } }` → `200 { status }`:
 * what Stripe.js's `confirmPayment` does, for the SPA's test card form when the provider is `local`. 4242… is
 * authorised (`requires_capture`); 4000 0000 0000 0002 is declined (402 `card_declined`, "Your card was
 * declined."). The intent id is read from the client secret, and the secret must match, as with Stripe.
 */
import * as z from 'zod';
import {
  LocalPaymentGateway,
  paymentIntentIdFromClientSecret,
} from '../../adapters/payments/local-payment-gateway';
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { DomainError } from '../../domain/errors';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';

export const confirmLocalPaymentSchema = z.strictObject({
  clientSecret: z.string().trim().min(1).max(200),
  card: z.strictObject({
    number: z.string().trim().min(1).max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().trim().max(4),
  }),
});

export async function confirmLocalPayment(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const { clientSecret, card } = parseBody(event, confirmLocalPaymentSchema);
  const { payments } = guestRuntime();
  if (!(payments instanceof LocalPaymentGateway)) {
    // The stack was started with a Stripe key: the SPA uses Stripe.js then, and this route does not apply.
    throw new DomainError('not_found', 'The local payment gateway is not in use');
  }
  const paymentIntentId = paymentIntentIdFromClientSecret(clientSecret);
  if (!paymentIntentId) throw new DomainError('not_found', PAYMENT_NOT_FOUND_MESSAGE);
  const intent = await payments.confirmWithTestCard(paymentIntentId, card, { clientSecret });
  return json(200, { status: intent.status });
}
