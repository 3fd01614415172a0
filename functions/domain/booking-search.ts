/**
 * The admin booking search box (back-office spec §2 "Booking list", DESIGN §6 `GET /api/admin/bookings?q`): what a
 * query means, and when a booking matches free text. Pure, so the SPA can highlight what the server matched.
 *
 * - a booking reference (6 letters or digits) is looked up by key: the one booking it names;
 * - an e-mail address finds that guest's bookings through an index (exact, case-insensitive);
 * - anything else is text, matched against the guest's name (either order, with or without a space, so 田中太郎 and
 *   "Tanaka Taro" both work) and e-mail, the experience title, the host's business name and the reference,
 *   ignoring case and the width of letters and kana (NFKC).
 *
 * A six-character word that names no booking ("TANAKA") is searched as text as well.
 */
import type { Booking } from './entities';
import { isEmailAddress } from './schemas/common';

export type BookingSearch =
  | { kind: 'reference'; reference: string; text: string }
  | { kind: 'email'; email: string }
  | { kind: 'text'; text: string };

const REFERENCE = /^[A-Za-z0-9]{6}$/;

/** Text as the search compares it: NFKC folds full-width letters and half-width kana, case and spacing are ignored. */
export function searchable(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What the admin typed, classified. `q` is already trimmed and non-empty (the query schema sees to it). */
export function classifyBookingSearch(q: string): BookingSearch {
  const trimmed = q.normalize('NFKC').trim();
  if (REFERENCE.test(trimmed)) {
    return { kind: 'reference', reference: trimmed.toUpperCase(), text: searchable(trimmed) };
  }
  if (isEmailAddress(trimmed)) return { kind: 'email', email: trimmed.toLowerCase() };
  return { kind: 'text', text: searchable(trimmed) };
}

/** The parts of a booking the text search looks at, with the host's current business name. */
export function bookingSearchText(booking: Booking, hostBusinessName: string | null): string {
  const { firstName, lastName } = booking;
  return [
    `${firstName} ${lastName}`,
    `${lastName} ${firstName}`,
    `${lastName}${firstName}`,
    booking.email,
    booking.experienceTitle,
    hostBusinessName ?? '',
    booking.reference,
  ]
    .map(searchable)
    .join('\n');
}

/** `true` when the booking matches the (already `searchable`) text. */
export function bookingMatchesText(booking: Booking, hostBusinessName: string | null, text: string): boolean {
  return text === '' || bookingSearchText(booking, hostBusinessName).includes(text);
}
