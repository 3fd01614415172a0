/**
 * `POST /api/bookings/lookup` `{ email, reference }` → `200 { booking, experience }` · 404 (the same answer for a
 * wrong e-mail and a wrong reference) · 429 with `Retry-After` past the attempt limits (per reference, and per
 * client address as API Gateway saw it).
 */
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { lookupRequestSchema } from '../../domain/schemas/lookup';
import { RateLimitedError } from '../../use-cases/lookup-booking';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, sourceIpOf } from '../http/request';
import { errorJson, json } from '../http/responses';

export async function lookupBooking(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, lookupRequestSchema);
  try {
    return json(200, await guestRuntime().useCases.lookupBooking(request, sourceIpOf(event)));
  } catch (e) {
    if (!(e instanceof RateLimitedError)) throw e;
    const answer = errorJson(429, e.code, e.message);
    answer.headers = { ...answer.headers, 'retry-after': String(Math.max(1, e.retryAfterSeconds)) };
    return answer;
  }
}
