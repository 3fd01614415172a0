/**
 * Moves the items of an index key written before issue 33 sharded it to their shard: walks the old key page by page
 * (a Query, never a scan) and sets each item's partition key of that index, conditional on it still being the old one, so an item
 * that left the index meanwhile is left alone and one whose own write already chose its shard is not touched again;
 * the sort key is kept. Idempotent: once the old key is empty a run reads one empty page. The readers read the old
 * key too until then, so nothing is missed meanwhile. `backfill-mail-shards.ts`, `backfill-deadline-shards.ts`
 * (GSI5) and `backfill-booking-list-shards.ts` (GSI2, GSI3) name the keys.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countConditionalWrite, type BackfillResult } from './backfill-listing-keys';
import { queryPage } from './pagination';
import { GLOBAL_INDEXES, type IndexName } from './table-definition';

export interface Gsi5Sharding {
  /** The single key of before the shards. */
  unsharded: string;
  /** The shard key of an item, by its `id`. */
  shardOf: (id: string) => string;
  /** The table key of an item, by its `id`. */
  itemKey: (id: string) => { PK: string; SK: string };
}

export function moveToGsi5Shards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sharding: Gsi5Sharding,
  pageSize = 100,
): Promise<BackfillResult> {
  return moveToShards(doc, tableName, { ...sharding, index: 'GSI5' }, pageSize);
}

/** The same move on any index: the old key of `index` to the shard its partition key should name. */
export async function moveToShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sharding: Gsi5Sharding & { index: IndexName },
  pageSize = 100,
): Promise<BackfillResult> {
  const partitionKey = GLOBAL_INDEXES.find((i) => i.name === sharding.index)?.partitionKey;
  if (!partitionKey) throw new Error(`Unknown index ${sharding.index}`);
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: sharding.index, partition: sharding.unsharded, ascending: true },
      { limit: pageSize, ...(cursor ? { cursor } : {}) },
    );
    for (const item of page.items) {
      result.examined++;
      const id = String(item.id);
      await countConditionalWrite(result, () =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sharding.itemKey(id),
            UpdateExpression: 'SET #pk = :shard',
            ConditionExpression: '#pk = :unsharded',
            ExpressionAttributeNames: { '#pk': partitionKey },
            ExpressionAttributeValues: { ':shard': sharding.shardOf(id), ':unsharded': sharding.unsharded },
          }),
        ),
      );
    }
    cursor = page.cursor;
  } while (cursor);
  return result;
}
