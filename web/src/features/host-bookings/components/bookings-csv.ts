import type { BackOfficeBooking, HostView } from '@domain/back-office-views';
import { bookingsCsv } from '@domain/booking-csv';
import type { ApiClient } from '../../../lib/api-client';

/**
 * The host's booking list as a CSV file for Excel: the admin export's format (one module, the same columns and
 * order, issue 21 item 15), the host columns filled with the host's own profile.
 */
export async function hostBookingsCsv(
  api: ApiClient,
  bookings: readonly BackOfficeBooking[],
): Promise<string> {
  const me = await api<HostView>('/host/me');
  return bookingsCsv(bookings.map((b) => ({ ...b, host: me })));
}
