import type { ApiClient } from '../../../lib/api-client';
import type { HeldBooking } from '../../../lib/booking-data';

/**
 * `POST /api/bookings/{id}/release`: gives the guest's unpaid hold back, proving it is theirs with the payment's
 * client secret. `keepalive`, so the request still goes out when it is sent as the guest leaves the page.
 */
export function releaseHold(api: ApiClient, held: Pick<HeldBooking, 'bookingId' | 'clientSecret'>) {
  return api<{ bookingId: string; status: string }>(
    `/bookings/${encodeURIComponent(held.bookingId)}/release`,
    { method: 'POST', body: { clientSecret: held.clientSecret }, keepalive: true },
  );
}
