/**
 * `POST /api/local-jobs/expire-offers` → `200 { processed, read, finished, expired, warned, failed }`: runs the offer
 * expiry job now (after `POST /api/local-clock/advance`), until nothing due is left.
 */
import { offersRuntime } from '../../adapters/runtime/offers-runtime';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { json } from '../http/responses';

export async function runExpireOffers(): Promise<HttpApiStructuredResult> {
  return json(200, await offersRuntime().expireOffers());
}
