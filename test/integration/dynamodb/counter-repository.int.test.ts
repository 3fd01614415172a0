import { COUNTER_SHARDS, counters } from '../../../functions/adapters/dynamodb/keys';
import {
  id,
  itNeverScanned,
  makeBooking,
  makeHost,
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
      requestBooking(ctx.repos, makeBooking({ experienceId: id('exp'), hostId, createdAt }));
    // 15:00 UTC on 31 May is already June in Tokyo.
    await book(ehime.id, '2025-05-31T14:59:59.000Z');
    await book(ehime.id, '2025-05-31T15:00:00.000Z');
    await book(ehime.id, '2025-06-15T03:00:00.000Z');
    await book(kagawa.id, '2025-06-20T03:00:00.000Z');
    // Enough bookings that they spread over several shards; each is counted exactly once.
    for (let i = 0; i < 2 * COUNTER_SHARDS; i++) await book(kagawa.id, '2025-07-01T03:00:00.000Z');
    // A refused booking counts nothing, and neither does a hold whose card was never authorised.
    const full = makeBooking({
      experienceId: id('exp'),
      hostId: ehime.id,
      createdAt: '2025-06-15T03:00:00.000Z',
    });
    await requestBooking(ctx.repos, full);
    await expect(
      ctx.repos.bookings.createWithSlotHold({ ...full, id: id('bkg'), reference: 'REFUSD' }, 1),
    ).rejects.toMatchObject({ code: 'slot_unavailable' });
    const abandoned = makeBooking({ experienceId: id('exp'), hostId: ehime.id, createdAt: full.createdAt });
    await ctx.repos.bookings.createWithSlotHold(abandoned, 1);
    await ctx.repos.bookings.transition(abandoned.id, 'awaiting_payment', 'expired', {
      releaseSlot: true,
      deadline: null,
      now: new Date(full.createdAt),
    });

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
