/**
 * What the admin dashboard reads about the requests waiting for an answer (issue 33): their exact number and the
 * nearest deadlines among them, each without reading the requests themselves.
 */

/** A pending request as the dashboard lists it by deadline. */
export interface PendingDeadline {
  bookingId: string;
  reference: string;
  deadline: string;
}

export interface PendingRequestIndex {
  /** How many requests are `pending`, exactly, however many. */
  count(): Promise<number>;
  /** The `limit` pending requests whose deadline comes first (overdue ones first), nearest first. */
  nearestDeadlines(limit: number): Promise<PendingDeadline[]>;
}
