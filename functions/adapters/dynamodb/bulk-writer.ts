/**
 * Bulk writes of what the repositories would write one transaction at a time (the local bulk seed, issue 33): a
 * recording client stands in for DynamoDB while a repository "writes", so the items are exactly the repository's
 * own (its keys, index keys and counters, including any key added to its builders later); `writeInBulk` then
 * sends them as BatchWriteItem (25 puts per call, unprocessed items sent again) and the counter updates merged per
 * item. Only for fresh items of synthetic data: the transactions' conditions are dropped, since nothing exists that
 * they could protect, and a write half-done leaves synthetic data half-written, nothing else.
 */
import {
  BatchWriteCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from './transactions';

/** BatchWriteItem accepts at most 25 requests per call. */
export const BATCH_WRITE_LIMIT = 25;
const MAX_ROUNDS = 10;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A document client that records every TransactWriteItems sent through it and answers success, so that a
 * repository's write can be captured instead of performed. Anything else (a read) is refused: the captured write
 * must not depend on what the table holds.
 */
export function recordingClient(): { doc: DynamoDBDocumentClient; take(): TransactItem[] } {
  let recorded: TransactItem[] = [];
  const doc = {
    send(command: unknown) {
      if (command instanceof TransactWriteCommand) {
        recorded.push(...(command.input.TransactItems ?? []));
        return Promise.resolve({});
      }
      const name = (command as { constructor?: { name?: string } })?.constructor?.name ?? 'unknown';
      return Promise.reject(new Error(`recordingClient records transactions only, not ${name}`));
    },
  } as unknown as DynamoDBDocumentClient;
  return {
    doc,
    take() {
      const out = recorded;
      recorded = [];
      return out;
    },
  };
}

type UpdateInput = NonNullable<TransactItem['Update']>;

/** Placeholders (`:x`, `#x`) that `expression` uses. */
const used = (expression: string, placeholder: string) =>
  new RegExp(`${placeholder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`).test(expression);

/** The value placeholders of an update's ADD clause (`ADD #a :x, #b :y`). */
function addedValues(expression: string): Set<string> {
  const clause = /\bADD\s+(.+?)(?=\s+\b(?:SET|REMOVE|DELETE)\b|$)/i.exec(expression)?.[1] ?? '';
  return new Set(clause.match(/:[A-Za-z0-9_]+/g) ?? []);
}

/**
 * The update without its condition (and the names and values only the condition used). Updates of the same item
 * with the same expression that differ only in the amounts they ADD are merged into one by summing the amounts, so
 * 20,000 bookings' counter bumps are a handful of writes.
 */
export function mergeUpdates(updates: UpdateInput[]): UpdateInput[] {
  const merged = new Map<string, UpdateInput>();
  for (const update of updates) {
    const expression = update.UpdateExpression ?? '';
    const names = Object.fromEntries(
      Object.entries(update.ExpressionAttributeNames ?? {}).filter(([k]) => used(expression, k)),
    );
    const values = Object.fromEntries(
      Object.entries(update.ExpressionAttributeValues ?? {}).filter(([k]) => used(expression, k)),
    );
    const added = addedValues(expression);
    const fixed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => !(added.has(k) && typeof v === 'number')),
    );
    // Only ADD amounts are summed: an update whose arithmetic is elsewhere (`SET #n = #n + :one`) stays apart.
    const summable = Object.keys(values).some((k) => added.has(k) && typeof values[k] === 'number');
    const key = summable
      ? JSON.stringify([update.TableName, update.Key, expression, names, fixed])
      : `apart#${merged.size}`;
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, {
        TableName: update.TableName,
        Key: update.Key,
        UpdateExpression: expression,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      });
      continue;
    }
    const sums = existing.ExpressionAttributeValues as Record<string, unknown>;
    for (const [k, v] of Object.entries(values)) {
      if (added.has(k) && typeof v === 'number') sums[k] = (sums[k] as number) + v;
    }
  }
  return [...merged.values()];
}

/** Runs `work` over `list` with at most `concurrency` at once. */
async function eachLimited<T>(list: readonly T[], concurrency: number, work: (t: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, list.length)) }, async () => {
    while (next < list.length) {
      const item = list[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export interface BulkWriteResult {
  puts: number;
  updates: number;
  batches: number;
}

/**
 * Writes recorded transaction items: puts in BatchWriteItem calls of 25 (unprocessed items, DynamoDB's answer to
 * throttling, sent again with a growing pause), updates merged per item (see `mergeUpdates`) and sent one by one.
 * Deletes and condition checks have no place in a seed of fresh items and are refused.
 */
export async function writeInBulk(
  doc: DynamoDBDocumentClient,
  items: readonly TransactItem[],
  options: { concurrency?: number } = {},
): Promise<BulkWriteResult> {
  const concurrency = options.concurrency ?? 8;
  const puts: { table: string; item: Record<string, unknown> }[] = [];
  const updates: UpdateInput[] = [];
  for (const item of items) {
    if (item.Put) puts.push({ table: item.Put.TableName!, item: item.Put.Item as Record<string, unknown> });
    else if (item.Update) updates.push(item.Update);
    else throw new Error('writeInBulk writes puts and updates only');
  }
  // The same key twice in one BatchWriteItem is refused: a later put of an item replaces the earlier one.
  const byKey = new Map<string, { table: string; item: Record<string, unknown> }>();
  for (const p of puts) byKey.set(JSON.stringify([p.table, p.item.PK, p.item.SK]), p);
  const unique = [...byKey.values()];
  const chunks: (typeof unique)[] = [];
  for (let i = 0; i < unique.length; i += BATCH_WRITE_LIMIT)
    chunks.push(unique.slice(i, i + BATCH_WRITE_LIMIT));
  await eachLimited(chunks, concurrency, async (chunk) => {
    let pending: Record<string, Record<string, unknown>[]> = {};
    for (const p of chunk) (pending[p.table] ??= []).push({ PutRequest: { Item: p.item } });
    for (let round = 0; Object.keys(pending).length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error('BatchWriteItem left requests unprocessed after every retry');
      if (round > 0) await delay(Math.random() * Math.min(1000, 50 * 2 ** round));
      const out = await doc.send(new BatchWriteCommand({ RequestItems: pending }));
      pending = Object.fromEntries(
        Object.entries(out.UnprocessedItems ?? {}).filter(([, list]) => (list?.length ?? 0) > 0),
      ) as Record<string, Record<string, unknown>[]>;
    }
  });
  const merged = mergeUpdates(updates);
  await eachLimited(merged, concurrency, async (update) => {
    await doc.send(new UpdateCommand(update));
  });
  return { puts: unique.length, updates: merged.length, batches: chunks.length };
}
