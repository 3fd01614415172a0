/**
 * Newest-first reads of a list kept in several partitions of one index (issue 33: the all-bookings and by-status
 * lists, `BOOKINGS#0…7` and `BOOKINGS#STATUS#s#0…7`, plus the single key of before the shards until its back-fill
 * has emptied it). Every partition is queried descending, in parallel, after the cursor's sort key (`#sk < :after`);
 * the answers are merged by sort key, so a page holds the true newest items of the whole list whichever partition
 * they are in. Each partition keeps a small buffer and is asked again only once the merge has used all it gave, so
 * what a request reads stays bounded: at most what it hands out plus one batch per partition.
 *
 * The cursor is the last handed-out item's sort key (`createdAt#id`, unique) and the list's name, opaque to clients
 * (base64url JSON); a cursor that is not one, or one of another list, is the same 400 as `pagination.ts` gives.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../../use-cases/ports';
import type { Item } from './items';
import {
  cursorObject,
  encodeCursor,
  filterInBatches,
  invalidCursor,
  pageSize,
  queryCount,
  queryInput,
  type FilteredPage,
  type KeyQuery,
} from './pagination';
import { GLOBAL_INDEXES, type IndexName } from './table-definition';

export interface MergedList {
  index: IndexName;
  /** The list's name in its cursors (its single key of before the shards), so a cursor of another list is refused. */
  name: string;
  /** Every partition the list may have items in. */
  partitions: string[];
}

/** Longest sort key a cursor may carry (an ISO instant, `#` and an id are far shorter). */
const MAX_CURSOR_KEY = 512;

const sortKeyOf = (index: IndexName): string => {
  const def = GLOBAL_INDEXES.find((i) => i.name === index);
  if (!def) throw new Error(`Unknown index ${index}`);
  return def.sortKey;
};

const encode = (list: MergedList, after: string): string => encodeCursor({ list: list.name, after });

/** The sort key a cursor continues after, once it is known to be a cursor of this list. */
export function decodeMergedCursor(cursor: string, list: MergedList): string {
  const { list: name, after, ...rest } = cursorObject(cursor);
  const valid =
    Object.keys(rest).length === 0 &&
    name === list.name &&
    typeof after === 'string' &&
    after.length > 0 &&
    after.length <= MAX_CURSOR_KEY;
  if (!valid) throw invalidCursor();
  return after as string;
}

interface Partition {
  query: KeyQuery;
  buffer: Item[];
  start?: Record<string, unknown>;
  done: boolean;
}

/** A k-way merge of the partitions, newest first, after an optional sort key. */
class NewestFirst {
  private readonly parts: Partition[];
  private readonly sortKey: string;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    list: MergedList,
    after?: string,
  ) {
    this.sortKey = sortKeyOf(list.index);
    this.parts = list.partitions.map((partition) => ({
      query: {
        index: list.index,
        partition,
        ascending: false,
        ...(after ? { sortCondition: '#sk < :after', sortValues: { ':after': after } } : {}),
      },
      buffer: [],
      done: false,
    }));
  }

  /** Whether a partition may still hold items not handed out. */
  get mayHoldMore(): boolean {
    return this.parts.some((p) => p.buffer.length > 0 || !p.done);
  }

  /** The next `n` items of the list; a partition that runs dry is asked for `batch` more. */
  async take(n: number, batch: number): Promise<Item[]> {
    const out: Item[] = [];
    while (out.length < n) {
      const dry = this.parts.filter((p) => p.buffer.length === 0 && !p.done);
      if (dry.length > 0) await Promise.all(dry.map((p) => this.fill(p, batch)));
      let newest: Partition | undefined;
      for (const p of this.parts) {
        if (p.buffer.length > 0 && (!newest || this.key(p.buffer[0]) > this.key(newest.buffer[0])))
          newest = p;
      }
      if (!newest) break;
      out.push(newest.buffer.shift() as Item);
    }
    return out;
  }

  private key(item: Item | undefined): string {
    return String(item?.[this.sortKey]);
  }

  private async fill(p: Partition, batch: number): Promise<void> {
    do {
      const out = await this.doc.send(
        new QueryCommand({
          ...queryInput(this.tableName, p.query),
          Limit: Math.max(1, Math.trunc(batch)),
          ...(p.start ? { ExclusiveStartKey: p.start } : {}),
        }),
      );
      p.buffer.push(...((out.Items ?? []) as Item[]));
      p.start = out.LastEvaluatedKey;
      p.done = !p.start;
    } while (p.buffer.length === 0 && !p.done);
  }
}

/**
 * One page of the list, newest first, and one item beyond it, so the last page carries no cursor (rather than a
 * cursor to an empty page). The hash spreads a list evenly, so each partition is first asked for twice its share of
 * that (one Query each, all in parallel); a partition the merge empties before the page is full is asked for as many
 * again. A page therefore reads about twice what it hands out, not once per partition.
 */
export async function queryNewestPage(
  doc: DynamoDBDocumentClient,
  tableName: string,
  list: MergedList,
  page: PageRequest = {},
): Promise<Page<Item>> {
  const limit = pageSize(page.limit);
  const after = page.cursor ? decodeMergedCursor(page.cursor, list) : undefined;
  const share = Math.max(2, Math.ceil((2 * (limit + 1)) / list.partitions.length));
  const items = await new NewestFirst(doc, tableName, list, after).take(limit + 1, share);
  if (items.length <= limit) return { items };
  const last = items[limit - 1] as Item;
  return { items: items.slice(0, limit), cursor: encode(list, String(last[sortKeyOf(list.index)])) };
}

/**
 * A page of the items `keep` accepts, newest first across the partitions (`filterInBatches` over the merge, as
 * `queryFiltered` over one partition). `read` counts the items looked at; DynamoDB reads at most one batch more per
 * partition.
 */
export async function queryNewestFiltered(
  doc: DynamoDBDocumentClient,
  tableName: string,
  list: MergedList,
  options: { cursor?: string; limit: number; maxRead: number; batchSize: number },
  keep: (batch: Item[]) => Promise<boolean[]>,
): Promise<FilteredPage> {
  const after = options.cursor ? decodeMergedCursor(options.cursor, list) : undefined;
  const merge = new NewestFirst(doc, tableName, list, after);
  const sortKey = sortKeyOf(list.index);
  return filterInBatches(
    {
      next: (size) => merge.take(size, size),
      get more() {
        return merge.mayHoldMore;
      },
      cursorAfter: (item) => (item ? encode(list, String(item[sortKey])) : undefined),
    },
    options,
    keep,
  );
}

/** How many items the list holds (with `filter`, that match it), without reading them: a COUNT per partition. */
export async function countMerged(
  doc: DynamoDBDocumentClient,
  tableName: string,
  list: MergedList,
  filter?: KeyQuery['filter'],
): Promise<number> {
  const counts = await Promise.all(
    list.partitions.map((partition) =>
      queryCount(doc, tableName, {
        index: list.index,
        partition,
        ascending: false,
        ...(filter ? { filter } : {}),
      }),
    ),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
