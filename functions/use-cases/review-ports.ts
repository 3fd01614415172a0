/**
 * The review ports (DESIGN §4e; adapter: `adapters/dynamodb/review-repository.ts`). Split out of `ports.ts`
 * (issue 33); `ports.ts` re-exports them.
 */
import type { RatingCounter, Review, ReviewStatus } from '../domain/reviews';
import type { ScheduledMailRecord } from './booking-ports';
import type { OutboxMail } from './mail-ports';
import type { Page, PageRequest } from './ports';

// ---------------------------------------------------------------------------------------------------------------
// Reviews (DESIGN §4e; adapter: `adapters/dynamodb/review-repository.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** A personal review link, stored under the SHA-256 of its token (the token itself is only in the guest's mail). */
export interface ReviewInvitation {
  tokenHash: string;
  bookingId: string;
  /** The link answers 404 after this instant. */
  validUntil: string;
}

/** What the invitation job knows about a completed booking's review mails. */
export interface ReviewMailState {
  invited: boolean;
  reminded: boolean;
  reviewed: boolean;
}

export interface ReviewListFilter {
  experienceId?: string;
  rating?: number;
}

export interface ReviewRepository {
  /**
   * One transaction: the scheduled-mail record (conditional: not written yet), the invitation, the mails; for a
   * reminder also conditional on the booking having no review. `false` when another run wrote it first or the
   * guest has written meanwhile.
   */
  recordInvitation(
    record: ScheduledMailRecord,
    invitation: ReviewInvitation,
    mails: OutboxMail[],
    now: Date,
  ): Promise<boolean>;
  /** Invited, reminded, reviewed: one batch read for many bookings. */
  mailStates(bookingIds: readonly string[]): Promise<Map<string, ReviewMailState>>;
  getInvitation(tokenHash: string): Promise<ReviewInvitation | null>;
  /** The booking's review id, if it has one. */
  reviewIdOfBooking(bookingId: string): Promise<string | null>;
  /**
   * One transaction: the review, the booking's one-review item (conditional: none yet → 409 `duplicate`), the
   * experience's and the host's counters (+1, +rating).
   */
  create(review: Review): Promise<void>;
  get(id: string): Promise<Review | null>;
  /** Visible reviews of an experience, newest first. */
  listVisible(experienceId: string, page?: PageRequest): Promise<Page<Review>>;
  /** Every review of the host's experiences (hidden ones too), newest first, optionally filtered. */
  listByHost(hostId: string, filter: ReviewListFilter & PageRequest): Promise<Page<Review>>;
  /** Reviews of one status, newest first; `q` matches text, author and experience title (bounded read). */
  listByStatus(status: ReviewStatus, filter: { q?: string } & PageRequest): Promise<Page<Review>>;
  /** Sets the reply (conditional: the review is the host's, else `not_found`). */
  setReply(id: string, hostId: string, text: string, now: Date): Promise<Review>;
  /**
   * Hides or shows the review and moves the counters in the same transaction (conditional on the current status:
   * `state_conflict` when it already is so, `not_found` without a review).
   */
  setVisibility(id: string, visible: boolean, reason: string | null, now: Date): Promise<Review>;
  /** The counters of these experiences (one batch read); experiences without reviews are absent. */
  experienceRatings(experienceIds: readonly string[]): Promise<Map<string, RatingCounter>>;
  hostRating(hostId: string): Promise<RatingCounter | null>;
}
