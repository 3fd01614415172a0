/**
 * The jobs' "work due" reads over the in-memory bookings, as the DynamoDB index serves them (issue 33): approved
 * tours by start, completed ones by the day their next review mail falls due (the day after the tour until the job
 * moves or removes it). Batches of `limit`, the cursor an offset.
 */
import type { Booking } from '../../../functions/domain/entities';
import { firstReviewMailOn } from '../../../functions/domain/reviews';
import { tourStart } from '../../../functions/domain/tour-schedule';
import type {
  DueBatch,
  DueBatchRequest,
  DueReviewMail,
  DueWorkRepository,
} from '../../../functions/use-cases/due-work-ports';

export class InMemoryDueWork implements DueWorkRepository {
  /** Review entries the job moved (a date) or removed (`null`). */
  readonly reviewDue = new Map<string, string | null>();
  constructor(private readonly bookings: { items: Map<string, Booking> }) {}

  async toursStarting(range: { from?: Date; to: Date }, page: DueBatchRequest): Promise<DueBatch<Booking>> {
    const due = [...this.bookings.items.values()]
      .filter((b) => b.status === 'approved')
      .map((b) => ({ b, start: tourStart(b).getTime() }))
      .filter(({ start }) => start <= range.to.getTime() && (!range.from || start >= range.from.getTime()))
      .sort((x, y) => x.start - y.start)
      .map(({ b }) => structuredClone(b));
    return batchOf(due, page);
  }

  async reviewMailsDue(
    range: { from: string; to: string },
    page: DueBatchRequest,
  ): Promise<DueBatch<DueReviewMail>> {
    const due = [...this.bookings.items.values()]
      .filter((b) => b.status === 'completed')
      .map((b) => ({
        booking: structuredClone(b),
        dueOn: this.reviewDue.has(b.id) ? this.reviewDue.get(b.id) : firstReviewMailOn(b.date),
      }))
      .filter(
        (d): d is DueReviewMail =>
          typeof d.dueOn === 'string' && d.dueOn >= range.from && d.dueOn <= range.to,
      )
      .sort((x, y) => x.dueOn.localeCompare(y.dueOn));
    return batchOf(due, page);
  }

  async setReviewMailDue(bookingId: string, on: string | null): Promise<boolean> {
    if (this.bookings.items.get(bookingId)?.status !== 'completed') return false;
    this.reviewDue.set(bookingId, on);
    return true;
  }
}

function batchOf<T>(all: T[], page: DueBatchRequest): DueBatch<T> {
  const start = page.cursor ? Number(page.cursor) : 0;
  const items = all.slice(start, start + page.limit);
  const next = start + items.length;
  return { items, read: items.length, ...(next < all.length ? { cursor: String(next) } : {}) };
}
