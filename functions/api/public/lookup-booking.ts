/**
 * `POST /api/bookings/lookup` `{ email, reference }` → `200 { booking, experience }` · 404 (the same answer for a
 * wrong e-mail and a wrong reference) · 429 with `Retry-After` past the attempt limits (per reference and client,
 * and per client: the viewer's address, `clientAddress`).
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { guestCancelRequestSchema, lookupRequestSchema } from '../../domain/schemas/lookup';
import type { GuestRequester } from '../../use-cases/guest-cancellation';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export async function lookupBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, lookupRequestSchema);
  return json(200, await guestRuntime().useCases.lookupBooking(request, clientAddress(event)));
}

/** Who asks, for the limits, the logs and the code mail: the client key and the browser's own name. */
function requesterOf(event: JsonBodyEvent): GuestRequester {
  const userAgent = event.requestContext.http.userAgent || event.headers?.['user-agent'] || '';
  return { clientKey: clientAddress(event), userAgent: userAgent.trim() || null };
}

/**
 * `POST /api/bookings/cancel-code` `{ email, reference }` → `202 {}` whatever the pair; a pair that matches a
 * cancellable booking mails its guest a 6-digit code (issue 29) · 400 for a malformed body · 429 past the limits
 * (the lookup's, the client's code requests, the booking's code mails).
 */
export async function requestCancelCode(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, lookupRequestSchema);
  await guestRuntime().useCases.requestCancelCode(request, requesterOf(event));
  return json(202, {});
}

/**
 * `POST /api/bookings/cancel` `{ email, reference, code }` → `200 { status, refundAmount, chargedAmount }`, checked
 * in this order: 404 exactly as the lookup (same limits) · 409 when the booking can no longer be cancelled · 403
 * `invalid_code` for a missing, wrong, used or lapsed code.
 */
export async function cancelBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, guestCancelRequestSchema);
  return json(200, await guestRuntime().useCases.cancelOwnBooking(request, requesterOf(event)));
}
