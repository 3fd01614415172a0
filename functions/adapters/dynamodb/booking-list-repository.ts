/**
 * The booking lists (issue 33 split `booking-repository.ts` by job): a host's bookings, all bookings and those of a
 * status (merged over their shards), a guest's, a month's, and the expiry job's deadlines (merged over the deadline
 * shards). Queries only; the writes and transitions extend it (`booking-repository.ts`), the jobs' "work due" reads are `due-work-repository.ts`.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Booking, BookingStatus } from '../../domain/entities';
import type { HostBookingFilter, Page, PageRequest } from '../../use-cases/ports';
import { bookingFromItem, bookingList, bookingMonthList } from './booking-items';
import { queryDeadlines } from './deadline-index';
import type { Item } from './items';
import { keys } from './keys';
import { queryNewestFiltered, queryNewestPage } from './merged-newest';
import { queryAll, queryPage, type KeyQuery } from './pagination';
import type { IndexName } from './table-definition';

/** Statuses that wait on a deadline; only they are due for the expiry job. */
const WAITING: ReadonlySet<string> = new Set<BookingStatus>(['awaiting_payment', 'pending']);
/** A cancelled booking whose refund is not yet confirmed: the expiry job retries it at its deadline. */
const refundOwed = (item: Item) =>
  item.status === 'cancelled' && (item.refundStatus === 'pending' || item.refundStatus === 'failed');
const DEFAULT_DUE_BATCH = 100;
/** Bookings per Query of a filtered read (~1.5 KB each: one batch stays far below Query's 1 MB page). */
export const FILTER_BATCH_SIZE = 100;

export const statusFilter = (status: BookingStatus) => ({
  expression: '#status = :status',
  names: { '#status': 'status' },
  values: { ':status': status },
});

/** The status and experience a host's list is narrowed to, as one FilterExpression (none without either). */
function hostBookingFilter({ status, experienceId }: HostBookingFilter) {
  if (!experienceId) return status ? { filter: statusFilter(status) } : {};
  const byExperience = {
    expression: '#experienceId = :experienceId',
    names: { '#experienceId': 'experienceId' },
    values: { ':experienceId': experienceId },
  };
  if (!status) return { filter: byExperience };
  const byStatus = statusFilter(status);
  return {
    filter: {
      expression: `${byStatus.expression} AND ${byExperience.expression}`,
      names: { ...byStatus.names, ...byExperience.names },
      values: { ...byStatus.values, ...byExperience.values },
    },
  };
}

export class DynamoBookingLists {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async listAwaitingReminder(dueBy: Date, limit = DEFAULT_DUE_BATCH): Promise<Booking[]> {
    const items = await queryDeadlines(
      this.doc,
      this.tableName,
      {
        sortCondition: '#sk <= :dueBy',
        sortValues: { ':dueBy': keys.deadlinesDueBy(dueBy) },
        filter: {
          expression:
            '#status = :pending AND (attribute_not_exists(#reminderSentAt) OR attribute_type(#reminderSentAt, :nullType))',
          names: { '#status': 'status', '#reminderSentAt': 'reminderSentAt' },
          values: { ':pending': 'pending', ':nullType': 'NULL' },
        },
      },
      Math.max(1, Math.trunc(limit)),
    );
    return items.map(bookingFromItem);
  }

  async listByHost(hostId: string, filter: HostBookingFilter & PageRequest = {}): Promise<Page<Booking>> {
    const { status, experienceId, ...page } = filter;
    return this.page(
      {
        index: 'GSI1',
        partition: keys.hostBookings(hostId),
        ascending: false,
        ...hostBookingFilter({ status, experienceId }),
      },
      page,
    );
  }

  async listByHostTourDates(
    hostId: string,
    from: string,
    to: string,
    filter: HostBookingFilter & { limit?: number } = {},
  ): Promise<Booking[]> {
    const range = keys.tourDateRange(from, to);
    const items = await queryAll(
      this.doc,
      this.tableName,
      {
        index: 'GSI6',
        partition: keys.hostBookingsByDate(hostId),
        sortCondition: '#sk BETWEEN :start AND :end',
        sortValues: { ':start': range.start, ':end': range.end },
        ascending: true,
        ...hostBookingFilter(filter),
      },
      filter.limit,
    );
    return items.map(bookingFromItem);
  }

  async listAll(filter: { status?: BookingStatus } & PageRequest = {}): Promise<Page<Booking>> {
    const { status, ...page } = filter;
    const result = await queryNewestPage(this.doc, this.tableName, bookingList(status), page);
    return { ...result, items: result.items.map(bookingFromItem) };
  }

  async listByGuestEmail(
    email: string,
    filter: { status?: BookingStatus } & PageRequest = {},
  ): Promise<Page<Booking>> {
    // One guest's partition is small: the status filter reads only that guest's bookings.
    return this.newestOf('GSI7', keys.bookingsByGuestEmail(email), filter);
  }

  async filterAll(
    filter: { status?: BookingStatus; cursor?: string; limit: number; maxRead: number },
    keep: (batch: Booking[]) => Promise<boolean[]>,
  ): Promise<Page<Booking> & { read: number }> {
    const result = await queryNewestFiltered(
      this.doc,
      this.tableName,
      bookingList(filter.status),
      {
        ...(filter.cursor ? { cursor: filter.cursor } : {}),
        limit: filter.limit,
        maxRead: filter.maxRead,
        batchSize: FILTER_BATCH_SIZE,
      },
      (items) => keep(items.map(bookingFromItem)),
    );
    return {
      items: result.items.map(bookingFromItem),
      read: result.read,
      ...(result.cursor ? { cursor: result.cursor } : {}),
    };
  }

  async listCreatedInMonth(tokyoMonth: string, page?: PageRequest): Promise<Page<Booking>> {
    const result = await queryNewestPage(this.doc, this.tableName, bookingMonthList(tokyoMonth), page);
    return { ...result, items: result.items.map(bookingFromItem) };
  }

  async listDue(now: Date, limit = DEFAULT_DUE_BATCH): Promise<Booking[]> {
    // The oldest deadlines of the whole marketplace first, whichever shard they are in (issue 33).
    const items = await queryDeadlines(
      this.doc,
      this.tableName,
      { sortCondition: '#sk <= :dueBy', sortValues: { ':dueBy': keys.deadlinesDueBy(now) } },
      Math.max(1, Math.trunc(limit)),
      // The index is sparse by contract (a final transition removes the deadline); this guards a caller that forgot.
      (item) => WAITING.has(String(item.status)) || refundOwed(item),
    );
    return items.map(bookingFromItem);
  }

  /** A page of one index partition, newest first, of one status when asked (filtered after the key). */
  protected newestOf(
    index: IndexName,
    partition: string,
    filter: { status?: BookingStatus } & PageRequest,
  ): Promise<Page<Booking>> {
    const { status, ...page } = filter;
    return this.page(
      { index, partition, ascending: false, ...(status ? { filter: statusFilter(status) } : {}) },
      page,
    );
  }

  protected async page(q: KeyQuery, page?: PageRequest): Promise<Page<Booking>> {
    const result = await queryPage(this.doc, this.tableName, q, page);
    return { ...result, items: result.items.map(bookingFromItem) };
  }
}
