/**
 * How the back office writes dates, times, amounts and deadlines: Japanese conventions, Tokyo time whatever the
 * browser's zone (DESIGN §3), whole yen.
 */
import { durationOf, formatSpan } from '@domain/tour-span';
import { weekdayOf } from '@domain/calendar';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { nationalityIn } from '@domain/countries';
import { personName } from '@domain/person-name';
import { formatYenSymbol } from '@domain/pricing';

/**
 * The domain's `weekdayLabelsJa` in weekday order (日 … 土). Repeated here because the domain module that holds them
 * also loads zod and the holiday tables, which the lists and the dashboard do not need; a test keeps both equal.
 */
export const WEEKDAY_LABELS_JA = ['日', '月', '火', '水', '木', '金', '土'] as const;

const TOKYO = 'Asia/Tokyo';

const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TOKYO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TOKYO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-23` (a Tokyo calendar date) → `2026/11/23（月）`. */
export function formatDateJa(date: string): string {
  return `${date.replaceAll('-', '/')}（${WEEKDAY_LABELS_JA[weekdayOf(date)] ?? ''}）`;
}

/** A tour slot: `2026/11/23（月） 10:00`. */
export function formatSlotJa(date: string, time: string): string {
  return `${formatDateJa(date)} ${time}`;
}

/**
 * A booking's tour as the back office shows it (DESIGN §4j): `2026/11/23（月） 08:00–16:00`, `+1` when it ends on
 * a later day. Bookings from before tours had a length last an hour.
 */
export function formatTourJa(booking: { date: string; time: string; durationMinutes?: number }): string {
  return `${formatDateJa(booking.date)} ${formatSpan(booking.time, durationOf(booking))}`;
}

/** An instant in Tokyo time: `2026/11/23 14:05`. */
export function formatDateTimeJa(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** The Tokyo calendar date of an instant: `2026/11/23`. */
export function formatDayOfInstantJa(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export const formatYen = formatYenSymbol;

/**
 * Time left before a deadline, as the host reads it at a glance: `あと 5 時間`, `あと 35 分` in the last hour,
 * `あと 1 日 3 時間` beyond a day, `期限切れ` once passed.
 */
export function timeLeftJa(deadline: string, now: Date): string {
  const minutes = Math.floor((new Date(deadline).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return '期限切れ';
  if (minutes < 60) return `あと ${minutes} 分`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `あと ${hours} 時間`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `あと ${days} 日` : `あと ${days} 日 ${rest} 時間`;
}

/** `true` when less than `hours` are left (the deadline shows as urgent). */
export function isDeadlineNear(deadline: string, now: Date, hours = 12): boolean {
  return new Date(deadline).getTime() - now.getTime() < hours * 3_600_000;
}

/** The guest's name, family name first when it is written in Japanese script (`personName`, issue 32 item 8). */
export const guestName = personName;

/** The guest's nationality in the back office's Japanese (`United Kingdom` → `イギリス`; issue 32 item 8). */
export const nationalityJa = (stored: string) => nationalityIn(stored, 'ja');

/** Who approved or denied a request, and when: the host, or an admin on the host's behalf (issue 21 item 8). */
export function decidedByLabel(b: {
  decidedBy: { role: 'host' | 'admin' } | null;
  decidedAt: string | null;
}): string | null {
  if (!b.decidedBy) return null;
  const who = b.decidedBy.role === 'admin' ? '管理者（ホストに代わって）' : 'ホスト';
  return b.decidedAt ? `${who}・${formatDateTimeJa(b.decidedAt)}` : who;
}

/** The tour's language (what the guest chose on the detail page), in the back office's Japanese. */
export const tourLanguageLabel: Record<BackOfficeBooking['language'], string> = {
  en: '英語',
  ja: '日本語',
};
