/**
 * Reads of the deadline index (GSI5 `DEADLINES#0…7`, issue 33): every partition queried in parallel, ascending, and
 * the answers merged by sort key (deadline, then id), so a reader sees the nearest deadlines of the whole
 * marketplace whichever shard they are in. The single key of before the shards (`DEADLINES`) is read as one more
 * partition until its back-fill has emptied it (`backfill-deadline-shards.ts`).
 *
 * Also the admin dashboard's reads of the pending requests: their exact number (`Select: 'COUNT'` over the shards
 * of the pending-status list and its old key, no item read) and the nearest deadlines among them (a few index items per shard).
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PendingDeadline, PendingRequestIndex } from '../../use-cases/back-office/dashboard-ports';
import type { Item } from './items';
import { keys } from './keys';
import { bookingList } from './booking-items';
import { countMerged } from './merged-newest';
import { queryAll, queryInput, type KeyQuery } from './pagination';

/** What a deadline query asks of every partition: its sort condition and filter (the partition is filled in). */
export type DeadlineQuery = Omit<KeyQuery, 'index' | 'partition' | 'ascending'>;

const bySortKey = (a: Item, b: Item) => String(a.GSI5SK).localeCompare(String(b.GSI5SK));

/**
 * The `limit` index entries with the earliest deadlines across every partition that match `q` and `keep`: each
 * partition answers at most `limit`, in order, so the first `limit` of the merge are the true first `limit`.
 */
export async function queryDeadlines(
  doc: DynamoDBDocumentClient,
  tableName: string,
  q: DeadlineQuery,
  limit: number,
  keep?: (item: Item) => boolean,
): Promise<Item[]> {
  const max = Math.max(1, Math.trunc(limit));
  const perPartition = await Promise.all(
    keys
      .deadlinePartitions()
      .map((partition) =>
        queryAll(doc, tableName, { ...q, index: 'GSI5', partition, ascending: true }, max, keep),
      ),
  );
  return perPartition.flat().sort(bySortKey).slice(0, max);
}

/** Index entries read per Query while looking for pending requests among the (mostly short) holds. */
const NEAREST_PAGE = 100;

export class DynamoPendingRequests implements PendingRequestIndex {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async count(): Promise<number> {
    // Every shard of the pending list and its old single key (issue 33), each counted whole.
    return countMerged(this.doc, this.tableName, bookingList('pending'), {
      expression: '#status = :pending',
      names: { '#status': 'status' },
      values: { ':pending': 'pending' },
    });
  }

  async nearestDeadlines(limit: number): Promise<PendingDeadline[]> {
    const max = Math.max(1, Math.trunc(limit));
    const perPartition = await Promise.all(
      keys.deadlinePartitions().map((partition) => this.nearestIn(partition, max)),
    );
    return perPartition
      .flat()
      .sort(bySortKey)
      .slice(0, max)
      .map((item) => ({
        bookingId: String(item.id),
        reference: String(item.reference),
        deadline: String(item.deadline),
      }));
  }

  /**
   * The first `max` pending requests of one partition, by deadline (overdue ones first): holds and refunds owed
   * share the index and are filtered out in DynamoDB, pages of `NEAREST_PAGE` until `max` are found or none is left.
   */
  private async nearestIn(partition: string, max: number): Promise<Item[]> {
    const found: Item[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          ...queryInput(this.tableName, {
            index: 'GSI5',
            partition,
            ascending: true,
            filter: {
              expression: '#status = :pending',
              names: { '#status': 'status', '#id': 'id', '#reference': 'reference', '#deadline': 'deadline' },
              values: { ':pending': 'pending' },
            },
          }),
          ProjectionExpression: '#id, #reference, #deadline, GSI5SK',
          Limit: NEAREST_PAGE,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      found.push(...((out.Items ?? []) as Item[]));
      start = out.LastEvaluatedKey;
    } while (start && found.length < max);
    return found.slice(0, max);
  }
}
