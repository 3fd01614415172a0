/**
 * Moves the deadlines written before issue 33 from the single deadline key (`DEADLINES` on GSI5) to their shard
 * (`DEADLINES#<n>`, `keys.bookingDeadline`). Walks the old key page by page (a Query, never a scan) and sets each
 * booking's partition key, conditional on it still being the old one: a booking decided or expired meanwhile (no
 * longer in the index) is left alone, and one whose transition already wrote its shard is not touched again; the
 * sort key (its deadline) is kept. Idempotent: once the old key is empty a run reads one empty page. The readers
 * read the old key too until then, so no deadline is missed meanwhile.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from './backfill-listing-keys';
import { moveToGsi5Shards } from './backfill-gsi5-shards';
import { deadlineShardOf, keys } from './keys';

export function backfillDeadlineShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  return moveToGsi5Shards(
    doc,
    tableName,
    {
      unsharded: keys.deadlinesUnsharded,
      shardOf: (id) => keys.deadlinesShard(deadlineShardOf(id)),
      itemKey: keys.booking,
    },
    pageSize,
  );
}
