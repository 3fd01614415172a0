/**
 * `GET /api/experiences/{id}/availability?from&to` → `200 { timeZone: 'Asia/Tokyo', dates: { date: [times] } }`.
 * Not cached: a slot taken a second ago must disappear from the calendar at once.
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { availabilityQuery } from '../../domain/schemas/catalogue';
import { EXPERIENCE_NOT_FOUND_MESSAGE } from '../../use-cases/published-experience';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

export async function getAvailability(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const id = pathId(event, EXPERIENCE_NOT_FOUND_MESSAGE);
  const query = parseQuery(event, availabilityQuery);
  return json(200, await guestRuntime().useCases.getAvailability(id, query));
}
