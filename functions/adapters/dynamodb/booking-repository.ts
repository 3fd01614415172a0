/**
 * Booking writes and transitions (DESIGN §5): a new booking with its tour's hold, the payment, every status change
 * with what moves with it (the tour's time, counters, mails, money), refunds, reminders and check-in; reads by id,
 * reference and payment intent. Issue 33 split the file by job: the item builders are `booking-items.ts`, the lists
 * `booking-list-repository.ts` (which this extends), the transition's update `booking-transition-update.ts`, the
 * jobs' "work due" reads `due-work-repository.ts`.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Booking, BookingStatus, RefundStatus } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { bufferOf, durationOf } from '../../domain/tour-span';
import type {
  BookingRepository,
  BookingTransitionOptions,
  OutboxMail,
  RefundChange,
} from '../../use-cases/ports';
import { bookingFromItem, bookingItem, requestCounterBumps, type ListingChange } from './booking-items';
import { DynamoBookingLists } from './booking-list-repository';
import { needsTour, transitionUpdate } from './booking-transition-update';
import { moneyTransactItems } from './money-repository';
import type { Item } from './items';
import { outboxPuts } from './mail-outbox';
import { offerHandBackItem } from './offer-repository';
import { itemTypes, keys } from './keys';
import { tourReleaseItems } from './tour-hold-items';
import { heldTourOf, transactWithTourHold } from './tour-holds';
import {
  TransactionCancelledError,
  transactWrite,
  type TransactItem,
  isConditionalCheckFailed,
} from './transactions';

// Kept importable from here: the backfills, the seeds and the tests build and read items with them.
export { bookingFromItem, bookingItem, dueWorkKeys, listingKeys } from './booking-items';
export { FILTER_BATCH_SIZE } from './booking-list-repository';

/** An id no booking has (ids are UUIDs): what `follow` reads when there is nothing to follow. */
const ABSENT_BOOKING_ID = 'absent';

export class DynamoBookingRepository extends DynamoBookingLists implements BookingRepository {
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
      !options.money &&
      !options.offerHandBack
    ) {
      // An approval or completion puts the booking's "work due" key, built from its tour date: one read first.
      const tour = needsTour(to) ? await this.get(id) : null;
      if (needsTour(to) && !tour) throw new DomainError('not_found', `Booking ${id} not found`);
      const update = transitionUpdate(this.tableName, id, fromList, to, options, 'listed', tour);
      try {
        const out = await this.doc.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
        return bookingFromItem(out.Attributes as Item);
      } catch (e) {
        if (isConditionalCheckFailed(e)) throw await this.transitionRefused(id, fromList, to);
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
    const update = transitionUpdate(this.tableName, id, fromList, to, options, listing, current);
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
    // Issue 31: the offer this hold was booked from takes its time back (or expires), in the same transaction.
    const handBackAt = options.offerHandBack ? items.length : -1;
    if (options.offerHandBack) {
      const { offer, to } = options.offerHandBack;
      items.push(offerHandBackItem(this.tableName, offer, id, to, options.now));
    }
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
      if (e instanceof TransactionCancelledError && handBackAt >= 0 && e.conditionFailedAt(handBackAt)) {
        // The offer is no longer this booking's (or expired meanwhile): the caller decides again.
        throw new DomainError('state_conflict', `Booking ${id}: its offer changed meanwhile`);
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
      if (isConditionalCheckFailed(e) || e instanceof TransactionCancelledError) return false;
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
      if (isConditionalCheckFailed(e)) return false;
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
      if (!isConditionalCheckFailed(e)) throw e;
      const current = await this.get(id);
      if (!current || current.hostId !== hostId)
        throw new DomainError('not_found', `Booking ${id} not found`);
      throw new DomainError(
        'state_conflict',
        `Booking ${id} is ${current.status}; only an approved one checks in`,
      );
    }
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
