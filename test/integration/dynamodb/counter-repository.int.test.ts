import { COUNTER_SHARDS, counters } from '../../../functions/adapters/dynamodb/keys';
import {
  id,
  itNeverScanned,
  makeBooking,
  makeHost,
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

describe('DynamoCounterRepository', () => {
  it('reads 0 for a counter nothing has counted yet', async () => {
    expect(await ctx.repos.counters.read('NEVER_COUNTED')).toBe(0);
    expect(await ctx.repos.counters.adminDashboard('2025-06')).toEqual({
      totalBookings: 0,
      bookingsThisMonth: 0,
      totalHosts: 0,
    });
  });

  it('counts bookings in total, per Tokyo month, per host, and hosts, for both dashboards', async () => {
    const [ehime, kagawa] = [makeHost(), makeHost()];
    await ctx.repos.hosts.create(ehime);
    await ctx.repos.hosts.create(kagawa);
    await ctx.repos.hosts.create(makeHost());

    const book = (hostId: string, createdAt: string) =>
      ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: id('exp'), hostId, createdAt }), 1);
    // 15:00 UTC on 31 May is already June in Tokyo.
    await book(ehime.id, '2025-05-31T14:59:59.000Z');
    await book(ehime.id, '2025-05-31T15:00:00.000Z');
    await book(ehime.id, '2025-06-15T03:00:00.000Z');
    await book(kagawa.id, '2025-06-20T03:00:00.000Z');
    // Enough bookings that they spread over several shards; each is counted exactly once.
    for (let i = 0; i < 2 * COUNTER_SHARDS; i++) await book(kagawa.id, '2025-07-01T03:00:00.000Z');
    // A refused booking counts nothing.
    const full = makeBooking({
      experienceId: id('exp'),
      hostId: ehime.id,
      createdAt: '2025-06-15T03:00:00.000Z',
    });
    await ctx.repos.bookings.createWithSlotHold(full, 1);
    await expect(
      ctx.repos.bookings.createWithSlotHold({ ...full, id: id('bkg'), reference: 'REFUSD' }, 1),
    ).rejects.toMatchObject({ code: 'slot_unavailable' });

    expect(await ctx.repos.counters.adminDashboard('2025-06')).toEqual({
      totalBookings: 4 + 2 * COUNTER_SHARDS + 1,
      bookingsThisMonth: 4,
      totalHosts: 3,
    });
    expect(await ctx.repos.counters.adminDashboard('2025-05')).toMatchObject({ bookingsThisMonth: 1 });
    expect(await ctx.repos.counters.hostDashboard(ehime.id, '2025-06')).toEqual({
      totalBookings: 4,
      bookingsThisMonth: 3,
    });
    expect(await ctx.repos.counters.hostDashboard(kagawa.id, '2025-07')).toEqual({
      totalBookings: 1 + 2 * COUNTER_SHARDS,
      bookingsThisMonth: 2 * COUNTER_SHARDS,
    });
    expect(await ctx.repos.counters.read(counters.bookingsInMonth('2025-07'))).toBe(2 * COUNTER_SHARDS);
  });
});

itNeverScanned(() => ctx);
