/**
 * Reviews in the single table (DESIGN §4e, keys in `keys.ts`). A review and its counters change in one transaction:
 * writing adds one to the experience's and the host's rating counters, hiding takes it away, showing adds it back.
 * The counters live in their own items (`SK=RATING`) beside the experience and the host, because an experience
 * edit rewrites the experience item whole and would otherwise lose a review counted meanwhile.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../domain/errors';
import {
  ratingDelta,
  reviewMailKey,
  reviewSearchText,
  type RatingCounter,
  type Review,
  type ReviewStatus,
} from '../../domain/reviews';
import type {
  OutboxMail,
  Page,
  PageRequest,
  ReviewInvitation,
  ReviewListFilter,
  ReviewMailState,
  ReviewRepository,
  ScheduledMailRecord,
} from '../../use-cases/ports';
import { batchGetAll } from './batch';
import { fromItem, toItem, type Item } from './items';
import { itemTypes, keys } from './keys';
import { outboxPuts } from './mail-outbox';
import { pageSize, queryFiltered, queryPage, type KeyQuery } from './pagination';
import { scheduledMailRecordPut } from './scheduled-mails';
import { TTL_ATTRIBUTE } from './table-definition';
import {
  TransactionCancelledError,
  transactWrite,
  type TransactItem,
  isConditionalCheckFailed,
} from './transactions';

export const REVIEW_NOT_FOUND_MESSAGE = '口コミが見つかりません';
export const REVIEW_ALREADY_HIDDEN_MESSAGE = 'この口コミはすでに非表示です';
export const REVIEW_ALREADY_VISIBLE_MESSAGE = 'この口コミはすでに表示されています';
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this booking. Thank you!';

/** How many reviews an admin's text search looks at per request (the rest follows with the cursor). */
const SEARCH_MAX_READ = 500;

export class DynamoReviewRepository implements ReviewRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async recordInvitation(
    record: ScheduledMailRecord,
    invitation: ReviewInvitation,
    mails: OutboxMail[],
    now: Date,
  ): Promise<boolean> {
    const items: TransactItem[] = [
      scheduledMailRecordPut(this.tableName, record, mails, now),
      {
        ConditionCheck: {
          TableName: this.tableName,
          Key: keys.bookingReview(invitation.bookingId),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.reviewInvitation(invitation.tokenHash),
            type: itemTypes.reviewInvitation,
            ...invitation,
            [TTL_ATTRIBUTE]: Math.floor(Date.parse(invitation.validUntil) / 1000) + 24 * 3600,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...outboxPuts(this.tableName, mails, now),
    ];
    try {
      await transactWrite(this.doc, () => items);
      return true;
    } catch (e) {
      // Another run wrote this mail first, or the guest has written their review: nothing was written.
      if (e instanceof TransactionCancelledError && (e.conditionFailedAt(0) || e.conditionFailedAt(1)))
        return false;
      throw e;
    }
  }

  async mailStates(bookingIds: readonly string[]): Promise<Map<string, ReviewMailState>> {
    const ids = [...new Set(bookingIds)];
    const wanted = ids.flatMap((id) => [
      keys.scheduledMail(reviewMailKey('invite', id)),
      keys.scheduledMail(reviewMailKey('reminder', id)),
      keys.bookingReview(id),
    ]);
    const found = new Set(
      (await batchGetAll(this.doc, this.tableName, wanted)).map((i) => `${i.PK}|${i.SK}`),
    );
    const has = (k: { PK: string; SK: string }) => found.has(`${k.PK}|${k.SK}`);
    return new Map(
      ids.map((id) => [
        id,
        {
          invited: has(keys.scheduledMail(reviewMailKey('invite', id))),
          reminded: has(keys.scheduledMail(reviewMailKey('reminder', id))),
          reviewed: has(keys.bookingReview(id)),
        },
      ]),
    );
  }

  async getInvitation(tokenHash: string): Promise<ReviewInvitation | null> {
    const item = await this.getItem(keys.reviewInvitation(tokenHash));
    if (!item) return null;
    return { tokenHash, bookingId: String(item.bookingId), validUntil: String(item.validUntil) };
  }

  async reviewIdOfBooking(bookingId: string): Promise<string | null> {
    const item = await this.getItem(keys.bookingReview(bookingId));
    return item ? String(item.reviewId) : null;
  }

  async create(review: Review): Promise<void> {
    const delta = ratingDelta(review.rating, true);
    try {
      await transactWrite(this.doc, () => [
        {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.bookingReview(review.bookingId),
              type: itemTypes.bookingReview,
              reviewId: review.id,
              createdAt: review.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: this.reviewItem(review),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        this.counterUpdate(keys.experienceRating(review.experienceId), delta),
        this.counterUpdate(keys.hostRating(review.hostId), delta),
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0))
        throw new DomainError('duplicate', ALREADY_REVIEWED_MESSAGE);
      throw e;
    }
  }

  async get(id: string): Promise<Review | null> {
    const item = await this.getItem(keys.review(id));
    return item ? fromItem<Review>(item) : null;
  }

  async listVisible(experienceId: string, page: PageRequest = {}): Promise<Page<Review>> {
    return this.page(
      { index: 'GSI1', partition: keys.experienceReviews(experienceId), ascending: false },
      page,
    );
  }

  async listByHost(hostId: string, filter: ReviewListFilter & PageRequest): Promise<Page<Review>> {
    const conditions: string[] = [];
    const values: Record<string, unknown> = {};
    if (filter.experienceId) {
      conditions.push('experienceId = :experienceId');
      values[':experienceId'] = filter.experienceId;
    }
    if (filter.rating) {
      conditions.push('rating = :rating');
      values[':rating'] = filter.rating;
    }
    const q: KeyQuery = {
      index: 'GSI2',
      partition: keys.hostReviews(hostId),
      ascending: false,
      ...(conditions.length > 0 ? { filter: { expression: conditions.join(' AND '), values } } : {}),
    };
    if (conditions.length === 0) return this.page(q, filter);
    // A filter may leave a DynamoDB page empty: read on (bounded) until the page is full.
    return this.filteredPage(q, filter, () => true);
  }

  async listByStatus(status: ReviewStatus, filter: { q?: string } & PageRequest): Promise<Page<Review>> {
    const q: KeyQuery = { index: 'GSI3', partition: keys.reviewsByStatus(status), ascending: false };
    const needle = filter.q?.normalize('NFKC').toLowerCase().trim();
    if (!needle) return this.page(q, filter);
    return this.filteredPage(q, filter, (item) => reviewSearchText(fromItem<Review>(item)).includes(needle));
  }

  async setReply(id: string, hostId: string, text: string, now: Date): Promise<Review> {
    const current = await this.get(id);
    if (!current || current.hostId !== hostId) throw new DomainError('not_found', REVIEW_NOT_FOUND_MESSAGE);
    const at = now.toISOString();
    // The first reply's time stays; an edit moves `updatedAt` only.
    const reply = { text, createdAt: current.reply?.createdAt ?? at, updatedAt: at };
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.review(id),
          ConditionExpression: 'attribute_exists(PK) AND hostId = :hostId',
          UpdateExpression: 'SET reply = :reply, updatedAt = :now',
          ExpressionAttributeValues: { ':hostId': hostId, ':now': at, ':reply': reply },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem<Review>(out.Attributes as Item);
    } catch (e) {
      if (isConditionalCheckFailed(e)) throw new DomainError('not_found', REVIEW_NOT_FOUND_MESSAGE);
      throw e;
    }
  }

  async setVisibility(id: string, visible: boolean, reason: string | null, now: Date): Promise<Review> {
    const current = await this.get(id);
    if (!current) throw new DomainError('not_found', REVIEW_NOT_FOUND_MESSAGE);
    const from: ReviewStatus = visible ? 'hidden' : 'visible';
    if (current.status !== from)
      throw new DomainError(
        'state_conflict',
        visible ? REVIEW_ALREADY_VISIBLE_MESSAGE : REVIEW_ALREADY_HIDDEN_MESSAGE,
      );
    const next: Review = {
      ...current,
      status: visible ? 'visible' : 'hidden',
      hiddenReason: visible ? null : reason,
      hiddenAt: visible ? null : now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const delta = ratingDelta(current.rating, visible);
    try {
      await transactWrite(this.doc, () => [
        {
          Put: {
            TableName: this.tableName,
            Item: this.reviewItem(next),
            // A reply saved since the read would be lost: then this answers 409 and the admin tries again.
            ConditionExpression: '#status = :from AND updatedAt = :updatedAt',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':from': from, ':updatedAt': current.updatedAt },
          },
        },
        this.counterUpdate(keys.experienceRating(current.experienceId), delta),
        this.counterUpdate(keys.hostRating(current.hostId), delta),
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0))
        throw new DomainError(
          'state_conflict',
          visible ? REVIEW_ALREADY_VISIBLE_MESSAGE : REVIEW_ALREADY_HIDDEN_MESSAGE,
        );
      throw e;
    }
    return next;
  }

  async experienceRatings(experienceIds: readonly string[]): Promise<Map<string, RatingCounter>> {
    const ids = [...new Set(experienceIds)];
    if (ids.length === 0) return new Map();
    const items = await batchGetAll(
      this.doc,
      this.tableName,
      ids.map((id) => keys.experienceRating(id)),
    );
    return new Map(items.map((i) => [String(i.experienceId), counterOf(i)]));
  }

  async hostRating(hostId: string): Promise<RatingCounter | null> {
    const item = await this.getItem(keys.hostRating(hostId));
    return item ? counterOf(item) : null;
  }

  private counterUpdate(key: { PK: string; SK: string }, delta: RatingCounter): TransactItem {
    const owner = key.PK.startsWith('EXPERIENCE#')
      ? { experienceId: key.PK.slice('EXPERIENCE#'.length) }
      : { hostId: key.PK.slice('HOST#'.length) };
    const [name, value] = Object.entries(owner)[0] as [string, string];
    return {
      Update: {
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET #type = :type, #owner = :owner ADD #count :count, #sum :sum',
        ExpressionAttributeNames: { '#type': 'type', '#owner': name, '#count': 'count', '#sum': 'sum' },
        ExpressionAttributeValues: {
          ':type': itemTypes.rating,
          ':owner': value,
          ':count': delta.count,
          ':sum': delta.sum,
        },
      },
    };
  }

  private reviewItem(r: Review): Item {
    return toItem(r, { ...keys.review(r.id), type: itemTypes.review, ...keys.reviewIndexes(r) });
  }

  private async getItem(key: { PK: string; SK: string }): Promise<Item | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key }));
    return (out.Item as Item | undefined) ?? null;
  }

  /** A page of the items `keep` accepts, read on (bounded by `SEARCH_MAX_READ`) while filters leave pages short. */
  private async filteredPage(
    q: KeyQuery,
    page: PageRequest,
    keep: (item: Item) => boolean,
  ): Promise<Page<Review>> {
    const out = await queryFiltered(
      this.doc,
      this.tableName,
      q,
      {
        ...(page.cursor ? { cursor: page.cursor } : {}),
        limit: pageSize(page.limit),
        maxRead: SEARCH_MAX_READ,
        batchSize: 100,
      },
      async (batch) => batch.map(keep),
    );
    return this.pageOf(out);
  }

  private async page(q: KeyQuery, page: PageRequest): Promise<Page<Review>> {
    return this.pageOf(await queryPage(this.doc, this.tableName, q, page));
  }

  private pageOf(out: { items: Item[]; cursor?: string }): Page<Review> {
    return {
      items: out.items.map((i) => fromItem<Review>(i)),
      ...(out.cursor ? { cursor: out.cursor } : {}),
    };
  }
}

const counterOf = (item: Item): RatingCounter => ({
  count: Number(item.count ?? 0),
  sum: Number(item.sum ?? 0),
});
