/**
 * `POST /api/bookings/{id}/release` `{ clientSecret }` → `200 { bookingId, status }` once the unpaid hold is given
 * back (also when it already was) · 400 without a secret · 404 for an unknown booking or a secret that is not its
 * payment's · 409 when the card is already authorised. Called by the booking form when the guest leaves it.
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { releaseHoldRequestSchema } from '../../domain/schemas/booking';
import { BOOKING_NOT_FOUND_MESSAGE } from '../../use-cases/confirm-payment';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, pathId } from '../http/request';
import { json } from '../http/responses';

export async function releaseHold(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, BOOKING_NOT_FOUND_MESSAGE);
  const { clientSecret } = parseBody(event, releaseHoldRequestSchema);
  return json(200, await guestRuntime().useCases.releaseHold(id, clientSecret));
}
