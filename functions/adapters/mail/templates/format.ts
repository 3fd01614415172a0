/**
 * Formatting for mails: pure functions, no clock, no zone of the machine. Dates and times are the Tokyo
 * wall-clock strings the booking stores (`yyyy-MM-dd`, `HH:mm`); instants (deadlines) are shown in Tokyo time.
 */
import { durationOf, formatDuration, formatSpan } from '../../../domain/tour-span';
import { TOKYO_TIME_ZONE, formatBookingDate, zonedParts } from '../../../domain/calendar';
import type { GuestLocale } from '../../../domain/entities';
import { pathInLanguage } from '../../../domain/guest-pages';
import { yenIn } from '../../../domain/pricing';
import { guestMailTexts } from './guest-texts';

export type MailLanguage = GuestLocale;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches HTML goes through here (text content and attribute values alike). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Subjects are one line: a guest- or host-typed value must not add a line break to a header. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** JPY has no minor unit; written as the guest site writes it in the language (`yenIn`: `¥24,000`, `24,000円`). */
export function formatYen(amount: number, language: MailLanguage): string {
  return yenIn(amount, language);
}

/** `2025-05-01 (Thu)` / `2025年5月1日（木）` from a stored `yyyy-MM-dd` (the booking pages show the same). */
export function formatDate(date: string, language: MailLanguage): string {
  return formatBookingDate(date, language);
}

/** The stored slot start, marked as Japan time (a guest abroad must not read it in their own zone). */
export function formatTime(time: string, language: MailLanguage): string {
  return guestMailTexts(language).japanTime(time);
}

/**
 * A tour's time as every booking mail shows it (DESIGN §4j): start–end in Japan time and its length, e.g.
 * `08:00–16:00 (Japan time) · 8 hours`; a tour that ends on a later day says so (`20:00–02:00 (+1)`). Bookings from
 * before tours had a length last an hour.
 */
export function formatTourTime(
  booking: { time: string; durationMinutes?: number },
  language: MailLanguage,
): string {
  const minutes = durationOf(booking);
  return `${guestMailTexts(language).japanTime(formatSpan(booking.time, minutes))} · ${formatDuration(minutes, language)}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant (e.g. the host's deadline) as Tokyo date and time. */
export function formatTokyoDateTime(iso: string, language: MailLanguage): string {
  const p = zonedParts(new Date(iso), TOKYO_TIME_ZONE);
  const date = `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  const time = `${pad2(p.hour)}:${pad2(p.minute)}`;
  return `${formatDate(date, language)} ${formatTime(time, language)}`;
}

export function formatGuests(guests: number, language: MailLanguage): string {
  return guestMailTexts(language).guests(guests);
}

/** `base` + `path` with exactly one slash between them. */
export function siteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * A guest page in the guest's site language (`/booking-confirmation` → `…/ko/booking-confirmation`): every link of
 * a guest mail opens the language the guest booked in (issue 32 item 4).
 */
export function guestSiteUrl(baseUrl: string, path: string, locale: GuestLocale): string {
  return siteUrl(baseUrl, pathInLanguage(path, locale));
}
