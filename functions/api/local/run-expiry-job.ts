/**
 * `POST /api/local-jobs/expire-bookings` → `200 { examined, expired, confirmed, skipped, failed }`: runs the expiry
 * job now instead of waiting for the local scheduler's next minute (for trying the flow by hand, and for tests
 * that drive the stack over HTTP only).
 */
import { handler as expireBookings } from '../../events/expire-bookings';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import { json } from '../http/responses';

export async function runExpiryJob(): Promise<HttpApiStructuredResult> {
  return json(200, await expireBookings());
}
