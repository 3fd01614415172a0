/**
 * What the scheduled jobs read (issue 33, DESIGN §4i "Jobs read only what is due"): bookings a job owes work, from
 * an index keyed by when the work falls due, a bounded batch at a time. A batch answers a cursor while more may be
 * due; the job hands it on (a queue message in AWS, the next turn of a loop locally) until none is left.
 */
import type { Booking } from '../domain/entities';

export interface DueBatchRequest {
  /** Index entries one batch reads at most (spread over the shards). */
  limit: number;
  /** Where the previous batch stopped (opaque). */
  cursor?: string;
}

export interface DueBatch<T> {
  items: T[];
  /** Index entries read for this batch (including those no longer due or no longer in the status). */
  read: number;
  /** Present while entries may be left after this batch. */
  cursor?: string;
}

/** A completed booking owed a review mail, with the Tokyo date its index entry says the mail falls due. */
export interface DueReviewMail {
  booking: Booking;
  dueOn: string;
}

export interface DueWorkRepository {
  /**
   * Approved bookings whose tour starts between `from` and `to` (instants, both inclusive; no `from`: any time
   * before `to`), in no particular order across shards.
   */
  toursStarting(range: { from?: Date; to: Date }, page: DueBatchRequest): Promise<DueBatch<Booking>>;
  /** Completed bookings whose next review mail falls due on a Tokyo date between `from` and `to` (inclusive). */
  reviewMailsDue(
    range: { from: string; to: string },
    page: DueBatchRequest,
  ): Promise<DueBatch<DueReviewMail>>;
  /**
   * Moves a completed booking's review entry to the day its next mail falls due, or removes it (`null`) when it is
   * owed none. Answers `false` when the booking is no longer completed (nothing changed).
   */
  setReviewMailDue(bookingId: string, on: string | null): Promise<boolean>;
}

/** How a job run is bounded (issue 33): batches of `batchSize`, until nothing is due or `shouldStop()` says so. */
export interface JobRunOptions {
  /** Where an earlier invocation of the same run stopped (handed on through the continuation queue). */
  cursor?: string;
  batchSize?: number;
  /** Asked before every batch after the first: `true` stops the run with work left (`finished: false`). */
  shouldStop?: () => boolean;
}

/** What every job run answers, whatever else it counts. */
export interface JobProgress {
  /** Items the run acted on (completed, mailed, made payable, paid…). */
  processed: number;
  /** Index entries read. */
  read: number;
  /** `false` when the run stopped with work left; `cursor` then says where the next invocation goes on. */
  finished: boolean;
  cursor?: string;
}

export const DEFAULT_JOB_BATCH = 100;
