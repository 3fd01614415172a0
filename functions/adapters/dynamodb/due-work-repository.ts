/**
 * The jobs' reads of work that is due (issue 33): GSI8 holds only the keys of approved bookings by tour start and
 * of completed bookings by the day their next review mail falls due, in `DUE_SHARDS` shards. A batch queries every
 * shard in parallel, then reads the bookings it found with BatchGet (the index projects keys only).
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Booking } from '../../domain/entities';
import type {
  DueBatch,
  DueBatchRequest,
  DueReviewMail,
  DueWorkRepository,
} from '../../use-cases/due-work-ports';
import { batchGetAll } from './batch';
import { bookingFromItem } from './booking-repository';
import type { Item } from './items';
import { DUE_SHARDS, keys } from './keys';
import type { KeyQuery } from './pagination';
import { queryShardedBatch } from './sharded-query';
import { isConditionalCheckFailed } from './transactions';

const shardNumbers = Array.from({ length: DUE_SHARDS }, (_, i) => i);

/** The id at the end of a GSI8 sort key (`<instant or date>#<id>`). */
const idOfDueKey = (sk: string) => sk.slice(sk.indexOf('#') + 1);

export class DynamoDueWorkRepository implements DueWorkRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async toursStarting(range: { from?: Date; to: Date }, page: DueBatchRequest): Promise<DueBatch<Booking>> {
    const to = keys.dueBy(range.to.toISOString());
    const sort: Pick<KeyQuery, 'sortCondition' | 'sortValues'> = range.from
      ? {
          sortCondition: '#sk BETWEEN :from AND :to',
          sortValues: { ':from': range.from.toISOString(), ':to': to },
        }
      : { sortCondition: '#sk <= :to', sortValues: { ':to': to } };
    const batch = await this.batch(
      shardNumbers.map((n): KeyQuery => ({
        index: 'GSI8',
        partition: keys.toursDue(n),
        ascending: true,
        ...sort,
      })),
      page,
    );
    return {
      ...batch,
      items: batch.items.filter(({ booking }) => booking.status === 'approved').map(({ booking }) => booking),
    };
  }

  async reviewMailsDue(
    range: { from: string; to: string },
    page: DueBatchRequest,
  ): Promise<DueBatch<DueReviewMail>> {
    const batch = await this.batch(
      shardNumbers.map((n) => ({
        index: 'GSI8',
        partition: keys.reviewMailsDue(n),
        ascending: true,
        sortCondition: '#sk BETWEEN :from AND :to',
        sortValues: { ':from': range.from, ':to': keys.dueBy(range.to) },
      })),
      page,
    );
    return {
      ...batch,
      items: batch.items
        .filter(({ booking }) => booking.status === 'completed')
        .map(({ booking, sortKey }) => ({ booking, dueOn: sortKey.slice(0, sortKey.indexOf('#')) })),
    };
  }

  async setReviewMailDue(bookingId: string, on: string | null): Promise<boolean> {
    const due = on === null ? null : keys.reviewMailDue(on, bookingId);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.booking(bookingId),
          UpdateExpression: due ? 'SET GSI8PK = :pk, GSI8SK = :sk' : 'REMOVE GSI8PK, GSI8SK',
          ConditionExpression: 'attribute_exists(PK) AND #status = :completed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'completed',
            ...(due ? { ':pk': due.GSI8PK, ':sk': due.GSI8SK } : {}),
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }

  /** One batch of index entries, and the bookings they point at (read with BatchGet, as they are now). */
  private async batch(
    shards: KeyQuery[],
    page: DueBatchRequest,
  ): Promise<DueBatch<{ booking: Booking; sortKey: string }>> {
    const found = await queryShardedBatch(this.doc, this.tableName, shards, page.limit, page.cursor);
    const sortKeys = new Map(found.items.map((i: Item) => [idOfDueKey(String(i.GSI8SK)), String(i.GSI8SK)]));
    const items = await batchGetAll(
      this.doc,
      this.tableName,
      [...sortKeys.keys()].map((id) => keys.booking(id)),
    );
    return {
      items: items.map((item) => {
        const booking = bookingFromItem(item);
        return { booking, sortKey: sortKeys.get(booking.id) ?? '' };
      }),
      read: found.items.length,
      ...(found.cursor ? { cursor: found.cursor } : {}),
    };
  }
}
