/**
 * The booking lists in shards (issue 33, DESIGN §4i "Hot keys"), on DynamoDB Local: requests spread over
 * `BOOKINGS#<n>`, `BOOKINGS#STATUS#<status>#<n>` and `BOOKINGS#MONTH#<month>#<n>`; the admin's list, with and without
 * a status, and a month's list hand out every request exactly once, strictly newest first, across the shards and the
 * single keys of before them; the text search finds the right ones with its read bounded; the dashboard's pending
 * count is exact; a cursor that is not one of the list is refused as bad input; the back-fill empties the old keys
 * without changing any list, once.
 */
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { backfillBookingListShards } from '../../../functions/adapters/dynamodb/backfill-booking-list-shards';
import { bookingItem } from '../../../functions/adapters/dynamodb/booking-items';
import { BATCH_WRITE_LIMIT } from '../../../functions/adapters/dynamodb/bulk-writer';
import { DynamoPendingRequests } from '../../../functions/adapters/dynamodb/deadline-index';
import type { Item } from '../../../functions/adapters/dynamodb/items';
import { BOOKING_LIST_SHARDS, bookingListShardOf, keys } from '../../../functions/adapters/dynamodb/keys';
import { queryCount } from '../../../functions/adapters/dynamodb/pagination';
import { bookingStatuses, type Booking, type BookingStatus } from '../../../functions/domain/entities';
import type { DomainError } from '../../../functions/domain/errors';
import {
  id,
  itNeverScanned,
  makeBooking,
  minutesAfter,
  requestBooking,
  setUpRepositories,
  type RepositoryContext,
} from './support';

let ctx: RepositoryContext;
/** Items DynamoDB returned to Queries so far (what the reads cost). */
let itemsReturned = 0;

beforeAll(async () => {
  ctx = await setUpRepositories();
  ctx.doc.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      itemsReturned += Number((result.output as { Count?: number }).Count ?? 0);
      return result;
    },
    { step: 'initialize', name: 'countItemsReturned' },
  );
});
afterAll(async () => {
  await ctx.drop();
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as DomainError,
  );

/** Writes items as the bulk seed does: BatchWriteItem, 25 a call. */
async function writeInBulk(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT) {
    let requests = items.slice(i, i + BATCH_WRITE_LIMIT).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await ctx.doc.send(new BatchWriteCommand({ RequestItems: { [ctx.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[ctx.tableName] ?? []) as typeof requests;
    }
  }
}

const stored = async (bookingId: string) =>
  (await ctx.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.booking(bookingId) }))).Item;

const count = (index: 'GSI2' | 'GSI3' | 'GSI4', partition: string) =>
  queryCount(ctx.doc, ctx.tableName, { index, partition, ascending: false });

/** Every page of the admin list, `limit` a page, with the queries each page sent. */
async function allPages(limit: number, status?: BookingStatus) {
  const ids: string[] = [];
  const queriesPerPage: number[] = [];
  const read = itemsReturned;
  let cursor: string | undefined;
  do {
    const before = ctx.sent.length;
    const page = await ctx.repos.bookings.listAll({
      limit,
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
    });
    queriesPerPage.push(ctx.sent.length - before);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (page.cursor) expect(page.items).toHaveLength(limit);
    ids.push(...page.items.map((b) => b.id));
    cursor = page.cursor;
    expect(queriesPerPage.length).toBeLessThan(100);
  } while (cursor);
  return { ids, queriesPerPage, read: itemsReturned - read };
}

describe('the admin booking list over 300 requests in shards and under the old single keys', () => {
  const t0 = '2031-02-01T00:00:00.000Z';
  /** The Tokyo month of every request written in bulk (t0 is 09:00 on 1 February in Tokyo). */
  const MONTH = '2031-02';
  const STATUSES: BookingStatus[] = ['pending', 'approved', 'denied', 'cancelled', 'completed', 'expired'];
  /** Every request of this file, newest first (as the list orders them). */
  let newestFirst: Booking[] = [];
  /** The ones stored as before the shards (`BOOKINGS`, `BOOKINGS#STATUS#<status>`). */
  let legacy: Booking[] = [];
  const ofStatus = (status: BookingStatus) => newestFirst.filter((b) => b.status === status).map((b) => b.id);
  const isMatch = (b: Booking) => b.lastName === 'Match';

  beforeAll(async () => {
    const bookings = Array.from({ length: 300 }, (_, i) =>
      makeBooking({
        experienceId: id('exp'),
        status: STATUSES[i % STATUSES.length],
        deadline: null,
        lastName: i % 7 === 0 ? 'Match' : 'Other',
        // Three requests a minute: equal instants are ordered by id, as the sort key is.
        createdAt: minutesAfter(t0, Math.floor(i / 3)),
      }),
    );
    legacy = bookings.filter((_, i) => i % 5 === 2);
    const legacyIds = new Set(legacy.map((b) => b.id));
    await writeInBulk(
      bookings.map((b) => {
        const item = bookingItem(b);
        if (!legacyIds.has(b.id)) return item;
        return {
          ...item,
          GSI2PK: keys.allBookingsUnsharded,
          GSI3PK: keys.bookingsByStatusUnsharded(b.status),
          GSI4PK: keys.bookingsByMonthUnsharded(MONTH),
        };
      }),
    );
    newestFirst = bookings
      .slice()
      .sort((a, b) => `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`));
  });

  it('stores the new requests in the shards (at least 6 of 8 used) and the old ones under the single keys', async () => {
    const perShard = await Promise.all(
      Array.from({ length: BOOKING_LIST_SHARDS }, (_, n) => count('GSI2', keys.allBookingsShard(n))),
    );
    expect(perShard.filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(300 - legacy.length);
    expect(await count('GSI2', keys.allBookingsUnsharded)).toBe(legacy.length);
    const b = newestFirst.find((x) => !legacy.includes(x))!;
    expect(await stored(b.id)).toMatchObject({
      GSI2PK: `BOOKINGS#${bookingListShardOf(b.id)}`,
      GSI3PK: `BOOKINGS#STATUS#${b.status}#${bookingListShardOf(b.id)}`,
    });
  });

  it('pages all requests exactly once, strictly newest first, reading about twice what it hands out', async () => {
    const { ids, queriesPerPage, read } = await allPages(17);
    expect(ids).toEqual(newestFirst.map((b) => b.id));
    expect(queriesPerPage).toHaveLength(Math.ceil(300 / 17));
    // Eight shards and the old key, in parallel, each asked for twice its share; a partition emptied before the page
    // is full is asked again, which stays rare.
    for (const n of queriesPerPage) expect(n).toBeGreaterThanOrEqual(BOOKING_LIST_SHARDS + 1);
    const queries = queriesPerPage.reduce((sum, n) => sum + n, 0);
    expect(queries).toBeLessThan(1.5 * (BOOKING_LIST_SHARDS + 1) * queriesPerPage.length);
    // Asking every partition for a whole page would read 9 × 18 items a page (2,900 in all).
    expect(read).toBeLessThan(3.5 * 300);
    console.info(
      `admin list, 300 requests by 17: ${queriesPerPage.length} pages, ${queries} queries, ${read} items read`,
    );
  });

  it.each(STATUSES)('pages the %s requests exactly once, newest first', async (status) => {
    const { ids } = await allPages(17, status);
    expect(ids).toEqual(ofStatus(status));
    expect(ids.length).toBeGreaterThan(17);
  });

  it("pages the month's requests exactly once, newest first, across the shards and the old key", async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ctx.repos.bookings.listCreatedInMonth(MONTH, {
        limit: 17,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page.items.map((b) => b.id));
      cursor = page.cursor;
    } while (cursor);
    expect(ids).toEqual(newestFirst.map((b) => b.id));
    expect(await count('GSI4', keys.bookingsByMonthUnsharded(MONTH))).toBe(legacy.length);
    const allCursor = (await ctx.repos.bookings.listAll({ limit: 3 })).cursor!;
    expect((await failure(ctx.repos.bookings.listCreatedInMonth(MONTH, { cursor: allCursor }))).code).toBe(
      'validation_failed',
    );
  });

  it('finds the text matches in order with every page reading at most its bound', async () => {
    const matches = newestFirst.filter(isMatch).map((b) => b.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ctx.repos.bookings.filterAll(
        { limit: 5, maxRead: 40, ...(cursor ? { cursor } : {}) },
        async (batch) => batch.map(isMatch),
      );
      expect(page.read).toBeLessThanOrEqual(40);
      expect(page.items.every(isMatch)).toBe(true);
      if (page.cursor) expect(page.items.length === 5 || page.read === 40).toBe(true);
      seen.push(...page.items.map((b) => b.id));
      cursor = page.cursor;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    expect(seen).toEqual(matches);

    // With a status: only that status's matches, the read bound kept.
    const cancelled = newestFirst.filter((b) => b.status === 'cancelled' && isMatch(b)).map((b) => b.id);
    const first = await ctx.repos.bookings.filterAll(
      { status: 'cancelled', limit: 100, maxRead: 20 },
      async (batch) => batch.map(isMatch),
    );
    expect(first.read).toBe(20);
    expect(first.cursor).toBeDefined();
    const rest = await ctx.repos.bookings.filterAll(
      { status: 'cancelled', limit: 100, maxRead: 100, cursor: first.cursor! },
      async (batch) => batch.map(isMatch),
    );
    expect(rest.cursor).toBeUndefined();
    expect([...first.items, ...rest.items].map((b) => b.id)).toEqual(cancelled);
    expect(first.read + rest.read).toBe(ofStatus('cancelled').length);
  });

  it('counts the pending requests exactly, in the shards and under the old key', async () => {
    const pending = new DynamoPendingRequests(ctx.doc, ctx.tableName);
    expect(ofStatus('pending').some((bookingId) => legacy.some((b) => b.id === bookingId))).toBe(true);
    expect(await pending.count()).toBe(ofStatus('pending').length);
  });

  it('refuses a cursor that is not one of the list as invalid input', async () => {
    const allCursor = (await ctx.repos.bookings.listAll({ limit: 3 })).cursor!;
    const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    for (const cursor of [
      'not a cursor',
      json(['BOOKINGS', '2031']),
      json({ list: 'BOOKINGS', after: 5 }),
      json({ list: 'BOOKINGS', after: '' }),
      json({ list: 'BOOKINGS', after: '2031-02-01T00:00:00.000Z#x', extra: 1 }),
      // A cursor of the list of before the shards (its table and index keys).
      json({ PK: 'BOOKING#x', SK: 'BOOKING', GSI2PK: 'BOOKINGS', GSI2SK: '2031-02-01T00:00:00.000Z#x' }),
    ]) {
      const error = await failure(ctx.repos.bookings.listAll({ limit: 3, cursor }));
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe('Invalid page cursor');
    }
    // The all-bookings cursor is not one of a status's list, nor of the text search over a status.
    expect((await failure(ctx.repos.bookings.listAll({ status: 'pending', cursor: allCursor }))).code).toBe(
      'validation_failed',
    );
    const searchError = await failure(
      ctx.repos.bookings.filterAll(
        { status: 'pending', cursor: allCursor, limit: 5, maxRead: 5 },
        async (b) => b.map(() => true),
      ),
    );
    expect(searchError.code).toBe('validation_failed');
  });

  it('keeps a request whose transition came before the back-fill in both lists, once', async () => {
    const moved = legacy.find((b) => b.status === 'pending')!;
    await ctx.repos.bookings.transition(moved.id, 'pending', 'approved', { now: new Date(t0) });
    moved.status = 'approved';
    const item = await stored(moved.id);
    // The transition writes the new status's shard; the all-bookings entry waits for the back-fill.
    expect(item?.GSI3PK).toBe(keys.bookingStatusIndex('approved', moved.id));
    expect(item?.GSI2PK).toBe(keys.allBookingsUnsharded);
    expect((await allPages(17, 'approved')).ids).toEqual(ofStatus('approved'));
    expect((await allPages(17, 'pending')).ids).toEqual(ofStatus('pending'));
  });

  it('moves the old entries to their shards without changing any list, and a second run changes nothing', async () => {
    const before = await allPages(17);
    const first = await backfillBookingListShards(ctx.doc, ctx.tableName, 7);
    // Every legacy request's all-bookings and month entries, and its status entry but the one a transition moved.
    expect(first).toEqual({
      examined: legacy.length * 3 - 1,
      updated: legacy.length * 3 - 1,
      skipped: 0,
    });
    expect(await count('GSI2', keys.allBookingsUnsharded)).toBe(0);
    for (const status of bookingStatuses) {
      expect(await count('GSI3', keys.bookingsByStatusUnsharded(status))).toBe(0);
    }
    expect(await count('GSI4', keys.bookingsByMonthUnsharded(MONTH))).toBe(0);
    const b = legacy[0]!;
    const after = await stored(b.id);
    expect(after).toMatchObject({
      GSI2PK: keys.allBookingsShard(bookingListShardOf(b.id)),
      GSI2SK: `${b.createdAt}#${b.id}`,
      GSI3PK: keys.bookingStatusIndex(b.status, b.id),
      GSI3SK: `${b.createdAt}#${b.id}`,
      GSI4PK: keys.bookingsByMonthShard(MONTH, bookingListShardOf(b.id)),
      status: b.status,
    });
    expect((await allPages(17)).ids).toEqual(before.ids);
    for (const status of STATUSES) expect((await allPages(17, status)).ids).toEqual(ofStatus(status));
    expect(await new DynamoPendingRequests(ctx.doc, ctx.tableName).count()).toBe(ofStatus('pending').length);
    expect(
      (await ctx.repos.bookings.listCreatedInMonth(MONTH, { limit: 100 })).items.map((x) => x.id),
    ).toEqual(newestFirst.slice(0, 100).map((x) => x.id));

    expect(await backfillBookingListShards(ctx.doc, ctx.tableName)).toEqual({
      examined: 0,
      updated: 0,
      skipped: 0,
    });
    expect(await stored(b.id)).toEqual(after);
  });

  it('writes a new request of the guest flow and its transitions to its shard', async () => {
    const b = await requestBooking(
      ctx.repos,
      makeBooking({ experienceId: id('exp'), createdAt: '2031-03-01T00:00:00.000Z' }),
    );
    expect(await stored(b.id)).toMatchObject({
      GSI2PK: keys.allBookingsShard(bookingListShardOf(b.id)),
      GSI3PK: keys.bookingStatusIndex('pending', b.id),
      GSI4PK: `BOOKINGS#MONTH#2031-03#${bookingListShardOf(b.id)}`,
    });
    await ctx.repos.bookings.transition(b.id, 'pending', 'denied', {
      now: new Date('2031-03-01T01:00:00.000Z'),
    });
    expect((await stored(b.id))?.GSI3PK).toBe(`BOOKINGS#STATUS#denied#${bookingListShardOf(b.id)}`);
    expect((await ctx.repos.bookings.listAll({ limit: 1 })).items.map((x) => x.id)).toEqual([b.id]);
    expect((await ctx.repos.bookings.listAll({ status: 'denied', limit: 1 })).items.map((x) => x.id)).toEqual(
      [b.id],
    );
  });
});

itNeverScanned(() => ctx);
