/**
 * The time a tour holds, in DynamoDB Local (DESIGN §4j): counters per quarter hour in one item per Tokyo date,
 * taken and given back in the booking's transaction. Overlapping starts share quarters and exactly the capacity
 * of them succeed, concurrently too; a tour across midnight holds two or three days in the same transaction; a
 * 24-hour tour (96 quarters in one condition) fits DynamoDB's expression limits.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backfillTourDays } from '../../../functions/adapters/dynamodb/backfill-tour-days';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { tourReleaseItems } from '../../../functions/adapters/dynamodb/tour-hold-items';
import { heldTourOf } from '../../../functions/adapters/dynamodb/tour-holds';
import { transactWrite } from '../../../functions/adapters/dynamodb/transactions';
import { DomainError } from '../../../functions/domain/errors';
import type { Booking } from '../../../functions/domain/entities';
import { heldQuarters } from '../../../functions/domain/tour-span';
import { id, itNeverScanned, makeBooking, setUpRepositories, type RepositoryContext } from './support';

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
});
afterAll(async () => {
  await ctx.drop();
});

const DATE = '2025-08-01';
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );
const tour = (experienceId: string, time: string, durationMinutes: number, more: Partial<Booking> = {}) =>
  makeBooking({ experienceId, date: DATE, time, durationMinutes, bufferMinutes: 0, ...more });
const heldAt = async (experienceId: string, date: string, quarter: string) =>
  (await ctx.repos.slots.listTourDays(experienceId, date, date))[0]?.held[quarter] ?? 0;

describe('overlapping tours and the capacity (groups at the same moment)', () => {
  it('refuses a start whose tour overlaps a booked one at capacity 1, and takes one that only touches it', async () => {
    const e = id('exp');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '08:00', 480), 1))).toBe('ok');
    // 09:00 for 2 hours lies inside 08:00–16:00; 15:45 overlaps its last quarter.
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '09:00', 120), 1))).toBe(
      'slot_unavailable',
    );
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '15:45', 60), 1))).toBe(
      'slot_unavailable',
    );
    // 16:00 starts as the other ends.
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '16:00', 60), 1))).toBe('ok');
    expect(await heldAt(e, DATE, '08:00')).toBe(1);
    expect(await heldAt(e, DATE, '15:45')).toBe(1);
    expect(await heldAt(e, DATE, '16:45')).toBe(1);
    expect(await heldAt(e, DATE, '17:00')).toBe(0);
  });

  it('counts the buffer as the guide’s time, not the guest’s', async () => {
    const e = id('exp');
    const first = tour(e, '10:00', 120, { bufferMinutes: 60 });
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(first, 1))).toBe('ok');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '12:30', 60), 1))).toBe(
      'slot_unavailable',
    );
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '13:00', 60), 1))).toBe('ok');
  });

  it('takes capacity 2 at the busiest moment, wherever the tours start', async () => {
    const e = id('exp');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '08:00', 240), 2))).toBe('ok');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '11:00', 240), 2))).toBe('ok');
    // 11:00–12:00 already holds two tours: anything touching it is refused, 12:00 is free again.
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '10:30', 60), 2))).toBe(
      'slot_unavailable',
    );
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '12:00', 60), 2))).toBe('ok');
  });

  it('gives the quarters back on release, in the transition’s transaction, so the time can be taken again', async () => {
    const e = id('exp');
    const first = tour(e, '08:00', 480);
    await ctx.repos.bookings.createWithSlotHold(first, 1);
    await ctx.repos.bookings.transition(first.id, 'awaiting_payment', 'expired', {
      now: new Date(),
      deadline: null,
      releaseSlot: true,
    });
    expect(await heldAt(e, DATE, '12:00')).toBe(0);
    expect((await ctx.repos.slots.listStates(e, DATE, DATE))[0]?.booked).toBe(0);
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '12:00', 60), 1))).toBe('ok');
  });

  it('a host cancellation closes the start as it gives the time back', async () => {
    const e = id('exp');
    const booking = tour(e, '09:00', 180);
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'cancelled', {
      now: new Date(),
      deadline: null,
      releaseSlot: true,
      closeSlot: true,
    });
    expect(await heldAt(e, DATE, '10:00')).toBe(0);
    expect((await ctx.repos.slots.listStates(e, DATE, DATE))[0]).toMatchObject({ booked: 0, blocked: true });
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '09:00', 180), 1))).toBe(
      'slot_unavailable',
    );
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '10:00', 60), 1))).toBe('ok');
  });
});

describe('the Tokyo day boundary', () => {
  it('holds the evening and the early morning of the next day in one transaction', async () => {
    const e = id('exp');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '22:00', 240), 1))).toBe('ok');
    expect(await heldAt(e, DATE, '23:45')).toBe(1);
    expect(await heldAt(e, '2025-08-02', '00:00')).toBe(1);
    expect(await heldAt(e, '2025-08-02', '01:45')).toBe(1);
    expect(await heldAt(e, '2025-08-02', '02:00')).toBe(0);
    // A tour of the next morning overlapping 01:00 is refused; one from 02:00 is not.
    const next = (time: string) =>
      makeBooking({ experienceId: e, date: '2025-08-02', time, durationMinutes: 60 });
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(next('01:00'), 1))).toBe('slot_unavailable');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(next('02:00'), 1))).toBe('ok');
  });

  it('a 24-hour tour with a 4-hour buffer from 23:45 holds three days (96 quarters in one of them)', async () => {
    const e = id('exp');
    const long = tour(e, '23:45', 1440, { bufferMinutes: 240 });
    expect(
      heldQuarters({ date: DATE, time: '23:45', durationMinutes: 1440, bufferMinutes: 240 }).map(
        (d) => d.quarters.length,
      ),
    ).toEqual([1, 96, 15]);
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(long, 1))).toBe('ok');
    expect(await heldAt(e, '2025-08-02', '12:00')).toBe(1);
    expect(await heldAt(e, '2025-08-03', '03:30')).toBe(1);
    expect(await heldAt(e, '2025-08-03', '03:45')).toBe(0);
    await ctx.repos.bookings.transition(long.id, 'awaiting_payment', 'expired', {
      now: new Date(),
      deadline: null,
      releaseSlot: true,
    });
    expect(await heldAt(e, '2025-08-02', '12:00')).toBe(0);
  });
});

describe('host overrides on starts', () => {
  it('a closed day refuses every start of it, and tours of the day before may still run into it', async () => {
    const e = id('exp');
    await ctx.repos.slots.setDayClosed(e, '2025-08-02', true);
    const into = tour(e, '22:00', 240);
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(into, 1))).toBe('ok');
    const on = makeBooking({ experienceId: e, date: '2025-08-02', time: '10:00', durationMinutes: 60 });
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(on, 1))).toBe('slot_unavailable');
    await ctx.repos.slots.setDayClosed(e, '2025-08-02', false);
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(on, 1))).toBe('ok');
    expect((await ctx.repos.slots.listTourDays(e, '2025-08-02', '2025-08-02'))[0]?.closed).toBe(false);
  });

  it('follows a start’s capacity override read after the assumed rule capacity was refused', async () => {
    const e = id('exp');
    await ctx.repos.bookings.createWithSlotHold(tour(e, '08:00', 240), 1);
    await ctx.repos.slots.setOverride(e, DATE, '10:00', { capacity: 2 });
    // The rule says 1 (full at 10:00); the start's own capacity says 2.
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '10:00', 60), 1))).toBe('ok');
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '10:00', 60), 1))).toBe(
      'slot_unavailable',
    );
  });

  it('refuses a capacity under what overlapping tours hold, checked in the same transaction', async () => {
    const e = id('exp');
    await ctx.repos.bookings.createWithSlotHold(tour(e, '08:00', 240), 2);
    await ctx.repos.bookings.createWithSlotHold(tour(e, '10:00', 240), 2);
    const quarters = heldQuarters({ date: DATE, time: '09:00', durationMinutes: 120 });
    const error = await ctx.repos.slots
      .setOverride(e, DATE, '09:00', { capacity: 1, resultingCapacity: 1, heldQuarters: quarters })
      .catch((x: unknown) => x as DomainError);
    expect(error).toMatchObject({ code: 'state_conflict' });
    expect((error as DomainError).fields?.capacity).toMatch(/重なっている予約/);
    expect(
      (await ctx.repos.slots.listStates(e, DATE, '2025-08-01')).find((s) => s.time === '09:00'),
    ).toBeUndefined();
    // 2 is what they hold: allowed.
    await expect(
      ctx.repos.slots.setOverride(e, DATE, '09:00', {
        capacity: 2,
        resultingCapacity: 2,
        heldQuarters: quarters,
      }),
    ).resolves.toMatchObject({ capacity: 2 });
  });
});

describe('bookings made before tours had a length', () => {
  /** A pending request as stored before issue 30: no length, and only its start's counter taken. */
  async function legacyRequest(experienceId: string, time: string): Promise<Booking> {
    const booking = tour(experienceId, time, 60);
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
      now: new Date(),
      deadline: '2099-01-01T00:00:00.000Z',
    });
    await ctx.doc.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: keys.booking(booking.id),
        UpdateExpression: 'REMOVE durationMinutes, bufferMinutes',
      }),
    );
    // Its quarters back, its start counter kept.
    await transactWrite(ctx.doc, () => tourReleaseItems(ctx.tableName, heldTourOf(booking)).slice(1));
    const stored = (await ctx.repos.bookings.get(booking.id))!;
    expect(stored.durationMinutes).toBeUndefined();
    return stored;
  }

  it('the backfill gives them their hour on the tour day, once, and a cancellation gives it back', async () => {
    const e = id('exp');
    const legacy = await legacyRequest(e, '10:00');
    expect(await heldAt(e, DATE, '10:00')).toBe(0);

    const first = await backfillTourDays(ctx.doc, ctx.tableName);
    expect(first.updated).toBeGreaterThanOrEqual(1);
    expect(await ctx.repos.bookings.get(legacy.id)).toMatchObject({ durationMinutes: 60, bufferMinutes: 0 });
    expect(await heldAt(e, DATE, '10:00')).toBe(1);
    expect(await heldAt(e, DATE, '10:45')).toBe(1);
    expect(await heldAt(e, DATE, '11:00')).toBe(0);
    // Idempotent: a second run counts nothing twice.
    expect((await backfillTourDays(ctx.doc, ctx.tableName)).updated).toBe(0);
    expect(await heldAt(e, DATE, '10:00')).toBe(1);
    // Its hour now keeps an overlapping tour out.
    expect(await outcome(ctx.repos.bookings.createWithSlotHold(tour(e, '10:30', 60), 1))).toBe(
      'slot_unavailable',
    );

    await ctx.repos.bookings.transition(legacy.id, 'pending', 'cancelled', {
      now: new Date(),
      deadline: null,
      releaseSlot: true,
    });
    expect(await heldAt(e, DATE, '10:00')).toBe(0);
    expect((await ctx.repos.slots.listStates(e, DATE, DATE))[0]?.booked).toBe(0);
  });

  it('a cancellation that read the booking before the backfill is tried again and gives back its quarters too', async () => {
    const e = id('exp');
    const legacy = await legacyRequest(e, '13:00');
    await backfillTourDays(ctx.doc, ctx.tableName);
    expect(await heldAt(e, DATE, '13:00')).toBe(1);
    // The transition's first read still sees the booking without a length (it read just before the backfill).
    const read = vi.spyOn(ctx.repos.bookings, 'get').mockResolvedValueOnce(legacy);
    try {
      await ctx.repos.bookings.transition(legacy.id, 'pending', 'cancelled', {
        now: new Date(),
        deadline: null,
        releaseSlot: true,
      });
    } finally {
      read.mockRestore();
    }
    expect((await ctx.repos.bookings.get(legacy.id))?.status).toBe('cancelled');
    expect(await heldAt(e, DATE, '13:00')).toBe(0);
    expect(await heldAt(e, DATE, '13:45')).toBe(0);
    expect((await ctx.repos.slots.listStates(e, DATE, DATE))[0]?.booked).toBe(0);
  });
});

describe('concurrent requests for overlapping starts', () => {
  it.each([1, 2, 3])(
    '20 at once, capacity %i: exactly the capacity succeed, the rest are refused',
    async (capacity) => {
      const e = id('exp');
      // Twenty guests, five different starts, every tour covering 11:00–12:00.
      const starts = ['08:30', '09:00', '10:00', '11:00', '10:30'];
      const bookings = Array.from({ length: 20 }, (_, i) =>
        tour(e, starts[i % starts.length]!, 240 - (i % 3) * 30),
      );
      const results = await Promise.all(
        bookings.map((b) => outcome(ctx.repos.bookings.createWithSlotHold(b, capacity))),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(capacity);
      expect(results.filter((r) => r !== 'ok').every((r) => r === 'slot_unavailable')).toBe(true);
      expect(await heldAt(e, DATE, '11:00')).toBe(capacity);
      const days = await ctx.repos.slots.listTourDays(e, DATE, DATE);
      expect(Math.max(...Object.values(days[0]!.held))).toBe(capacity);
    },
  );
});

itNeverScanned(() => ctx);
