/**
 * `POST /api/bookings` → `201 { bookingId, reference, status: 'awaiting_payment', amount, currency: 'JPY',
 * payment: { provider, clientSecret } }` · 400 · 404 · 409 (the specification's slot message). The body never
 * carries an amount: the schema is strict, so one that does is a 400.
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { createBookingRequestSchema } from '../../domain/schemas/booking';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export async function createBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, createBookingRequestSchema);
  return json(201, await guestRuntime().useCases.createBooking(request));
}
