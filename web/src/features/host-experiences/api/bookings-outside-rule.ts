/**
 * Before a new opening-hours rule is saved: the experience's pending and approved bookings from today on that the
 * new rule would no longer open (issue 21 item 1). They stay valid and listed; the host is asked first.
 */
import type { BackOfficeBooking } from '@domain/back-office-views';
import { bookingsOutsideRule } from '@domain/availability';
import { TOKYO_TIME_ZONE, dateInZone } from '@domain/calendar';
import type { AvailabilityRule } from '@domain/entities';
import type { ApiClient } from '../../../lib/api-client';

const OPEN_STATUSES = ['pending', 'approved'] as const;

async function openBookingsFrom(api: ApiClient, today: string): Promise<BackOfficeBooking[]> {
  const lists = await Promise.all(
    OPEN_STATUSES.map(async (status) => {
      const found: BackOfficeBooking[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({
          status,
          from: today,
          limit: '100',
          ...(cursor ? { cursor } : {}),
        });
        const page = await api<{ items: BackOfficeBooking[]; cursor?: string }>(`/host/bookings?${query}`);
        found.push(...page.items);
        cursor = page.cursor;
      } while (cursor);
      return found;
    }),
  );
  return lists.flat();
}

export async function fetchBookingsOutsideRule(
  api: ApiClient,
  experienceId: string,
  rule: AvailabilityRule,
  now = new Date(),
): Promise<BackOfficeBooking[]> {
  const open = await openBookingsFrom(api, dateInZone(now, TOKYO_TIME_ZONE));
  return bookingsOutsideRule(
    rule,
    open.filter((b) => b.experienceId === experienceId),
  );
}
