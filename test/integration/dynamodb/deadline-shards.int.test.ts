/**
 * The deadline index in shards (issue 33, DESIGN §4i "Hot keys"), on DynamoDB Local: holds and requests spread over
 * `DEADLINES#<n>`; the admin dashboard counts every pending request exactly (well past the 2,000 it used to stop at)
 * and lists the true nearest deadlines whichever shard they are in; the expiry job expires exactly the due bookings
 * across the shards (and the old single key), oldest first, batch by batch, none early; the back-fill moves an old
 * single-key deadline to its shard, once.
 */
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillDeadlineShards } from '../../../functions/adapters/dynamodb/backfill-deadline-shards';
import { bookingItem } from '../../../functions/adapters/dynamodb/booking-items';
import { BATCH_WRITE_LIMIT } from '../../../functions/adapters/dynamodb/bulk-writer';
import { DynamoPendingRequests } from '../../../functions/adapters/dynamodb/deadline-index';
import { DEADLINE_SHARDS, deadlineShardOf, keys } from '../../../functions/adapters/dynamodb/keys';
import type { Booking } from '../../../functions/domain/entities';
import {
  makeAdminUseCases,
  type AdminUseCaseDeps,
} from '../../../functions/use-cases/back-office/admin-use-cases';
import { makeExpireBookings, type ExpireBookingsDeps } from '../../../functions/use-cases/expire-bookings';
import {
  id,
  itNeverScanned,
  makeBooking,
  minutesAfter,
  setUpRepositories,
  type RepositoryContext,
} from './support';

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
});
afterAll(async () => {
  await ctx.drop();
});

/** Writes bookings as the bulk seed does: the repository's own item builder, BatchWriteItem, 25 a call. */
async function writeInBulk(bookings: Booking[]): Promise<void> {
  for (let i = 0; i < bookings.length; i += BATCH_WRITE_LIMIT) {
    let requests = bookings
      .slice(i, i + BATCH_WRITE_LIMIT)
      .map((b) => ({ PutRequest: { Item: bookingItem(b) } }));
    while (requests.length > 0) {
      const out = await ctx.doc.send(new BatchWriteCommand({ RequestItems: { [ctx.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[ctx.tableName] ?? []) as typeof requests;
    }
  }
}

const stored = async (bookingId: string) =>
  (await ctx.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.booking(bookingId) }))).Item;

/** `count` new booking ids, each in another shard than the ones before (round robin over the shards). */
function idsInDistinctShards(count: number): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  while (out.length < count) {
    const candidate = id('bkg');
    const shard = deadlineShardOf(candidate);
    if (used.has(shard) && used.size < DEADLINE_SHARDS) continue;
    used.add(shard);
    out.push(candidate);
  }
  return out;
}

describe('the admin dashboard over more than 2,000 pending requests', () => {
  // Far from every other booking of this file (the table is this file's own).
  const t0 = '2040-03-01T00:00:00.000Z';
  const PENDING = 2_050;

  it('counts every pending request and lists the true nearest deadlines across the shards', async () => {
    const request = (deadline: string, extra: Partial<Booking> = {}) =>
      makeBooking({ status: 'pending', createdAt: t0, updatedAt: t0, deadline, ...extra });
    // The bulk of the requests, deadlines an hour on and later.
    const bulk = Array.from({ length: PENDING }, (_, i) => request(minutesAfter(t0, 60 + i)));
    // Holds (not requests) with nearer deadlines than any request: in the index, never on the dashboard. More than
    // one page (100) of them in each shard, so a shard's search for pending requests must page past them.
    const holds = Array.from({ length: 1_200 }, (_, i) =>
      makeBooking({ status: 'awaiting_payment', deadline: minutesAfter(t0, i % 5), createdAt: t0 }),
    );
    // A decided request and a cancelled one leave the index and the count.
    const decided = request(minutesAfter(t0, 1), { status: 'approved', deadline: null });
    // The five nearest, each in another shard, written last.
    const nearest = idsInDistinctShards(5).map((bookingId, i) =>
      request(minutesAfter(t0, 10 + i), { id: bookingId }),
    );
    await writeInBulk([...bulk, ...holds, decided, ...nearest.slice().reverse()]);
    expect(new Set(nearest.map((b) => deadlineShardOf(b.id))).size).toBe(5);

    const admin = makeAdminUseCases({
      counters: ctx.repos.counters,
      pendingRequests: new DynamoPendingRequests(ctx.doc, ctx.tableName),
      clock: () => new Date(t0),
    } as unknown as AdminUseCaseDeps);
    const sentBefore = ctx.sent.length;
    const view = await admin.dashboard();
    // Queries only (the count, the shards' nearest, the counters): no request is read whole.
    const sent = ctx.sent.slice(sentBefore);
    expect(sent.filter((name) => name !== 'QueryCommand')).toEqual([]);
    console.info(`dashboard over ${PENDING + 5} pending requests and 1,200 holds: ${sent.length} queries`);
    expect(view.pendingRequests).toBe(PENDING + nearest.length);
    expect(view.nextDeadlines).toEqual(
      nearest.map((b) => ({ bookingId: b.id, reference: b.reference, deadline: b.deadline })),
    );

    // One more request decided: the count follows at once.
    await ctx.repos.bookings.transition(nearest[0]!.id, 'pending', 'approved', {
      deadline: null,
      now: new Date(t0),
    });
    const after = await admin.dashboard();
    expect(after.pendingRequests).toBe(PENDING + nearest.length - 1);
    expect(after.nextDeadlines.map((d) => d.bookingId)).toEqual([
      ...nearest.slice(1).map((b) => b.id),
      bulk[0]!.id,
    ]);
  });
});

describe('the expiry job across the shards', () => {
  const t0 = '2030-07-01T00:00:00.000Z';
  const now = new Date(minutesAfter(t0, 100));

  it('expires exactly the due holds and requests, oldest first, batch by batch, and none early', async () => {
    const hold = (bookingId: string, minutes: number) =>
      makeBooking({
        id: bookingId,
        experienceId: id('exp'),
        deadline: minutesAfter(t0, minutes),
        createdAt: t0,
      });
    const ids = idsInDistinctShards(24);
    // 12 due (deadlines up to exactly now), 12 not yet (the first a millisecond after now).
    const due = ids.slice(0, 12).map((bookingId, i) => hold(bookingId, 100 - i * 7));
    const notYet = ids.slice(12).map((bookingId, i) =>
      i === 0
        ? makeBooking({
            id: bookingId,
            experienceId: id('exp'),
            deadline: new Date(now.getTime() + 1).toISOString(),
          })
        : hold(bookingId, 101 + i),
    );
    for (const b of [...due, ...notYet]) await ctx.repos.bookings.createWithSlotHold(b, 10);
    // Two of the due ones are requests waiting for the host (their deadline moved with the payment).
    for (const b of due.slice(0, 2)) {
      await ctx.repos.bookings.transition(b.id, 'awaiting_payment', 'pending', {
        deadline: b.deadline,
        now: new Date(t0),
      });
    }
    // One due hold still under the single key of before the shards (not yet back-filled).
    const legacy = due[5]!;
    await ctx.doc.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: keys.booking(legacy.id),
        UpdateExpression: 'SET GSI5PK = :old',
        ExpressionAttributeValues: { ':old': keys.deadlinesUnsharded },
      }),
    );
    expect(new Set(due.map((b) => deadlineShardOf(b.id))).size).toBe(DEADLINE_SHARDS);

    const unused = () => {
      throw new Error('not expected in this test');
    };
    const expire = makeExpireBookings({
      bookings: ctx.repos.bookings,
      payments: { retrieve: unused, cancel: unused },
      confirmPayment: unused,
      cancellations: { retryRefund: unused },
      notifications: { requestExpired: async () => [], queued: async () => undefined },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock: () => now,
      batchSize: 5,
    } as unknown as ExpireBookingsDeps);

    const byDeadline = due.slice().sort((a, b) => a.deadline!.localeCompare(b.deadline!));
    const first = await expire();
    expect(first).toMatchObject({ examined: 5, expired: 5, failed: 0 });
    // The first batch is the five oldest deadlines of the whole marketplace, whichever shard they are in.
    for (const b of byDeadline.slice(0, 5)) expect((await stored(b.id))?.status).toBe('expired');
    for (const b of byDeadline.slice(5)) expect((await stored(b.id))?.status).not.toBe('expired');

    let runs = 1;
    let expired = first.expired;
    for (let result = first; result.examined > 0 && runs < 10; runs++) {
      result = await expire();
      expired += result.expired;
      expect(result.failed).toBe(0);
    }
    expect(expired).toBe(due.length);
    for (const b of due) expect((await stored(b.id))?.status).toBe('expired');
    for (const b of notYet) {
      const item = await stored(b.id);
      expect(item?.status).toBe('awaiting_payment');
      expect(item?.GSI5PK).toBe(keys.deadlinesShard(deadlineShardOf(b.id)));
    }
    expect(await expire()).toMatchObject({ examined: 0, expired: 0 });
  });
});

describe('the back-fill of the single deadline key', () => {
  it('moves an old DEADLINES item to its shard, keeps its deadline, and a second run changes nothing', async () => {
    const b = makeBooking({ experienceId: id('exp'), deadline: '2035-01-01T00:15:00.000Z' });
    const other = makeBooking({ experienceId: id('exp'), deadline: '2035-01-01T00:15:00.000Z' });
    await writeInBulk([b, other]);
    for (const bookingId of [b.id, other.id]) {
      await ctx.doc.send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: keys.booking(bookingId),
          UpdateExpression: 'SET GSI5PK = :old',
          ExpressionAttributeValues: { ':old': keys.deadlinesUnsharded },
        }),
      );
    }
    const before = await stored(b.id);
    expect(before?.GSI5PK).toBe('DEADLINES');

    const first = await backfillDeadlineShards(ctx.doc, ctx.tableName, 1);
    expect(first).toEqual({ examined: 2, updated: 2, skipped: 0 });
    const after = await stored(b.id);
    expect(after?.GSI5PK).toBe(`DEADLINES#${deadlineShardOf(b.id)}`);
    expect(after?.GSI5SK).toBe(before?.GSI5SK);
    expect(after?.status).toBe(before?.status);

    const again = await backfillDeadlineShards(ctx.doc, ctx.tableName);
    expect(again).toEqual({ examined: 0, updated: 0, skipped: 0 });
    expect(await stored(b.id)).toEqual(after);
  });
});

itNeverScanned(() => ctx);
