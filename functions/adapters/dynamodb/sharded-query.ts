/**
 * One bounded batch of a query over the shards of a sharded index key (issue 33): the shards not yet exhausted are
 * queried in parallel for their share of the batch (never more than `limit` items in all); the cursor keeps each shard's place (where it stopped, or that it
 * is done), so the next batch goes on where this one stopped. Order across shards is not kept: the jobs that read
 * this way act on each item by itself.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Item } from './items';
import { queryInput, type KeyQuery } from './pagination';

/** A shard's place: the key after which it goes on, or `true` once it has nothing left. */
type ShardPlace = Record<string, unknown> | true;
type ShardCursor = Record<string, ShardPlace>;

export interface ShardedBatch {
  items: Item[];
  cursor?: string;
}

function decode(cursor: string | undefined): ShardCursor {
  if (!cursor) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ShardCursor;
  } catch {
    // Falls through to the error below.
  }
  throw new RangeError('Not a cursor of a sharded batch');
}

export async function queryShardedBatch(
  doc: DynamoDBDocumentClient,
  tableName: string,
  /** One query per shard, by shard number. */
  shards: KeyQuery[],
  limit: number,
  cursor?: string,
): Promise<ShardedBatch> {
  const places = decode(cursor);
  const wanted = Math.max(1, Math.trunc(limit));
  // A batch smaller than the shards asks only as many shards as it may read items (the others in later batches).
  const open = shards
    .map((q, i) => ({ q, i }))
    .filter(({ i }) => places[i] !== true)
    .slice(0, wanted);
  const share = Math.max(1, Math.floor(wanted / Math.max(1, open.length)));
  const results = await Promise.all(
    open.map(async ({ q, i }) => {
      const start = places[i];
      const out = await doc.send(
        new QueryCommand({
          ...queryInput(tableName, q),
          Limit: share,
          ...(start && start !== true ? { ExclusiveStartKey: start } : {}),
        }),
      );
      return { i, items: (out.Items ?? []) as Item[], next: out.LastEvaluatedKey };
    }),
  );
  const next: ShardCursor = { ...places };
  const items: Item[] = [];
  for (const r of results) {
    items.push(...r.items);
    next[r.i] = r.next ?? true;
  }
  const done = shards.every((_, i) => next[i] === true);
  return {
    items,
    ...(done ? {} : { cursor: Buffer.from(JSON.stringify(next), 'utf8').toString('base64url') }),
  };
}
