/**
 * Moves the deadlines written before issue 33 from the single deadline key (`DEADLINES` on GSI5) to their shard
 * (`DEADLINES#<n>`, `keys.bookingDeadline`). Walks the old key page by page (a Query, never a scan) and sets each
 * booking's partition key, conditional on it still being the old one: a booking decided or expired meanwhile (no
 * longer in the index) is left alone, and one whose transition already wrote its shard is not touched again; the
 * sort key (its deadline) is kept. Idempotent: once the old key is empty a run reads one empty page. The readers
 * read the old key too until then, so no deadline is missed meanwhile.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from './backfill-listing-keys';
import { deadlineShardOf, keys } from './keys';
import { queryPage } from './pagination';

export async function backfillDeadlineShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: 'GSI5', partition: keys.deadlinesUnsharded, ascending: true },
      { limit: pageSize, ...(cursor ? { cursor } : {}) },
    );
    for (const item of page.items) {
      result.examined++;
      const id = String(item.id);
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.booking(id),
            UpdateExpression: 'SET GSI5PK = :shard',
            ConditionExpression: 'GSI5PK = :unsharded',
            ExpressionAttributeValues: {
              ':shard': keys.deadlinesShard(deadlineShardOf(id)),
              ':unsharded': keys.deadlinesUnsharded,
            },
          }),
        );
        result.updated++;
      } catch (e) {
        if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
        result.skipped++;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return result;
}
