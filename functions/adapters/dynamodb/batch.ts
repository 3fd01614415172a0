import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Item } from './items';

/** BatchGetItem accepts at most 100 keys per request. */
const BATCH_GET_LIMIT = 100;
const MAX_ROUNDS = 10;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every existing item of `keys` (missing ones are simply absent), in no particular order. Unprocessed keys, which
 * DynamoDB returns when it throttles part of a batch, are asked for again with a growing pause.
 */
export async function batchGetAll(
  doc: DynamoDBDocumentClient,
  tableName: string,
  keys: Record<string, string>[],
): Promise<Item[]> {
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + BATCH_GET_LIMIT);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (round > 0) await delay(Math.random() * Math.min(1000, 50 * 2 ** round));
      const out = await doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }));
      items.push(...((out.Responses?.[tableName] ?? []) as Item[]));
      pending = (out.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return items;
}

/** BatchWriteItem accepts at most 25 requests per call. */
const BATCH_WRITE_LIMIT = 25;

/** Deletes every item of `keys`; unprocessed requests (throttling) are sent again with a growing pause. */
export async function batchDeleteAll(
  doc: DynamoDBDocumentClient,
  tableName: string,
  keys: Record<string, string>[],
): Promise<void> {
  for (let i = 0; i < keys.length; i += BATCH_WRITE_LIMIT) {
    let pending: Record<string, unknown>[] = keys
      .slice(i, i + BATCH_WRITE_LIMIT)
      .map((Key) => ({ DeleteRequest: { Key } }));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error(`BatchWriteItem left ${pending.length} requests unprocessed`);
      if (round > 0) await delay(Math.random() * Math.min(1000, 50 * 2 ** round));
      const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (out.UnprocessedItems?.[tableName] ?? []) as Record<string, unknown>[];
    }
  }
}
