import { DomainError } from '../../../functions/domain/errors';
import { TransactionCancelledError } from '../../../functions/adapters/dynamodb/transactions';
import {
  itNeverScanned,
  makeBooking,
  releaseHour,
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

describe('DynamoSlotRepository', () => {
  it('has no states for an experience nobody booked or edited', async () => {
    expect(await ctx.repos.slots.listStates('exp-untouched', '2025-06-01', '2025-06-30')).toEqual([]);
  });

  it('upserts overrides and reports defaults for what is not overridden', async () => {
    const state = await ctx.repos.slots.setOverride('exp-o', '2025-06-10', '10:00', { blocked: true });
    expect(state).toEqual({
      experienceId: 'exp-o',
      date: '2025-06-10',
      time: '10:00',
      booked: 0,
      blocked: true,
      capacity: null,
    });
    expect(await ctx.repos.slots.setOverride('exp-o', '2025-06-10', '10:00', { capacity: 4 })).toMatchObject({
      blocked: true,
      capacity: 4,
    });
    expect(
      await ctx.repos.slots.setOverride('exp-o', '2025-06-10', '10:00', { blocked: false }),
    ).toMatchObject({
      blocked: false,
      capacity: 4,
    });
    expect(
      await ctx.repos.slots.setOverride('exp-o', '2025-06-10', '10:00', { capacity: null }),
    ).toMatchObject({
      blocked: false,
      capacity: null,
    });
    expect(await ctx.repos.slots.setOverride('exp-o', '2025-06-10', '10:00', { capacity: 0 })).toMatchObject({
      capacity: 0,
    });
  });

  it('refuses a capacity that is not a whole number of at least 0', async () => {
    for (const capacity of [-1, 1.5]) {
      const error = await ctx.repos.slots
        .setOverride('exp-o', '2025-06-10', '11:00', { capacity })
        .catch((e: unknown) => e);
      expect((error as DomainError).code).toBe('validation_failed');
    }
  });

  it('lists the states of a date range in date and time order, both ends included', async () => {
    const e = 'exp-range';
    await ctx.repos.slots.setOverride(e, '2025-07-02', '09:00', { blocked: true });
    await ctx.repos.slots.setOverride(e, '2025-07-01', '23:00', { capacity: 2 });
    await ctx.repos.slots.setOverride(e, '2025-07-01', '00:00', { capacity: 3 });
    await ctx.repos.slots.setOverride(e, '2025-06-30', '23:00', { blocked: true });
    await ctx.repos.slots.setOverride(e, '2025-07-03', '00:00', { blocked: true });
    await ctx.repos.bookings.createWithSlotHold(
      makeBooking({ experienceId: e, date: '2025-07-01', time: '23:00' }),
      1,
    );
    const states = await ctx.repos.slots.listStates(e, '2025-07-01', '2025-07-02');
    expect(states).toEqual([
      { experienceId: e, date: '2025-07-01', time: '00:00', booked: 0, blocked: false, capacity: 3 },
      { experienceId: e, date: '2025-07-01', time: '23:00', booked: 1, blocked: false, capacity: 2 },
      { experienceId: e, date: '2025-07-02', time: '09:00', booked: 0, blocked: true, capacity: null },
    ]);
    expect(await ctx.repos.slots.listStates(e, '2025-07-02', '2025-07-01')).toEqual([]);
  });

  it('an override leaves the booked count alone', async () => {
    const e = 'exp-keep';
    await ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: e }), 2);
    expect(await ctx.repos.slots.setOverride(e, '2025-06-10', '10:00', { blocked: true })).toMatchObject({
      booked: 1,
      blocked: true,
    });
  });

  it('releases one tour at a time and never below zero', async () => {
    const e = 'exp-release';
    await ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: e }), 3);
    await ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: e }), 3);
    await releaseHour(ctx, e, '2025-06-10', '10:00');
    expect((await ctx.repos.slots.listStates(e, '2025-06-10', '2025-06-10'))[0]?.booked).toBe(1);
    expect((await ctx.repos.slots.listTourDays(e, '2025-06-10', '2025-06-10'))[0]?.held['10:45']).toBe(1);
    await releaseHour(ctx, e, '2025-06-10', '10:00');
    const error = await releaseHour(ctx, e, '2025-06-10', '10:00').catch((x: unknown) => x);
    expect(error).toBeInstanceOf(TransactionCancelledError);
    expect((await ctx.repos.slots.listStates(e, '2025-06-10', '2025-06-10'))[0]?.booked).toBe(0);
    expect((await ctx.repos.slots.listTourDays(e, '2025-06-10', '2025-06-10'))[0]?.held).toEqual({});
    const missing = await releaseHour(ctx, e, '2025-06-11', '10:00').catch((x: unknown) => x);
    expect(missing).toBeInstanceOf(TransactionCancelledError);
    expect(await ctx.repos.slots.listStates(e, '2025-06-11', '2025-06-11')).toEqual([]);
  });

  it('never lets a capacity go below what guests already hold', async () => {
    const e = 'exp-capacity-floor';
    for (let i = 0; i < 2; i++) {
      await ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: e }), 3);
    }
    const below = await ctx.repos.slots
      .setOverride(e, '2025-06-10', '10:00', { capacity: 1, resultingCapacity: 1 })
      .catch((x: unknown) => x);
    expect(below).toMatchObject({ code: 'state_conflict', fields: { capacity: expect.any(String) } });
    expect((await ctx.repos.slots.listStates(e, '2025-06-10', '2025-06-10'))[0]).toMatchObject({
      booked: 2,
      capacity: null,
    });
    expect(
      await ctx.repos.slots.setOverride(e, '2025-06-10', '10:00', { capacity: 2, resultingCapacity: 2 }),
    ).toMatchObject({ booked: 2, capacity: 2 });
    // A slot nobody booked takes any capacity, 0 included.
    expect(
      await ctx.repos.slots.setOverride(e, '2025-06-11', '10:00', { capacity: 0, resultingCapacity: 0 }),
    ).toMatchObject({ booked: 0, capacity: 0 });
  });

  it('deletes the slot items of a date and later, and nothing before or of other experiences', async () => {
    const e = 'exp-delete-future';
    await ctx.repos.slots.setOverride(e, '2025-06-09', '10:00', { blocked: true });
    await ctx.repos.slots.setOverride(e, '2025-06-10', '10:00', { blocked: true });
    await ctx.repos.slots.setOverride(e, '2025-07-01', '23:00', { capacity: 2 });
    await ctx.repos.slots.setOverride('exp-other', '2025-07-01', '10:00', { blocked: true });
    expect(await ctx.repos.slots.deleteFrom(e, '2025-06-10')).toBe(2);
    expect((await ctx.repos.slots.listStates(e, '2025-01-01', '2025-12-31')).map((s) => s.date)).toEqual([
      '2025-06-09',
    ]);
    expect(await ctx.repos.slots.listStates('exp-other', '2025-07-01', '2025-07-01')).toHaveLength(1);
  });
});

itNeverScanned(() => ctx);
