/**
 * The admin back office's access patterns against DynamoDB Local: the bounded filtered read behind the text search
 * (pages that stop at `limit` matches or `maxRead` items, cursors that neither skip nor repeat a booking), the
 * guest-e-mail index, host suspension (record and set, atomically) and the catalogue without suspended hosts, and
 * the backfill that gives old requests the keys of an index added later.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillListingKeys } from '../../../functions/adapters/dynamodb/backfill-listing-keys';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import type { Booking } from '../../../functions/domain/entities';
import type { DomainError } from '../../../functions/domain/errors';
import {
  id,
  itNeverScanned,
  makeBooking,
  makeExperience,
  makeHost,
  minutesAfter,
  requestBooking,
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

const BASE = '2025-05-01T00:00:00.000Z';
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as DomainError,
  );

describe('bookings: the filtered read of the text search, and the e-mail index', () => {
  /** Newest first, as every admin list orders them. */
  const requests: Booking[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 40; i++) {
      const booking = makeBooking({
        // A slot of its own (capacity 1), so every booking can be held.
        experienceId: id('exp'),
        hostId: i % 3 === 0 ? 'host-a' : 'host-b',
        lastName: i % 4 === 0 ? 'Match' : 'Other',
        email: i % 10 === 0 ? 'Emma.Stone@Example.com' : `guest-${i}@example.com`,
        createdAt: minutesAfter(BASE, i),
      });
      requests.unshift(await requestBooking(ctx.repos, booking));
    }
    // A bare hold is in no list, whatever it would match.
    await ctx.repos.bookings.createWithSlotHold(
      makeBooking({ experienceId: id('exp'), lastName: 'Match', createdAt: minutesAfter(BASE, 99) }),
      1,
    );
  });

  const isMatch = (b: Booking) => b.lastName === 'Match';

  /** Every page of the filter, with what each page read. */
  async function allPages(limit: number, maxRead: number, status?: Booking['status']) {
    const pages: { ids: string[]; read: number; cursor?: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await ctx.repos.bookings.filterAll(
        { limit, maxRead, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
        async (batch) => batch.map(isMatch),
      );
      pages.push({
        ids: page.items.map((b) => b.id),
        read: page.read,
        ...(page.cursor ? { cursor: page.cursor } : {}),
      });
      cursor = page.cursor;
      expect(pages.length).toBeLessThan(100);
    } while (cursor);
    return pages;
  }

  it.each([
    [3, 7],
    [1, 100],
    [20, 5],
    [100, 1000],
  ])(
    'finds every match once, newest first, with limit %i and at most %i read per page',
    async (limit, maxRead) => {
      const pages = await allPages(limit, maxRead);
      expect(pages.flatMap((p) => p.ids)).toEqual(requests.filter(isMatch).map((b) => b.id));
      for (const page of pages) {
        expect(page.ids.length).toBeLessThanOrEqual(limit);
        expect(page.read).toBeLessThanOrEqual(maxRead);
      }
      // Every page but the last stops at `limit` matches or at `maxRead` items read.
      for (const page of pages.slice(0, -1)) {
        expect(page.ids.length === limit || page.read === maxRead).toBe(true);
      }
    },
  );

  it('hands out pages without a match but with a cursor when the read bound comes first', async () => {
    const pages = await allPages(5, 3);
    expect(pages.some((p) => p.ids.length === 0 && p.cursor)).toBe(true);
  });

  it('reads one status only from the status index', async () => {
    const approved = requests.filter(isMatch).slice(0, 2);
    for (const b of approved) {
      await ctx.repos.bookings.transition(b.id, 'pending', 'approved', { now: new Date(BASE) });
    }
    const pages = await allPages(10, 50, 'approved');
    expect(pages.flatMap((p) => p.ids)).toEqual(approved.map((b) => b.id));
  });

  it('refuses a cursor of another query with a 400, never a DynamoDB error', async () => {
    const emailPage = await ctx.repos.bookings.listByGuestEmail('emma.stone@example.com', { limit: 1 });
    expect(emailPage.cursor).toBeDefined();
    const error = await failure(
      ctx.repos.bookings.filterAll({ limit: 5, maxRead: 5, cursor: emailPage.cursor! }, async (b) =>
        b.map(() => true),
      ),
    );
    expect(error.code).toBe('validation_failed');
  });

  it("finds a guest's requests by e-mail in any case, newest first, paged, with the status filter", async () => {
    const expected = requests.filter((b) => b.email === 'Emma.Stone@Example.com').map((b) => b.id);
    expect(expected).toHaveLength(4);
    const first = await ctx.repos.bookings.listByGuestEmail('EMMA.STONE@example.com', { limit: 3 });
    const rest = await ctx.repos.bookings.listByGuestEmail('emma.stone@example.com', {
      limit: 3,
      cursor: first.cursor!,
    });
    expect([...first.items, ...rest.items].map((b) => b.id)).toEqual(expected);
    expect(rest.cursor).toBeUndefined();
    const denied = requests.find((b) => b.id === expected[1])!;
    await ctx.repos.bookings.transition(denied.id, 'pending', 'denied', { now: new Date(BASE) });
    const onlyDenied = await ctx.repos.bookings.listByGuestEmail('emma.stone@example.com', {
      status: 'denied',
    });
    expect(onlyDenied.items.map((b) => b.id)).toEqual([denied.id]);
  });

  it('gives requests stored before the e-mail index its keys (backfill), once', async () => {
    const old = requests[5]!;
    await ctx.doc.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: keys.booking(old.id),
        UpdateExpression: 'REMOVE GSI7PK, GSI7SK',
      }),
    );
    const find = async () =>
      (await ctx.repos.bookings.listByGuestEmail(old.email, { limit: 100 })).items.some(
        (b) => b.id === old.id,
      );
    expect(await find()).toBe(false);
    expect(await backfillListingKeys(ctx.doc, ctx.tableName)).toEqual({
      examined: 40,
      updated: 1,
      skipped: 0,
    });
    expect(await find()).toBe(true);
    expect((await backfillListingKeys(ctx.doc, ctx.tableName)).updated).toBe(0);
  });
});

describe('hosts: suspension and the catalogue without suspended hosts', () => {
  const suspended = makeHost({ id: id('host-suspended'), email: `${id('s')}@example.com` });
  const active = makeHost({ id: id('host-active'), email: `${id('a')}@example.com` });

  beforeAll(async () => {
    await ctx.repos.hosts.create(suspended);
    await ctx.repos.hosts.create(active);
    // The suspended host's cards are the newest and the cheapest: a filter applied after `limit` would show nothing.
    for (let i = 0; i < 3; i++) {
      await ctx.repos.experiences.create(
        makeExperience({
          id: id('sus-exp'),
          hostId: suspended.id,
          price: 1000 + i,
          prefecture: 'Kagawa',
          createdAt: minutesAfter('2030-01-01T00:00:00.000Z', i),
        }),
        ['cat-x'],
      );
    }
    for (let i = 0; i < 2; i++) {
      await ctx.repos.experiences.create(
        makeExperience({
          id: id('act-exp'),
          hostId: active.id,
          price: 9000 + i,
          prefecture: 'Kagawa',
          createdAt: minutesAfter('2029-01-01T00:00:00.000Z', i),
        }),
        ['cat-x'],
      );
    }
  });

  it('suspends once, with the record and the set in step, and reinstates once', async () => {
    const suspension = { suspendedAt: BASE, suspendedBy: 'admin-1', reason: 'No-shows' };
    await ctx.repos.hosts.suspend(suspended.id, suspension);
    expect(await ctx.repos.hosts.suspensionOf(suspended.id)).toEqual(suspension);
    expect([...(await ctx.repos.hosts.suspendedHostIds())]).toEqual([suspended.id]);
    expect((await failure(ctx.repos.hosts.suspend(suspended.id, suspension))).code).toBe('state_conflict');
    expect((await failure(ctx.repos.hosts.suspend('nobody', suspension))).code).toBe('not_found');
    expect(await ctx.repos.hosts.suspensionOf(active.id)).toBeNull();
  });

  it('leaves a suspended host out of every card list before the limit applies', async () => {
    const excludeHostIds = await ctx.repos.hosts.suspendedHostIds();
    const hostsOf = async (query: Parameters<typeof ctx.repos.experiences.listCards>[0]) => [
      ...new Set((await ctx.repos.experiences.listCards({ ...query, excludeHostIds })).map((c) => c.hostId)),
    ];
    for (const query of [
      { sort: 'newest' as const, limit: 2 },
      { sort: 'lowest_price' as const, limit: 2 },
      { sort: 'newest' as const, prefecture: 'Kagawa', limit: 2 },
      { sort: 'lowest_price' as const, prefecture: 'kagawa' },
      { sort: 'newest' as const, categoryIds: ['cat-x'], limit: 2 },
    ]) {
      const hosts = await hostsOf(query);
      expect(hosts, JSON.stringify(query)).toEqual([active.id]);
      expect((await ctx.repos.experiences.listCards({ ...query, excludeHostIds })).length).toBe(2);
    }
  });

  it('reads many hosts at once, skipping unknown ids', async () => {
    const found = await ctx.repos.hosts.getMany([active.id, 'nobody', suspended.id, active.id]);
    expect(found.map((h) => h.id).sort()).toEqual([active.id, suspended.id].sort());
    expect(await ctx.repos.hosts.getMany([])).toEqual([]);
  });

  it('reinstates, emptying the set, and refuses a second reinstatement', async () => {
    await ctx.repos.hosts.reinstate(suspended.id);
    expect(await ctx.repos.hosts.suspensionOf(suspended.id)).toBeNull();
    expect((await ctx.repos.hosts.suspendedHostIds()).size).toBe(0);
    expect((await failure(ctx.repos.hosts.reinstate(suspended.id))).code).toBe('state_conflict');
    expect((await failure(ctx.repos.hosts.reinstate('nobody'))).code).toBe('not_found');
  });
});

itNeverScanned(() => ctx);
