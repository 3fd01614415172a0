/**
 * `POST /api/bookings` → `201 { bookingId, reference, status: 'awaiting_payment', amount, currency: 'JPY',
 * payment: { provider, clientSecret } }` · 400 · 404 · 409 (the specification's slot message). The body never
 * carries an amount: the schema is strict, so one that does is a 400. Past the client's or the e-mail's limits
 * (`BOOKING_LIMITS`; an IPv6 client's /48 too), or with the experience's unpaid holds full → 429
 * `too_many_requests` with `Retry-After`.
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { createBookingRequestSchema } from '../../domain/schemas/booking';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { clientAddress, clientNetwork } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export async function createBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, createBookingRequestSchema);
  const useCases = guestRuntime().useCases;
  return json(201, await useCases.createBooking(request, clientAddress(event), clientNetwork(event)));
}
