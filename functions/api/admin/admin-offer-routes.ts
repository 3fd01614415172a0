/**
 * The concierge's offers in the admin back office (issue 31, DESIGN §6 wave 4): `POST /api/admin/offers` → `201`
 * the offer (status `sent`; the slot held, the guest mailed) · 400 · 404 · 409 `slot_unavailable` /
 * `host_not_bookable`; `GET /api/admin/offers?status&cursor` → `200 { items, cursor? }` newest first;
 * `POST /api/admin/offers/{id}/withdraw` → `200 { status: 'withdrawn', … }` (slot released) · 404 · 409 booked.
 * Japanese messages.
 */
import { adminOffersRuntime } from '../../adapters/runtime/offers-runtime';
import { adminOffersQuery, createOfferRequestSchema, offerMessages } from '../../domain/offers';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

export async function createOffer(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, createOfferRequestSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(201, await adminOffersRuntime().create(request));
}

export async function listOffers(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const { status, cursor, limit } = parseQuery(event, adminOffersQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(
    200,
    await adminOffersRuntime().list({
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit } : {}),
    }),
  );
}

export async function withdrawOffer(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  return json(200, await adminOffersRuntime().withdraw(pathId(event, offerMessages.notFound)));
}
