/**
 * `POST /api/bookings/lookup` `{ email, reference }` → `200 { booking, experience }` · 404 (the same answer for a
 * wrong e-mail and a wrong reference) · 429 with `Retry-After` past the attempt limits (per reference and client,
 * and per client: the viewer's address, `clientAddress`).
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { lookupRequestSchema } from '../../domain/schemas/lookup';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export async function lookupBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, lookupRequestSchema);
  return json(200, await guestRuntime().useCases.lookupBooking(request, clientAddress(event)));
}

/**
 * `POST /api/bookings/cancel` `{ email, reference }` → `200 { status, refundAmount, chargedAmount }` · 404 and
 * 429 exactly as the lookup (same limits) · 409 when the booking can no longer be cancelled.
 */
export async function cancelBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, lookupRequestSchema);
  return json(200, await guestRuntime().useCases.cancelOwnBooking(request, clientAddress(event)));
}
