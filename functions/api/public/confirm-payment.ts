/**
 * `POST /api/bookings/{id}/payment-confirmed` → `200 { bookingId, reference, status: 'pending', amount, … }` once
 * the gateway reports the authorisation · 404 · 409 (not authorised yet, or the booking closed meanwhile).
 * Repeating it is harmless: a confirmed booking is answered as it is and nobody is mailed twice.
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { BOOKING_NOT_FOUND_MESSAGE } from '../../use-cases/confirm-payment';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { pathId } from '../http/request';
import { json } from '../http/responses';

export async function confirmPayment(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, BOOKING_NOT_FOUND_MESSAGE);
  return json(200, await guestRuntime().useCases.confirmPayment(id));
}
