import { backOfficeStatusLabel } from '@domain/booking-status';
import type { BookingStatus } from '@domain/entities';

/**
 * The status filter (back-office spec §2: all, pending, approved, denied), then the states the specification does
 * not name but an admin meets. A hold whose card is not authorised yet is no booking and never listed.
 */
const FILTERED: BookingStatus[] = ['pending', 'approved', 'denied', 'completed', 'expired', 'cancelled'];

export const STATUS_FILTERS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'すべて' },
  ...FILTERED.map((value) => ({ value, label: backOfficeStatusLabel(value) })),
];

export const STATUS_FILTER_VALUES = new Set<string>(FILTERED);

/** The tour's language (what the guest chose on the detail page). */
export const tourLanguageLabel: Record<'en' | 'ja', string> = { en: '英語', ja: '日本語' };
