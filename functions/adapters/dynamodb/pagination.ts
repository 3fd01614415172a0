/**
 * Queries, pages and cursors. A cursor is the opaque base64url form of the key the next page starts after; it is
 * checked against the query it is handed back to, so a forged or foreign cursor is a 400, never a DynamoDB error.
 */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../domain/errors';
import type { Page, PageRequest } from '../../use-cases/ports';
import type { Item } from './items';
import { GLOBAL_INDEXES, TABLE_PARTITION_KEY, TABLE_SORT_KEY, type IndexName } from './table-definition';

export const DEFAULT_PAGE_SIZE = 20;
/** Larger requests are served this many items per page (the cursor brings the rest). */
export const MAX_PAGE_SIZE = 100;

export interface KeyQuery {
  /** Absent: the table's own key. */
  index?: IndexName;
  partition: string;
  /** A condition on the sort key, written with `#sk`, e.g. `begins_with(#sk, :prefix)`. */
  sortCondition?: string;
  sortValues?: Record<string, string>;
  /** `false`: descending sort key (newest first for time-ordered keys). */
  ascending: boolean;
  /**
   * A FilterExpression applied after the key condition (its `#names`/`:values` must not clash with `#pk`, `#sk`,
   * `:pk`). DynamoDB still reads the filtered-out items: use it where the key already narrows the read well.
   */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

function keyNamesOf(index: IndexName | undefined): { pk: string; sk: string; all: string[] } {
  if (!index)
    return { pk: TABLE_PARTITION_KEY, sk: TABLE_SORT_KEY, all: [TABLE_PARTITION_KEY, TABLE_SORT_KEY] };
  const def = GLOBAL_INDEXES.find((i) => i.name === index);
  if (!def) throw new Error(`Unknown index ${index}`);
  return {
    pk: def.partitionKey,
    sk: def.sortKey,
    all: [TABLE_PARTITION_KEY, TABLE_SORT_KEY, def.partitionKey, def.sortKey],
  };
}

export function queryInput(tableName: string, q: KeyQuery): QueryCommandInput {
  const { pk, sk } = keyNamesOf(q.index);
  return {
    TableName: tableName,
    ...(q.index ? { IndexName: q.index } : {}),
    KeyConditionExpression: `#pk = :pk${q.sortCondition ? ` AND ${q.sortCondition}` : ''}`,
    ...(q.filter ? { FilterExpression: q.filter.expression } : {}),
    ExpressionAttributeNames: {
      '#pk': pk,
      ...(q.sortCondition ? { '#sk': sk } : {}),
      ...(q.filter?.names ?? {}),
    },
    ExpressionAttributeValues: { ':pk': q.partition, ...(q.sortValues ?? {}), ...(q.filter?.values ?? {}) },
    ScanIndexForward: q.ascending,
  };
}

export function encodeCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export const invalidCursor = (): DomainError =>
  new DomainError('validation_failed', 'Invalid page cursor', { cursor: 'Invalid cursor' });

/** The object a cursor encodes (base64url JSON), or the 400 of a cursor that is not one. */
export function cursorObject(cursor: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidCursor();
  return parsed as Record<string, unknown>;
}

/** The start key a cursor stands for, after checking it belongs to this query (same key names and partition). */
export function decodeCursor(cursor: string, q: KeyQuery): Record<string, string> {
  const names = keyNamesOf(q.index);
  const parsed = cursorObject(cursor);
  const entries = Object.entries(parsed);
  const valid =
    entries.length === names.all.length &&
    entries.every(([k, v]) => names.all.includes(k) && typeof v === 'string' && v.length > 0) &&
    (parsed as Record<string, string>)[names.pk] === q.partition;
  if (!valid) throw invalidCursor();
  return parsed as Record<string, string>;
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

/**
 * One page of a query. It reads one item beyond the page to know whether another page exists, so the last page
 * carries no cursor (rather than a cursor to an empty page).
 */
export async function queryPage(
  doc: DynamoDBDocumentClient,
  tableName: string,
  q: KeyQuery,
  page: PageRequest = {},
): Promise<Page<Item>> {
  const limit = pageSize(page.limit);
  const names = keyNamesOf(q.index);
  const items: Item[] = [];
  let start: Record<string, string> | undefined = page.cursor ? decodeCursor(page.cursor, q) : undefined;
  do {
    const out = await doc.send(
      new QueryCommand({
        ...queryInput(tableName, q),
        Limit: limit + 1 - items.length,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey as Record<string, string> | undefined;
  } while (start && items.length <= limit);
  if (items.length <= limit) return { items };
  const last = items[limit - 1] as Item;
  const key: Record<string, string> = {};
  for (const n of names.all) key[n] = String(last[n]);
  return { items: items.slice(0, limit), cursor: encodeCursor(key) };
}

/**
 * Every item of a query, page after page, that passes `keep` (all by default); stops once `max` items are kept.
 * `startAfter` continues after that key (the query's own keys of an item, which need not exist any more).
 */
export async function queryAll(
  doc: DynamoDBDocumentClient,
  tableName: string,
  q: KeyQuery,
  max = Number.POSITIVE_INFINITY,
  keep: (item: Item) => boolean = () => true,
  startAfter?: Record<string, unknown>,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined = startAfter;
  do {
    const remaining = max - items.length;
    const out = await doc.send(
      new QueryCommand({
        ...queryInput(tableName, q),
        ...(Number.isFinite(remaining) ? { Limit: remaining } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as Item[]) if (items.length < max && keep(item)) items.push(item);
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items;
}

/** How many items a query matches, without reading them. */
export async function queryCount(
  doc: DynamoDBDocumentClient,
  tableName: string,
  q: KeyQuery,
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(
      new QueryCommand({
        ...queryInput(tableName, q),
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The cursor that continues a query right after `item` (its table and index keys). */
export function cursorAfter(item: Item, q: KeyQuery): string {
  const key: Record<string, string> = {};
  for (const n of keyNamesOf(q.index).all) key[n] = String(item[n]);
  return encodeCursor(key);
}

export interface FilteredPage {
  items: Item[];
  cursor?: string;
  /** Items looked at (and handed to `keep`) to find `items`. */
  read: number;
}

/** Where a filtered read takes its items from (one partition's Query, or the merge of a list's partitions). */
export interface FilterSource {
  /** The next items, at most `size` (none once nothing is left). */
  next(size: number): Promise<Item[]>;
  /** Whether items may remain after those handed out so far. */
  readonly more: boolean;
  /** The cursor that continues right after `item`; without one, where the source stands (if it can say). */
  cursorAfter(item?: Item): string | undefined;
}

/**
 * A page of the items `keep` accepts: `keep` is asked about `batchSize` items at a time, and the read stops as soon
 * as `limit` items are kept or `maxRead` items were looked at, whichever comes first, so the cost of one request is
 * bounded whatever the filter. The cursor continues right after the last item looked at; it is absent only when the
 * source has nothing more.
 */
export async function filterInBatches(
  source: FilterSource,
  options: { limit: number; maxRead: number; batchSize: number },
  keep: (batch: Item[]) => Promise<boolean[]>,
): Promise<FilteredPage> {
  const limit = Math.max(1, Math.trunc(options.limit));
  const maxRead = Math.max(1, Math.trunc(options.maxRead));
  const kept: Item[] = [];
  let read = 0;
  let last: Item | undefined;
  for (;;) {
    const batch = await source.next(Math.max(1, Math.min(options.batchSize, maxRead - read)));
    const decisions = batch.length > 0 ? await keep(batch) : [];
    for (let i = 0; i < batch.length; i++) {
      const item = batch[i] as Item;
      read++;
      last = item;
      if (decisions[i]) kept.push(item);
      if (kept.length >= limit && (i < batch.length - 1 || source.more)) {
        return { items: kept, cursor: source.cursorAfter(item) as string, read };
      }
    }
    if (!source.more) return { items: kept, read };
    if (kept.length >= limit || read >= maxRead) {
      const cursor = source.cursorAfter(last);
      return { items: kept, ...(cursor ? { cursor } : {}), read };
    }
  }
}

/**
 * A page of the items `keep` accepts, for filters DynamoDB cannot express (text matched against data of other
 * items, normalised text), over one index partition: each batch is one Query (`filterInBatches`).
 */
export async function queryFiltered(
  doc: DynamoDBDocumentClient,
  tableName: string,
  q: KeyQuery,
  options: { cursor?: string; limit: number; maxRead: number; batchSize: number },
  keep: (batch: Item[]) => Promise<boolean[]>,
): Promise<FilteredPage> {
  let start: Record<string, unknown> | undefined = options.cursor
    ? decodeCursor(options.cursor, q)
    : undefined;
  let more = true;
  const source: FilterSource = {
    get more() {
      return more;
    },
    async next(size) {
      const out = await doc.send(
        new QueryCommand({
          ...queryInput(tableName, q),
          Limit: size,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      start = out.LastEvaluatedKey;
      more = Boolean(start);
      return (out.Items ?? []) as Item[];
    },
    cursorAfter: (item) =>
      item ? cursorAfter(item, q) : start ? encodeCursor(start as Record<string, string>) : undefined,
  };
  return filterInBatches(source, options, keep);
}
