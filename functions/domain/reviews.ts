/**
 * Verified reviews (DESIGN §4e): only a completed booking can be reviewed, through a personal invitation link; a
 * review is 1–5 stars and text; the host may reply once (editable); an admin may hide it with a reason. Summaries
 * are kept as counters (`RatingCounter`: count and sum of the visible reviews), never computed by reading every
 * review. Pure: every function takes `now`; dates are Tokyo's.
 */
import { isFamilyNameFirst } from './person-name';
import { addDays, todayInTokyo } from './calendar';
import type { Booking, GuestLocale } from './entities';

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;
/** The invitation goes the day after the tour (Tokyo), the reminder this many days after the tour. */
export const REVIEW_INVITE_AFTER_DAYS = 1;
export const REVIEW_REMINDER_AFTER_DAYS = 5;
/** A link is valid this many days from its mail; no invitation is sent for tours older than this. */
export const REVIEW_LINK_VALID_DAYS = 30;

export type ReviewStatus = 'visible' | 'hidden';

export interface ReviewReply {
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface Review {
  id: string;
  bookingId: string;
  experienceId: string;
  /** The title when the review was written (lists keep it if the experience changes). */
  experienceTitle: string;
  hostId: string;
  rating: number;
  /** Stored exactly as written; every place that shows it escapes it. */
  text: string;
  /** The guest's first name and the initial of the last name, e.g. "Emma S.". */
  authorName: string;
  /** The site language the guest wrote in (the booking's `guestLocale`). */
  language: GuestLocale;
  /** The tour's date (`yyyy-MM-dd`); the public list shows only its month. */
  tourDate: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  hiddenAt: string | null;
  reply: ReviewReply | null;
  createdAt: string;
  updatedAt: string;
}

/** What guests see of a review (`GET /api/experiences/{id}/reviews`): no booking, host or moderation data. */
export interface PublicReview {
  id: string;
  rating: number;
  text: string;
  authorName: string;
  language: GuestLocale;
  createdAt: string;
  /** The tour's month, `yyyy-MM` (the day is not published). */
  tourDate: string;
  reply?: { text: string; updatedAt: string };
}

export const publicReview = (r: Review): PublicReview => ({
  id: r.id,
  rating: r.rating,
  text: r.text,
  authorName: r.authorName,
  language: r.language,
  createdAt: r.createdAt,
  tourDate: r.tourDate.slice(0, 7),
  ...(r.reply ? { reply: { text: r.reply.text, updatedAt: r.reply.updatedAt } } : {}),
});

/** The stored counters of the visible reviews of an experience (or of all a host's experiences). */
export interface RatingCounter {
  count: number;
  /** Sum of the stars. */
  sum: number;
}

/** What the API shows: the average rounded to one decimal, and the count. */
export interface RatingSummary {
  average: number;
  count: number;
}

export const EMPTY_RATING: RatingCounter = { count: 0, sum: 0 };

/** The change a review's visibility makes to the counters: +1 / +rating when it appears, the opposite when hidden. */
export function ratingDelta(rating: number, appears: boolean): RatingCounter {
  return appears ? { count: 1, sum: rating } : { count: -1, sum: -rating };
}

export function applyRatingDelta(counter: RatingCounter, delta: RatingCounter): RatingCounter {
  return { count: Math.max(0, counter.count + delta.count), sum: Math.max(0, counter.sum + delta.sum) };
}

/** `{ average, count }` (average to one decimal, half up); `null` while nothing is visible. */
export function ratingSummary(counter: RatingCounter | null | undefined): RatingSummary | null {
  if (!counter || counter.count <= 0) return null;
  const average = Math.round((counter.sum / counter.count) * 10 + 1e-9) / 10;
  return { average: Math.min(5, Math.max(1, average)), count: counter.count };
}

/**
 * "Emma S.": the first name and the last name's first letter (a whole character). A name in Japanese script reads
 * family name first, as everywhere on the site (`personName`): "山田 花." (issue 32 item 8).
 */
export function reviewAuthorName(booking: Pick<Booking, 'firstName' | 'lastName'>): string {
  const first = booking.firstName.trim();
  const last = booking.lastName.trim();
  if (isFamilyNameFirst(booking)) {
    const initial = Array.from(first)[0];
    return initial ? `${last} ${initial}.` : last;
  }
  const initial = Array.from(last)[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A guest's review of their booking as written: visible, no reply yet, in the site language of the booking. */
export function newReview(
  booking: Pick<
    Booking,
    'id' | 'experienceId' | 'experienceTitle' | 'hostId' | 'firstName' | 'lastName' | 'guestLocale' | 'date'
  >,
  written: { id: string; rating: number; text: string; at: string },
): Review {
  return {
    id: written.id,
    bookingId: booking.id,
    experienceId: booking.experienceId,
    experienceTitle: booking.experienceTitle,
    hostId: booking.hostId,
    rating: written.rating,
    text: written.text,
    authorName: reviewAuthorName(booking),
    language: booking.guestLocale,
    tourDate: booking.date,
    status: 'visible',
    hiddenReason: null,
    hiddenAt: null,
    reply: null,
    createdAt: written.at,
    updatedAt: written.at,
  };
}

export type ReviewMailKind = 'invite' | 'reminder';

/** The scheduled-mail record of a booking's review mail (each goes once). */
export const reviewMailKey = (kind: ReviewMailKind, bookingId: string) => `review_${kind}#${bookingId}`;

/**
 * Which review mail a completed booking is owed today (Tokyo), given what it already got: the invitation from the
 * day after the tour, the reminder from day 5 if the guest has not written; nothing once the tour is more than 30
 * days old (a job that was down does not invite for tours long past).
 */
export function reviewMailDue(
  booking: Pick<Booking, 'status' | 'date'>,
  state: { invited: boolean; reminded: boolean; reviewed: boolean },
  now: Date,
): ReviewMailKind | null {
  if (booking.status !== 'completed' || state.reviewed) return null;
  const today = todayInTokyo(now);
  if (today > addDays(booking.date, REVIEW_LINK_VALID_DAYS)) return null;
  if (!state.invited) return today >= addDays(booking.date, REVIEW_INVITE_AFTER_DAYS) ? 'invite' : null;
  if (!state.reminded && today >= addDays(booking.date, REVIEW_REMINDER_AFTER_DAYS)) return 'reminder';
  return null;
}

/** The Tokyo date a booking's first review mail (the invitation) falls due: the day after its tour. */
export const firstReviewMailOn = (tourDate: string): string => addDays(tourDate, REVIEW_INVITE_AFTER_DAYS);

/**
 * The Tokyo date on which a completed booking's next review mail falls due, given what it already got, or `null`
 * once it is owed none (reviewed, reminded, or the tour is more than 30 days old). The jobs' "work due" index keeps
 * a completed booking under this date (issue 33), so the invitation job reads only the bookings owed a mail.
 */
export function nextReviewMailOn(
  booking: Pick<Booking, 'status' | 'date'>,
  state: { invited: boolean; reminded: boolean; reviewed: boolean },
  today: string,
): string | null {
  if (booking.status !== 'completed' || state.reviewed || state.reminded) return null;
  if (today > addDays(booking.date, REVIEW_LINK_VALID_DAYS)) return null;
  return state.invited ? addDays(booking.date, REVIEW_REMINDER_AFTER_DAYS) : firstReviewMailOn(booking.date);
}

/** Lower-cased text an admin's search matches: the review, its author and the experience's title. */
export function reviewSearchText(r: Pick<Review, 'text' | 'authorName' | 'experienceTitle'>): string {
  return `${r.text}\n${r.authorName}\n${r.experienceTitle}`.normalize('NFKC').toLowerCase();
}
