import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
import type { Booking, BookingStatus, RefundStatus } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { firstReviewMailOn } from '../../domain/reviews';
import { tourStart } from '../../domain/tour-schedule';
import { bufferOf, durationOf } from '../../domain/tour-span';
import type {
  BookingRepository,
  BookingTransitionOptions,
  OutboxMail,
  Page,
  RefundChange,
  PageRequest,
  HostBookingFilter,
} from '../../use-cases/ports';
import { bumpCounter } from './counter-repository';
import { moneyTransactItems } from './money-repository';
import { fromItem, toItem, type Item } from './items';
import { outboxPuts } from './mail-outbox';
import { counters, itemTypes, keys } from './keys';
import type { IndexName } from './table-definition';
import { queryAll, queryFiltered, queryPage, type KeyQuery } from './pagination';
import { tourReleaseItems } from './tour-hold-items';
import { heldTourOf, transactWithTourHold } from './tour-holds';
import { TransactionCancelledError, transactWrite, type TransactItem } from './transactions';

/** Statuses that wait on a deadline; only they are due for the expiry job. */
const WAITING: ReadonlySet<string> = new Set<BookingStatus>(['awaiting_payment', 'pending']);
/** A cancelled booking whose refund is not yet confirmed: the expiry job retries it at its deadline. */
const refundOwed = (item: Item) =>
  item.status === 'cancelled' && (item.refundStatus === 'pending' || item.refundStatus === 'failed');
const DEFAULT_DUE_BATCH = 100;
/** Bookings per Query of a filtered read (~1.5 KB each: one batch stays far below Query's 1 MB page). */
export const FILTER_BATCH_SIZE = 100;

/** The statuses whose "work due" key is built from the tour (see `dueWorkKeys`). */
const needsTour = (to: BookingStatus) => to === 'approved' || to === 'completed';

const isConditionFailure = (e: unknown) =>
  (e as { name?: string })?.name === 'ConditionalCheckFailedException';

/** How a transition changes the booking's place in the lists (see `bookingItem`). */
type ListingChange = 'listed' | 'unlisted' | { becomesListed: Booking };

/** The list index keys of a booking (host's, all, by status, by month, host's by tour date, guest's e-mail). */
export function listingKeys(booking: Booking): Item {
  const tokyoMonth = monthInZone(new Date(booking.createdAt), TOKYO_TIME_ZONE);
  return keys.bookingIndexes({ ...booking, tokyoMonth });
}

/**
 * The jobs' "work due" keys (GSI8, issue 33): an approved booking under its tour start (completion, reminders,
 * hosts' lists), a completed one under the day its review invitation falls due; none in any other status, so the
 * index holds only bookings a job still owes work. The invitation job moves or removes the review key as it goes.
 */
export function dueWorkKeys(booking: Pick<Booking, 'id' | 'status' | 'date' | 'time'>): Item {
  if (booking.status === 'approved') return keys.tourDue(tourStart(booking).toISOString(), booking.id);
  if (booking.status === 'completed') return keys.reviewMailDue(firstReviewMailOn(booking.date), booking.id);
  return {};
}

/**
 * The stored booking, as every write of a new booking builds it (also the bulk seed's). A hold
 * (`awaiting_payment`) is reachable by id, reference, payment intent and deadline only; it enters the lists and the
 * counters when it becomes a request (`pending`), so abandoned holds and declined cards never show in a back office
 * or inflate a dashboard. A booking stored in another status (tests, seeds) is listed at once.
 */
export function bookingItem(booking: Booking): Item {
  return toItem(booking, {
    ...keys.booking(booking.id),
    type: itemTypes.booking,
    ...(booking.status === 'awaiting_payment' ? {} : listingKeys(booking)),
    ...(booking.deadline ? keys.bookingDeadline(booking.deadline, booking.id) : {}),
    ...dueWorkKeys(booking),
  });
}

/** The dashboard counters a new request adds to: all, this month's, the host's, the host's this month. */
function requestCounterBumps(tableName: string, booking: Booking): TransactItem[] {
  const tokyoMonth = monthInZone(new Date(booking.createdAt), TOKYO_TIME_ZONE);
  return [
    bumpCounter(tableName, counters.bookings),
    bumpCounter(tableName, counters.bookingsInMonth(tokyoMonth)),
    bumpCounter(tableName, counters.hostBookings(booking.hostId)),
    bumpCounter(tableName, counters.hostBookingsInMonth(booking.hostId, tokyoMonth)),
  ];
}

/** Every request newest first, or those of one status (the admin list). */
const allQuery = (status?: BookingStatus): KeyQuery =>
  status
    ? { index: 'GSI3', partition: keys.bookingsByStatus(status), ascending: false }
    : { index: 'GSI2', partition: keys.allBookings, ascending: false };

const statusFilter = (status: BookingStatus) => ({
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

/**
 * A stored booking as the entity. Bookings stored before a field existed read with its neutral value (the data a
 * developer keeps under .local/ across versions).
 */
export function bookingFromItem(item: Item): Booking {
  const booking = fromItem<Booking>(item);
  return {
    ...booking,
    guestLocale: booking.guestLocale ?? 'en',
    experienceTitle: booking.experienceTitle ?? '',
    decidedBy: booking.decidedBy ?? null,
    decidedAt: booking.decidedAt ?? null,
    reminderSentAt: booking.reminderSentAt ?? null,
  };
}

/** An id no booking has (ids are UUIDs): what `follow` reads when there is nothing to follow. */
const ABSENT_BOOKING_ID = 'absent';

export class DynamoBookingRepository implements BookingRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async createWithSlotHold(booking: Booking, ruleCapacity: number): Promise<void> {
    if (!Number.isInteger(ruleCapacity) || ruleCapacity < 1) {
      // The rule schema requires at least 1; a 0 here would let an empty tour day pass the condition.
      throw new RangeError(`ruleCapacity must be a whole number of at least 1, got ${ruleCapacity}`);
    }
    // Every booking made from now on carries its length and buffer: the time it holds is released by them.
    const stored: Booking = {
      ...booking,
      durationMinutes: durationOf(booking),
      bufferMinutes: bufferOf(booking),
    };
    try {
      await transactWithTourHold(this.doc, this.tableName, heldTourOf(stored), ruleCapacity, () => [
        {
          Put: {
            TableName: this.tableName,
            Item: bookingItem(stored),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.bookingReference(stored.reference),
              type: itemTypes.bookingReference,
              bookingId: stored.id,
              reference: stored.reference,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError) {
        if (e.conditionFailedAt(1)) {
          throw new DomainError('duplicate', `Booking reference ${booking.reference} is taken`, {
            reference: 'Taken',
          });
        }
        if (e.conditionFailedAt(0))
          throw new DomainError('duplicate', `Booking ${booking.id} already exists`);
      }
      throw e;
    }
  }

  async get(id: string): Promise<Booking | null> {
    // Strongly consistent: callers read a booking right after changing it (payment confirmed, approved).
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.booking(id), ConsistentRead: true }),
    );
    return out.Item ? bookingFromItem(out.Item) : null;
  }

  async getByReference(reference: string): Promise<Booking | null> {
    return this.follow(keys.bookingReference(reference));
  }

  async getByPaymentIntent(paymentIntentId: string): Promise<Booking | null> {
    return this.follow(keys.bookingPayment(paymentIntentId));
  }

  /**
   * Idempotent for the same payment intent: attaching it again to the same awaiting booking succeeds. The lookup
   * item is written in the same transaction, so a payment event can always find its booking.
   */
  async attachPayment(
    id: string,
    provider: Booking['paymentProvider'],
    paymentIntentId: string,
    now: Date,
  ): Promise<Booking> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.booking(id),
            UpdateExpression:
              'SET #paymentProvider = :provider, #paymentIntentId = :paymentIntentId, #updatedAt = :now',
            ConditionExpression:
              'attribute_exists(PK) AND #status = :awaiting AND (attribute_not_exists(#paymentIntentId)' +
              ' OR attribute_type(#paymentIntentId, :nullType) OR #paymentIntentId = :paymentIntentId)',
            ExpressionAttributeNames: {
              '#paymentProvider': 'paymentProvider',
              '#paymentIntentId': 'paymentIntentId',
              '#updatedAt': 'updatedAt',
              '#status': 'status',
            },
            ExpressionAttributeValues: {
              ':provider': provider,
              ':paymentIntentId': paymentIntentId,
              ':now': now.toISOString(),
              ':awaiting': 'awaiting_payment',
              ':nullType': 'NULL',
            },
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.bookingPayment(paymentIntentId),
              type: itemTypes.bookingPayment,
              bookingId: id,
              paymentIntentId,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR #bookingId = :bookingId',
            ExpressionAttributeNames: { '#bookingId': 'bookingId' },
            ExpressionAttributeValues: { ':bookingId': id },
          },
        },
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        const current = await this.get(id);
        if (!current) throw new DomainError('not_found', `Booking ${id} not found`);
        if (current.status !== 'awaiting_payment') {
          throw new DomainError('state_conflict', `Booking ${id} is ${current.status}, not awaiting payment`);
        }
        throw new DomainError('state_conflict', `Booking ${id} already has another payment`);
      }
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(1)) {
        throw new DomainError('duplicate', `Payment ${paymentIntentId} belongs to another booking`);
      }
      throw e;
    }
    return this.mustGet(id);
  }

  async transition(
    id: string,
    from: BookingStatus | BookingStatus[],
    to: BookingStatus,
    options: BookingTransitionOptions,
  ): Promise<Booking> {
    let fromList = [...new Set(Array.isArray(from) ? from : [from])];
    if (fromList.length === 0) throw new RangeError('transition needs at least one source status');
    const holdBecomesRequest = to === 'pending' && fromList.includes('awaiting_payment');
    const holdInvolved = fromList.includes('awaiting_payment') && fromList.length > 1;

    const mails = outboxPuts(this.tableName, options.mails, options.now);
    if (
      !options.releaseSlot &&
      !holdBecomesRequest &&
      !holdInvolved &&
      mails.length === 0 &&
      !options.money
    ) {
      // An approval or completion puts the booking's "work due" key, built from its tour date: one read first.
      const tour = needsTour(to) ? await this.get(id) : null;
      if (needsTour(to) && !tour) throw new DomainError('not_found', `Booking ${id} not found`);
      const update = this.transitionUpdate(id, fromList, to, options, 'listed', tour);
      try {
        const out = await this.doc.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
        return bookingFromItem(out.Attributes as Item);
      } catch (e) {
        if (isConditionFailure(e)) throw await this.transitionRefused(id, fromList, to);
        throw e;
      }
    }

    // The slot's key, the listing keys and the counters' month are in the booking: one read first. The status
    // condition still decides; a list mixing a hold with other statuses is narrowed to the status read, so the
    // condition stays exact about whether the booking is listed.
    const current = await this.get(id);
    if (!current) throw new DomainError('not_found', `Booking ${id} not found`);
    if (holdInvolved) {
      if (!fromList.includes(current.status)) throw await this.transitionRefused(id, fromList, to);
      fromList = [current.status];
    }
    const listing: ListingChange =
      to === 'pending' && fromList[0] === 'awaiting_payment'
        ? { becomesListed: current }
        : fromList[0] === 'awaiting_payment'
          ? 'unlisted'
          : 'listed';
    const update = this.transitionUpdate(id, fromList, to, options, listing, current);
    // A booking from before tours had a length releases only its start counter, so the release is right only while
    // it still has no length: if the backfill (`backfill-tour-days.ts`) gave it one and its quarters meanwhile, the
    // transaction is refused and the transition tried again with what it now holds.
    const legacyRelease = options.releaseSlot === true && current.durationMinutes === undefined;
    if (legacyRelease) {
      update.ConditionExpression = `${update.ConditionExpression} AND attribute_not_exists(#durationMinutes)`;
      update.ExpressionAttributeNames = {
        ...update.ExpressionAttributeNames,
        '#durationMinutes': 'durationMinutes',
      };
    }
    const items: TransactItem[] = [{ Update: update }];
    // The time the booking holds goes back in the same transaction: its start and every quarter of its tour.
    const releaseAt = options.releaseSlot ? items.length : -1;
    const release = options.releaseSlot
      ? tourReleaseItems(this.tableName, heldTourOf(current), { closeStart: options.closeSlot === true })
      : [];
    items.push(...release);
    if (typeof listing === 'object') items.push(...requestCounterBumps(this.tableName, current));
    // The mails the transition causes go in with it (DESIGN §4f): no transition without its mails, and no mail
    // for a transition that was refused.
    items.push(...mails);
    // The money it moves (a capture's entry, earnings and counters), in the same transaction (DESIGN §4g).
    const moneyAt = options.money ? items.length : -1;
    if (options.money) items.push(...moneyTransactItems(this.tableName, options.money));
    try {
      await transactWrite(this.doc, () => items);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        if (legacyRelease) {
          const now = await this.get(id);
          if (now && now.durationMinutes !== undefined && fromList.includes(now.status)) {
            return this.transition(id, fromList, to, options);
          }
        }
        throw await this.transitionRefused(id, fromList, to);
      }
      if (
        e instanceof TransactionCancelledError &&
        moneyAt >= 0 &&
        (e.conditionFailedAt(moneyAt) || e.conditionFailedAt(moneyAt + 1))
      ) {
        // The money event was recorded already (its entry exists): the transition this call wanted happened.
        throw new DomainError('state_conflict', `Booking ${id}: its money was recorded by another writer`);
      }
      if (
        e instanceof TransactionCancelledError &&
        release.some((_, i) => e.conditionFailedAt(releaseAt + i))
      ) {
        // The time has nothing to give back (a counter was already at 0). Refusing the transition would leave
        // the booking stuck (the expiry job would fail on it forever), so it moves on without the release.
        console.warn(
          JSON.stringify({
            message: 'Slot had no booked unit to release; transition done without it',
            bookingId: id,
            slot: `${current.experienceId} ${current.date} ${current.time}`,
            to,
          }),
        );
        return this.transition(id, fromList, to, { ...options, releaseSlot: false });
      }
      throw e;
    }
    return this.mustGet(id);
  }

  async changeRefund(id: string, from: (RefundStatus | null)[], change: RefundChange): Promise<boolean> {
    const names: Record<string, string> = {
      '#status': 'status',
      '#refundStatus': 'refundStatus',
      '#deadline': 'deadline',
      '#updatedAt': 'updatedAt',
    };
    const values: Record<string, unknown> = {
      ':cancelled': 'cancelled',
      ':refundStatus': change.refundStatus,
      ':deadline': change.retryAt,
      ':now': change.now.toISOString(),
    };
    const set = ['#refundStatus = :refundStatus', '#deadline = :deadline', '#updatedAt = :now'];
    if (change.refundAmount !== undefined) {
      names['#refundAmount'] = 'refundAmount';
      values[':refundAmount'] = change.refundAmount;
      set.push('#refundAmount = :refundAmount');
    }
    if (change.refundId !== undefined) {
      names['#refundId'] = 'refundId';
      values[':refundId'] = change.refundId;
      set.push('#refundId = :refundId');
    }
    let remove = '';
    if (change.retryAt === null) remove = ' REMOVE GSI5PK, GSI5SK';
    else {
      const index = keys.bookingDeadline(change.retryAt, id);
      values[':deadlinePK'] = index.GSI5PK;
      values[':deadlineSK'] = index.GSI5SK;
      set.push('GSI5PK = :deadlinePK', 'GSI5SK = :deadlineSK');
    }
    const allowed = from.map((status, i) => {
      if (status === null)
        return '(attribute_not_exists(#refundStatus) OR attribute_type(#refundStatus, :nullType))';
      values[`:from${i}`] = status;
      return `#refundStatus = :from${i}`;
    });
    if (from.includes(null)) values[':nullType'] = 'NULL';
    const update = {
      TableName: this.tableName,
      Key: keys.booking(id),
      UpdateExpression: `SET ${set.join(', ')}${remove}`,
      ConditionExpression: `attribute_exists(PK) AND #status = :cancelled AND (${allowed.join(' OR ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
    try {
      if (change.money) {
        // With the money it moves (the refund's entry and earnings): refused whole when another writer recorded it.
        const money = moneyTransactItems(this.tableName, change.money);
        await transactWrite(this.doc, () => [{ Update: update }, ...money]);
      } else {
        await this.doc.send(new UpdateCommand(update));
      }
      return true;
    } catch (e) {
      if (isConditionFailure(e) || e instanceof TransactionCancelledError) return false;
      throw e;
    }
  }

  async markReminded(id: string, now: Date, mails?: OutboxMail[]): Promise<boolean> {
    const update = {
      TableName: this.tableName,
      Key: keys.booking(id),
      UpdateExpression: 'SET #reminderSentAt = :now',
      ConditionExpression:
        'attribute_exists(PK) AND #status = :pending AND ' +
        '(attribute_not_exists(#reminderSentAt) OR attribute_type(#reminderSentAt, :nullType))',
      ExpressionAttributeNames: { '#reminderSentAt': 'reminderSentAt', '#status': 'status' },
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':pending': 'pending',
        ':nullType': 'NULL',
      },
    };
    const puts = outboxPuts(this.tableName, mails, now);
    try {
      if (puts.length === 0) await this.doc.send(new UpdateCommand(update));
      else await transactWrite(this.doc, () => [{ Update: update }, ...puts]);
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) return false;
      throw e;
    }
  }

  async setCheckIn(id: string, hostId: string, checkedInAt: string | null, now: Date): Promise<Booking> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.booking(id),
          UpdateExpression: 'SET #checkedInAt = :checkedInAt, #updatedAt = :now',
          ConditionExpression:
            'attribute_exists(PK) AND #hostId = :hostId AND #status IN (:approved, :completed)',
          ExpressionAttributeNames: {
            '#checkedInAt': 'checkedInAt',
            '#updatedAt': 'updatedAt',
            '#hostId': 'hostId',
            '#status': 'status',
          },
          ExpressionAttributeValues: {
            ':checkedInAt': checkedInAt,
            ':now': now.toISOString(),
            ':hostId': hostId,
            ':approved': 'approved',
            ':completed': 'completed',
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return bookingFromItem(out.Attributes as Item);
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      const current = await this.get(id);
      if (!current || current.hostId !== hostId)
        throw new DomainError('not_found', `Booking ${id} not found`);
      throw new DomainError(
        'state_conflict',
        `Booking ${id} is ${current.status}; only an approved one checks in`,
      );
    }
  }

  async listAwaitingReminder(dueBy: Date, limit = DEFAULT_DUE_BATCH): Promise<Booking[]> {
    const items = await queryAll(
      this.doc,
      this.tableName,
      {
        index: 'GSI5',
        partition: keys.deadlines,
        sortCondition: '#sk <= :dueBy',
        sortValues: { ':dueBy': keys.deadlinesDueBy(dueBy) },
        ascending: true,
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
    return this.page(allQuery(status), page);
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
    const result = await queryFiltered(
      this.doc,
      this.tableName,
      allQuery(filter.status),
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
    return this.page({ index: 'GSI4', partition: keys.bookingsByMonth(tokyoMonth), ascending: false }, page);
  }

  async listDue(now: Date, limit = DEFAULT_DUE_BATCH): Promise<Booking[]> {
    const items = await queryAll(
      this.doc,
      this.tableName,
      {
        index: 'GSI5',
        partition: keys.deadlines,
        sortCondition: '#sk <= :dueBy',
        sortValues: { ':dueBy': keys.deadlinesDueBy(now) },
        ascending: true,
      },
      Math.max(1, Math.trunc(limit)),
      // The index is sparse by contract (a final transition removes the deadline); this guards a caller that forgot.
      (item) => WAITING.has(String(item.status)) || refundOwed(item),
    );
    return items.map(bookingFromItem);
  }

  /** A page of one index partition, newest first, of one status when asked (filtered after the key). */
  private newestOf(
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

  private async page(q: KeyQuery, page?: PageRequest): Promise<Page<Booking>> {
    const result = await queryPage(this.doc, this.tableName, q, page);
    return { ...result, items: result.items.map(bookingFromItem) };
  }

  private transitionUpdate(
    id: string,
    fromList: BookingStatus[],
    to: BookingStatus,
    options: BookingTransitionOptions,
    listing: ListingChange,
    tour: Booking | null,
  ) {
    const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':to': to, ':now': options.now.toISOString() };
    const set = ['#status = :to', '#updatedAt = :now'];
    const remove: string[] = [];
    if (listing === 'listed') {
      values[':statusIndex'] = keys.bookingsByStatus(to);
      set.push('GSI3PK = :statusIndex');
    } else if (typeof listing === 'object') {
      for (const [name, value] of Object.entries(listingKeys({ ...listing.becomesListed, status: to }))) {
        values[`:${name}`] = value;
        set.push(`${name} = :${name}`);
      }
    }
    // The jobs' "work due" key follows the status: put for approved and completed, gone otherwise (issue 33).
    const due = tour && needsTour(to) ? dueWorkKeys({ ...tour, status: to }) : {};
    if (due.GSI8PK) {
      values[':duePK'] = due.GSI8PK;
      values[':dueSK'] = due.GSI8SK;
      set.push('GSI8PK = :duePK', 'GSI8SK = :dueSK');
    } else remove.push('GSI8PK', 'GSI8SK');
    if (options.decidedBy !== undefined) {
      names['#decidedBy'] = 'decidedBy';
      names['#decidedAt'] = 'decidedAt';
      values[':decidedBy'] = options.decidedBy;
      values[':decidedAt'] = options.decidedBy ? options.now.toISOString() : null;
      set.push('#decidedBy = :decidedBy', '#decidedAt = :decidedAt');
    }
    if (options.deadline !== undefined) {
      names['#deadline'] = 'deadline';
      values[':deadline'] = options.deadline;
      set.push('#deadline = :deadline');
      if (options.deadline === null) remove.push('GSI5PK', 'GSI5SK');
      else {
        const index = keys.bookingDeadline(options.deadline, id);
        values[':deadlinePK'] = index.GSI5PK;
        values[':deadlineSK'] = index.GSI5SK;
        set.push('GSI5PK = :deadlinePK', 'GSI5SK = :deadlineSK');
      }
    }
    if (options.cancellation) {
      const c = options.cancellation;
      Object.assign(names, {
        '#cancelledBy': 'cancelledBy',
        '#cancellationReason': 'cancellationReason',
        '#cancelledAt': 'cancelledAt',
        '#refundAmount': 'refundAmount',
        '#refundStatus': 'refundStatus',
      });
      Object.assign(values, {
        ':cancelledBy': c.cancelledBy,
        ':cancellationReason': c.reason || null,
        ':refundAmount': c.refundAmount,
        ':refundStatus': c.refundStatus,
      });
      set.push(
        '#cancelledBy = :cancelledBy',
        '#cancellationReason = :cancellationReason',
        '#cancelledAt = :now',
        '#refundAmount = :refundAmount',
        '#refundStatus = :refundStatus',
      );
    }
    if (options.deniedMessage !== undefined) {
      names['#deniedMessage'] = 'deniedMessage';
      // DynamoDB Local refuses empty strings; an empty reason is no reason.
      values[':deniedMessage'] = options.deniedMessage || null;
      set.push('#deniedMessage = :deniedMessage');
    }
    const fromValues = fromList.map((_, i) => `:from${i}`);
    fromList.forEach((s, i) => (values[`:from${i}`] = s));
    return {
      TableName: this.tableName,
      Key: keys.booking(id),
      UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: `attribute_exists(PK) AND #status IN (${fromValues.join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  private async transitionRefused(id: string, fromList: BookingStatus[], to: BookingStatus) {
    const current = await this.get(id);
    if (!current) return new DomainError('not_found', `Booking ${id} not found`);
    return new DomainError(
      'state_conflict',
      `Booking ${id} is ${current.status}; it moves to ${to} only from ${fromList.join(' or ')}`,
    );
  }

  private async mustGet(id: string): Promise<Booking> {
    const booking = await this.get(id);
    if (!booking) throw new DomainError('not_found', `Booking ${id} not found`);
    return booking;
  }

  /** Follows a lookup item (reference, payment intent) to its booking. */
  private async follow(key: Record<string, string>): Promise<Booking | null> {
    // Consistent: a payment event may arrive moments after the lookup item was written.
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
    );
    const bookingId = out.Item?.bookingId;
    // The booking is read even when the lookup item is missing (a key no booking has): a guessed reference costs
    // the same reads, and takes the same time, as a real one (DESIGN §4d).
    const booking = await this.get(typeof bookingId === 'string' ? bookingId : ABSENT_BOOKING_ID);
    return typeof bookingId === 'string' ? booking : null;
  }
}
