import { backOfficeStatusLabel } from '@domain/booking-status';
import type { BookingStatus } from '@domain/entities';

/**
 * The status filter of the host's and the admin's booking lists, in one order for both (issue 21 item 16): the
 * specification's all, pending, approved, denied (back-office spec §2), then the states it does not name but a host
 * or admin meets. A hold whose card is not authorised yet is no booking and never listed.
 */
const FILTERED: BookingStatus[] = ['pending', 'approved', 'denied', 'completed', 'expired', 'cancelled'];

export const STATUS_FILTERS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'すべて' },
  ...FILTERED.map((value) => ({ value, label: backOfficeStatusLabel(value) })),
];

export const STATUS_FILTER_VALUES = new Set<string>(FILTERED);

/** The status in the address, if it is one of the filter's. */
export const statusFilterOf = (value: string | null): BookingStatus | undefined =>
  value && STATUS_FILTER_VALUES.has(value) ? (value as BookingStatus) : undefined;
