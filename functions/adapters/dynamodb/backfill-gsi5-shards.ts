/**
 * Moves the items of a GSI5 key written before issue 33 sharded it to their shard: walks the old key page by page (a
 * Query, never a scan) and sets each item's partition key, conditional on it still being the old one, so an item
 * that left the index meanwhile is left alone and one whose own write already chose its shard is not touched again;
 * the sort key is kept. Idempotent: once the old key is empty a run reads one empty page. The readers read the old
 * key too until then, so nothing is missed meanwhile. `backfill-mail-shards.ts` and `backfill-deadline-shards.ts`
 * name the keys.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from './backfill-listing-keys';
import { queryPage } from './pagination';

export interface Gsi5Sharding {
  /** The single key of before the shards. */
  unsharded: string;
  /** The shard key of an item, by its `id`. */
  shardOf: (id: string) => string;
  /** The table key of an item, by its `id`. */
  itemKey: (id: string) => { PK: string; SK: string };
}

export async function moveToGsi5Shards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sharding: Gsi5Sharding,
  pageSize = 100,
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: 'GSI5', partition: sharding.unsharded, ascending: true },
      { limit: pageSize, ...(cursor ? { cursor } : {}) },
    );
    for (const item of page.items) {
      result.examined++;
      const id = String(item.id);
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sharding.itemKey(id),
            UpdateExpression: 'SET GSI5PK = :shard',
            ConditionExpression: 'GSI5PK = :unsharded',
            ExpressionAttributeValues: { ':shard': sharding.shardOf(id), ':unsharded': sharding.unsharded },
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
