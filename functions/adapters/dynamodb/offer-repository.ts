/**
 * The concierge's offers in the table (issue 31, DESIGN §4h). An offer holds its tour's time with the same
 * conditional items as a booking (`tour-hold-items.ts`, `transactWithTourHold`), written in the offer's own
 * creation transaction; every later change of who holds that time is one transaction with the offer's status
 * change, conditional on the status it moves from, so the hold is settled exactly once:
 *
 * - withdrawn / expired: the offer leaves `sent|opened` and `tourReleaseItems` give the time back;
 * - booked: the offer leaves `sent|opened` (and `expiresAt > now`) and the booking is put holding the same time
 *   (no capacity is taken: the booking took the offer's place);
 * - the booking's unpaid hold lapses: the booking's own transition hands the time back to the offer
 *   (`offerHandBackItem`, → `opened`) or, past the offer's expiry, releases it and marks the offer `expired`.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Booking } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import {
  adminOfferView,
  offerDueAt,
  OFFER_NOT_OPEN_MESSAGES,
  type AdminOfferView,
  type Offer,
  type OfferStatus,
} from '../../domain/offers';
import type { DueBatch, DueBatchRequest } from '../../use-cases/due-work-ports';
import type { OfferRepository, OfferStore } from '../../use-cases/concierge/offer-ports';
import type { OutboxMail } from '../../use-cases/mail-ports';
import type { Page, PageRequest } from '../../use-cases/ports';
import { batchGetAll } from './batch';
import { bookingItem } from './booking-items';
import { fromItem, toItem, type Item } from './items';
import { DUE_SHARDS, itemTypes, keys } from './keys';
import { outboxPuts } from './mail-outbox';
import { queryAll, queryPage, type KeyQuery } from './pagination';
import { queryShardedBatch } from './sharded-query';
import { tourReleaseItems, type HeldTour } from './tour-hold-items';
import { transactWithTourHold } from './tour-holds';
import {
  TransactionCancelledError,
  transactWrite,
  type TransactItem,
  isConditionalCheckFailed,
} from './transactions';

export const offerNotOpen = (status: OfferStatus) =>
  new DomainError('offer_not_open', OFFER_NOT_OPEN_MESSAGES[status]);

/** The time an offer holds: its tour's length and buffer as they were when it was made. */
export const heldTourOfOffer = (offer: Offer): HeldTour => ({
  experienceId: offer.experienceId,
  date: offer.date,
  time: offer.time,
  durationMinutes: offer.durationMinutes,
  bufferMinutes: offer.bufferMinutes,
  quarters: true,
});

/** The stored offer: its list keys by status, and its "work due" key while it is open. */
export function offerItem(offer: Offer): Item {
  const due = offerDueAt(offer);
  return toItem(offer, {
    ...keys.offer(offer.id),
    type: itemTypes.offer,
    ...keys.offerIndexes(offer),
    ...(due ? keys.offerDue(due, offer.id) : {}),
  });
}

const offerFromItem = (item: Item): Offer => fromItem<Offer>(item);

/**
 * The offer's update when its booking's unpaid hold lapsed (in the booking's transition): back to `opened`, holding
 * the time again, while the offer has not expired; past its expiry `expired` (the caller releases the time in the
 * same transaction). Conditional on the offer being booked by this very booking.
 */
export function offerHandBackItem(
  tableName: string,
  offer: Offer,
  bookingId: string,
  to: 'opened' | 'expired',
  now: Date,
): TransactItem {
  const reopened: Offer = { ...offer, status: to };
  const due = to === 'opened' ? offerDueAt(reopened) : null;
  const dueKeys = due ? keys.offerDue(due, offer.id) : null;
  return {
    Update: {
      TableName: tableName,
      Key: keys.offer(offer.id),
      UpdateExpression:
        'SET #status = :to, #updatedAt = :now, GSI3PK = :statusKey' +
        (dueKeys ? ', GSI8PK = :duePk, GSI8SK = :dueSk' : '') +
        ' REMOVE #bookingId, #bookingReference' +
        (dueKeys ? '' : ', GSI8PK, GSI8SK'),
      ConditionExpression:
        '#status = :booked AND #bookingId = :bookingId' + (to === 'opened' ? ' AND #expiresAt > :now' : ''),
      ExpressionAttributeNames: {
        '#status': 'status',
        '#updatedAt': 'updatedAt',
        '#bookingId': 'bookingId',
        '#bookingReference': 'bookingReference',
        ...(to === 'opened' ? { '#expiresAt': 'expiresAt' } : {}),
      },
      ExpressionAttributeValues: {
        ':to': to,
        ':now': now.toISOString(),
        ':statusKey': keys.offersByStatus(to),
        ':booked': 'booked',
        ':bookingId': bookingId,
        ...(dueKeys ? { ':duePk': dueKeys.GSI8PK, ':dueSk': dueKeys.GSI8SK } : {}),
      },
    },
  };
}

/** The offers as the admin's routes use them (the admin API's bundle carries only this). */
export class DynamoOfferRepository implements OfferStore {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
    /** The site's origin, for the guest links of the admin's views. */
    protected readonly siteUrl: string,
    protected readonly clock: () => Date = () => new Date(),
  ) {}

  async create(offer: Offer, ruleCapacity: number, mails: OutboxMail[]): Promise<void> {
    const now = new Date(offer.createdAt);
    // The inquiry's deadline as read, so its place in the inbox (GSI2: new by deadline, then answered and waiting)
    // moves with its status: the update below is conditional on that deadline (a guest's answer meanwhile → 409).
    const inquiry = offer.inquiryId ? await this.inquiryDeadline(offer.inquiryId) : null;
    const own = (): TransactItem[] => [
      {
        Put: {
          TableName: this.tableName,
          Item: offerItem(offer),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.offerToken(offer.token), type: itemTypes.offerToken, offerId: offer.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(offer.inquiryId
        ? [
            {
              Update: {
                TableName: this.tableName,
                Key: keys.inquiry(offer.inquiryId),
                UpdateExpression: 'SET #status = :waiting, #updatedAt = :now, GSI2SK = :listSk',
                ConditionExpression: 'attribute_exists(PK) AND #due = :due',
                ExpressionAttributeNames: {
                  '#status': 'status',
                  '#updatedAt': 'updatedAt',
                  '#due': 'replyDueAt',
                },
                ExpressionAttributeValues: {
                  ':waiting': 'waiting',
                  ':now': now.toISOString(),
                  ':due': inquiry!.replyDueAt,
                  ':listSk': keys.inquiryListIndex({
                    id: offer.inquiryId,
                    status: 'waiting',
                    replyDueAt: inquiry!.replyDueAt,
                  }).GSI2SK,
                },
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...keys.inquiryOffer(offer.inquiryId, offer.id),
                  type: itemTypes.inquiryOffer,
                  offerId: offer.id,
                  createdAt: offer.createdAt,
                },
              },
            },
          ]
        : []),
      ...outboxPuts(this.tableName, mails, now),
    ];
    try {
      await transactWithTourHold(this.doc, this.tableName, heldTourOfOffer(offer), ruleCapacity, own);
    } catch (e) {
      if (e instanceof TransactionCancelledError) {
        if (offer.inquiryId && e.conditionFailedAt(2)) {
          throw new DomainError(
            'state_conflict',
            'お客様から新しいメッセージが届きました。内容を確認してからもう一度オファーを作成してください。',
          );
        }
        if (e.conditionFailedAt(0) || e.conditionFailedAt(1)) {
          throw new DomainError('duplicate', `Offer ${offer.id} already exists`);
        }
      }
      throw e;
    }
  }

  /** The inquiry an offer is made from: its deadline as stored (`not_found` when there is no such inquiry). */
  private async inquiryDeadline(inquiryId: string): Promise<{ replyDueAt: string }> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.inquiry(inquiryId),
        ProjectionExpression: 'replyDueAt',
        ConsistentRead: true,
      }),
    );
    if (!out.Item) throw new DomainError('not_found', '問い合わせが見つかりませんでした。');
    return { replyDueAt: String(out.Item.replyDueAt) };
  }

  async get(id: string): Promise<Offer | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.offer(id), ConsistentRead: true }),
    );
    return out.Item ? offerFromItem(out.Item) : null;
  }

  async close(
    offer: Offer,
    to: 'withdrawn' | 'expired',
    now: Date,
    mails: OutboxMail[] = [],
  ): Promise<boolean> {
    const update: TransactItem = {
      Update: {
        TableName: this.tableName,
        Key: keys.offer(offer.id),
        UpdateExpression: 'SET #status = :to, #updatedAt = :now, GSI3PK = :statusKey REMOVE GSI8PK, GSI8SK',
        ConditionExpression:
          '#status IN (:sent, :opened)' + (to === 'expired' ? ' AND #expiresAt <= :now' : ''),
        ExpressionAttributeNames: {
          '#status': 'status',
          '#updatedAt': 'updatedAt',
          ...(to === 'expired' ? { '#expiresAt': 'expiresAt' } : {}),
        },
        ExpressionAttributeValues: {
          ':to': to,
          ':now': now.toISOString(),
          ':statusKey': keys.offersByStatus(to),
          ':sent': 'sent',
          ':opened': 'opened',
        },
      },
    };
    const release = tourReleaseItems(this.tableName, heldTourOfOffer(offer));
    try {
      await transactWrite(this.doc, () => [update, ...release, ...outboxPuts(this.tableName, mails, now)]);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) return false;
      if (e instanceof TransactionCancelledError && release.some((_, i) => e.conditionFailedAt(i + 1))) {
        // Nothing left to give back (a counter at 0): closing must not be refused forever for it.
        console.warn(
          JSON.stringify({
            message: 'Offer had no held time to release; closed without it',
            offerId: offer.id,
          }),
        );
        await transactWrite(this.doc, () => [update, ...outboxPuts(this.tableName, mails, now)]).catch(
          (again: unknown) => {
            if (again instanceof TransactionCancelledError && again.conditionFailedAt(0)) return;
            throw again;
          },
        );
        return true;
      }
      throw e;
    }
  }

  async list(filter: { status?: OfferStatus } & PageRequest): Promise<Page<Offer>> {
    const q: KeyQuery = filter.status
      ? { index: 'GSI3', partition: keys.offersByStatus(filter.status), ascending: false }
      : { index: 'GSI2', partition: keys.allOffers, ascending: false };
    const page = await queryPage(this.doc, this.tableName, q, {
      ...(filter.cursor ? { cursor: filter.cursor } : {}),
      ...(filter.limit ? { limit: filter.limit } : {}),
    });
    return { ...page, items: page.items.map(offerFromItem) };
  }

  async listByInquiry(inquiryId: string): Promise<AdminOfferView[]> {
    const links = await queryAll(this.doc, this.tableName, {
      partition: keys.inquiryPartition(inquiryId),
      sortCondition: 'begins_with(#sk, :prefix)',
      sortValues: { ':prefix': keys.inquiryOfferPrefix },
      ascending: true,
    });
    const ids = links.map((l) => String(l.offerId));
    if (ids.length === 0) return [];
    const items = await batchGetAll(
      this.doc,
      this.tableName,
      ids.map((id) => keys.offer(id)),
    );
    const now = this.clock();
    return items
      .map(offerFromItem)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((o) => adminOfferView(o, this.siteUrl, now));
  }

  async releaseInquiry(inquiryId: string, now: Date): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.inquiry(inquiryId),
          UpdateExpression: 'SET #status = :answered, #updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK) AND #status = :waiting',
          ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: {
            ':answered': 'answered',
            ':waiting': 'waiting',
            ':now': now.toISOString(),
          },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
}

/** Everything of the offers: the guest's look and booking, and the expiry job. */
export class DynamoGuestOfferRepository extends DynamoOfferRepository implements OfferRepository {
  async getByToken(token: string): Promise<Offer | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.offerToken(token), ConsistentRead: true }),
    );
    const offerId = out.Item?.offerId;
    return typeof offerId === 'string' ? this.get(offerId) : null;
  }

  async markOpened(id: string, now: Date): Promise<Offer> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.offer(id),
          UpdateExpression: 'SET #status = :opened, #updatedAt = :now, GSI3PK = :statusKey',
          ConditionExpression: '#status = :sent',
          ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: {
            ':opened': 'opened',
            ':sent': 'sent',
            ':now': now.toISOString(),
            ':statusKey': keys.offersByStatus('opened'),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return offerFromItem(out.Attributes as Item);
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      const current = await this.get(id);
      if (!current) throw new DomainError('not_found', 'Offer not found');
      return current;
    }
  }

  async markWarned(offer: Offer, now: Date, mails: OutboxMail[]): Promise<boolean> {
    const warned: Offer = { ...offer, warnedAt: now.toISOString() };
    const due = offerDueAt(warned);
    const dueKeys = due ? keys.offerDue(due, offer.id) : null;
    const update: TransactItem = {
      Update: {
        TableName: this.tableName,
        Key: keys.offer(offer.id),
        UpdateExpression:
          'SET #warnedAt = :now, #updatedAt = :now' +
          (dueKeys ? ', GSI8PK = :duePk, GSI8SK = :dueSk' : ' REMOVE GSI8PK, GSI8SK'),
        ConditionExpression: '#status IN (:sent, :opened) AND attribute_not_exists(#warnedAt)',
        ExpressionAttributeNames: { '#warnedAt': 'warnedAt', '#updatedAt': 'updatedAt', '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':sent': 'sent',
          ':opened': 'opened',
          ...(dueKeys ? { ':duePk': dueKeys.GSI8PK, ':dueSk': dueKeys.GSI8SK } : {}),
        },
      },
    };
    try {
      await transactWrite(this.doc, () => [update, ...outboxPuts(this.tableName, mails, now)]);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) return false;
      throw e;
    }
  }

  async book(offer: Offer, booking: Booking, now: Date): Promise<void> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.offer(offer.id),
            UpdateExpression:
              'SET #status = :booked, #updatedAt = :now, #bookingId = :bookingId, ' +
              '#bookingReference = :reference, GSI3PK = :statusKey REMOVE GSI8PK, GSI8SK',
            ConditionExpression: '#status IN (:sent, :opened) AND #expiresAt > :now',
            ExpressionAttributeNames: {
              '#status': 'status',
              '#updatedAt': 'updatedAt',
              '#bookingId': 'bookingId',
              '#bookingReference': 'bookingReference',
              '#expiresAt': 'expiresAt',
            },
            ExpressionAttributeValues: {
              ':booked': 'booked',
              ':now': now.toISOString(),
              ':bookingId': booking.id,
              ':reference': booking.reference,
              ':statusKey': keys.offersByStatus('booked'),
              ':sent': 'sent',
              ':opened': 'opened',
            },
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: bookingItem(booking),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.bookingReference(booking.reference),
              type: itemTypes.bookingReference,
              bookingId: booking.id,
              reference: booking.reference,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError) {
        if (e.conditionFailedAt(0)) {
          const current = await this.get(offer.id);
          const status = current?.status ?? 'expired';
          throw offerNotOpen(status === 'sent' || status === 'opened' ? 'expired' : status);
        }
        if (e.conditionFailedAt(2)) {
          throw new DomainError('duplicate', `Booking reference ${booking.reference} is taken`);
        }
      }
      throw e;
    }
  }

  async due(now: Date, page: DueBatchRequest): Promise<DueBatch<Offer>> {
    const found = await queryShardedBatch(
      this.doc,
      this.tableName,
      Array.from({ length: DUE_SHARDS }, (_, n): KeyQuery => ({
        index: 'GSI8',
        partition: keys.offersDue(n),
        ascending: true,
        sortCondition: '#sk <= :to',
        sortValues: { ':to': keys.dueBy(now.toISOString()) },
      })),
      page.limit,
      page.cursor,
    );
    const ids = found.items.map((i) => {
      const sk = String(i.GSI8SK);
      return sk.slice(sk.indexOf('#') + 1);
    });
    const items =
      ids.length === 0
        ? []
        : await batchGetAll(
            this.doc,
            this.tableName,
            ids.map((id) => keys.offer(id)),
          );
    return {
      items: items.map(offerFromItem).filter((o) => o.status === 'sent' || o.status === 'opened'),
      read: found.items.length,
      ...(found.cursor ? { cursor: found.cursor } : {}),
    };
  }
}
