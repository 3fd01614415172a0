/**
 * The guest's concierge offer (issue 31, DESIGN §6 wave 4): `GET /api/offers/{token}` → `200` the offer (the first
 * look opens it) · 404; `POST /api/offers/{token}/book` `{ guest, guestLocale?, language? }` → `201` exactly as
 * `POST /api/bookings` with the offer's amount · 400 · 404 · 409 `offer_not_open` · 429.
 */
import { guestOffersRuntime } from '../../adapters/runtime/offers-guest-runtime';
import { bookOfferRequestSchema } from '../../domain/offers';
import { OFFER_NOT_FOUND_MESSAGE } from '../../use-cases/concierge/offers';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, pathId } from '../http/request';
import { json } from '../http/responses';

const tokenOf = (event: HttpApiEvent) => pathId(event, OFFER_NOT_FOUND_MESSAGE, 'token');

export async function getOffer(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await guestOffersRuntime().getForGuest(tokenOf(event)));
}

export async function bookOffer(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const token = tokenOf(event);
  const request = parseBody(event, bookOfferRequestSchema);
  return json(201, await guestOffersRuntime().book(token, request, clientAddress(event)));
}
