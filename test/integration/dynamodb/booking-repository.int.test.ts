import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import type { Booking } from '../../../functions/domain/entities';
import {
  id,
  itNeverScanned,
  makeBooking,
  minutesAfter,
  releaseHour,
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

const DATE = '2025-06-10';
const TIME = '10:00';
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as DomainError,
  );
const bookedOf = async (experienceId: string) =>
  (await ctx.repos.slots.listStates(experienceId, DATE, DATE))[0]?.booked ?? 0;
/** Books `count` distinct bookings on the slot; answers how many were taken before the first refusal. */
async function hold(experienceId: string, ruleCapacity: number, count: number) {
  let taken = 0;
  for (let i = 0; i < count; i++) {
    const result = await ctx.repos.bookings
      .createWithSlotHold(makeBooking({ experienceId, date: DATE, time: TIME }), ruleCapacity)
      .then(
        () => 'ok',
        (e: unknown) => e,
      );
    if (result !== 'ok') {
      expect(result).toBeInstanceOf(DomainError);
      expect((result as DomainError).code).toBe('slot_unavailable');
      expect((result as DomainError).message).toBe(SLOT_UNAVAILABLE_MESSAGE);
      break;
    }
    taken++;
  }
  return taken;
}

describe('createWithSlotHold: the capacity condition, branch by branch', () => {
  it('takes a slot that has no item yet, creating its counter', async () => {
    const e = id('exp');
    expect(await hold(e, 1, 1)).toBe(1);
    expect(await bookedOf(e)).toBe(1);
  });

  it('takes units while booked < rule capacity, then refuses: the slot is full', async () => {
    const e = id('exp');
    expect(await hold(e, 2, 5)).toBe(2);
    expect(await bookedOf(e)).toBe(2);
  });

  it('refuses a blocked slot, whatever its capacity', async () => {
    const blocked = id('exp');
    await ctx.repos.slots.setOverride(blocked, DATE, TIME, { blocked: true });
    expect(await hold(blocked, 5, 1)).toBe(0);
    const blockedWithRoom = id('exp');
    await ctx.repos.slots.setOverride(blockedWithRoom, DATE, TIME, { blocked: true, capacity: 5 });
    expect(await hold(blockedWithRoom, 5, 1)).toBe(0);
    expect(await bookedOf(blockedWithRoom)).toBe(0);
  });

  it('takes a slot again once it is unblocked', async () => {
    const e = id('exp');
    await ctx.repos.slots.setOverride(e, DATE, TIME, { blocked: true });
    await ctx.repos.slots.setOverride(e, DATE, TIME, { blocked: false });
    expect(await hold(e, 1, 2)).toBe(1);
  });

  it('follows a capacity override larger than the rule', async () => {
    const e = id('exp');
    await ctx.repos.slots.setOverride(e, DATE, TIME, { capacity: 3 });
    expect(await hold(e, 1, 5)).toBe(3);
  });

  it('follows a capacity override smaller than the rule', async () => {
    const e = id('exp');
    await ctx.repos.slots.setOverride(e, DATE, TIME, { capacity: 1 });
    expect(await hold(e, 3, 5)).toBe(1);
  });

  it('refuses an override of zero, on a slot never booked and on one whose units came back', async () => {
    const fresh = id('exp');
    await ctx.repos.slots.setOverride(fresh, DATE, TIME, { capacity: 0 });
    expect(await hold(fresh, 3, 1)).toBe(0);
    expect(await bookedOf(fresh)).toBe(0);

    const released = id('exp');
    expect(await hold(released, 3, 1)).toBe(1);
    await releaseHour(ctx, released, DATE, TIME);
    await ctx.repos.slots.setOverride(released, DATE, TIME, { capacity: 0 });
    expect(await hold(released, 3, 1)).toBe(0);
  });

  it('after an override is removed the rule applies again, counting units already taken', async () => {
    const e = id('exp');
    await ctx.repos.slots.setOverride(e, DATE, TIME, { capacity: 2 });
    expect(await hold(e, 3, 2)).toBe(2);
    await ctx.repos.slots.setOverride(e, DATE, TIME, { capacity: null });
    expect(await hold(e, 3, 5)).toBe(1);
    expect(await bookedOf(e)).toBe(3);
  });

  it('takes units again once one is released (booked at 0 but present)', async () => {
    const e = id('exp');
    expect(await hold(e, 1, 1)).toBe(1);
    await releaseHour(ctx, e, DATE, TIME);
    expect(await bookedOf(e)).toBe(0);
    expect(await hold(e, 1, 2)).toBe(1);
  });

  it('a refused booking leaves nothing behind', async () => {
    const e = id('exp');
    const hostId = id('host');
    await requestBooking(ctx.repos, makeBooking({ experienceId: e, hostId }));
    const refused = makeBooking({ experienceId: e, hostId });
    expect((await failure(ctx.repos.bookings.createWithSlotHold(refused, 1))).code).toBe('slot_unavailable');
    expect(await ctx.repos.bookings.get(refused.id)).toBeNull();
    expect(await ctx.repos.bookings.getByReference(refused.reference)).toBeNull();
    expect(await ctx.repos.counters.hostDashboard(hostId, '2025-05')).toEqual({
      totalBookings: 1,
      bookingsThisMonth: 1,
    });
  });

  it('refuses a rule capacity below 1 as a programming error', async () => {
    await expect(
      ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: id('exp') }), 0),
    ).rejects.toThrow(RangeError);
  });
});

describe('createWithSlotHold: uniqueness', () => {
  it('a taken reference is a duplicate, and nothing is written: no booking, no unit, no count', async () => {
    const e = id('exp');
    const hostId = id('host');
    const first = makeBooking({ experienceId: e, hostId });
    await requestBooking(ctx.repos, first, 5);
    const clash = makeBooking({ experienceId: e, hostId, reference: first.reference });
    const error = await failure(ctx.repos.bookings.createWithSlotHold(clash, 5));
    expect(error.code).toBe('duplicate');
    expect(await ctx.repos.bookings.get(clash.id)).toBeNull();
    expect(await bookedOf(e)).toBe(1);
    expect((await ctx.repos.bookings.getByReference(first.reference))?.id).toBe(first.id);
    expect((await ctx.repos.counters.hostDashboard(hostId, '2025-05')).totalBookings).toBe(1);
    // The use case draws another reference, and then it goes through.
    await ctx.repos.bookings.createWithSlotHold({ ...clash, reference: 'ZZZZZ9' }, 5);
    expect(await bookedOf(e)).toBe(2);
  });

  it('a booking id written twice is a duplicate', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 5);
    const error = await failure(
      ctx.repos.bookings.createWithSlotHold({ ...booking, reference: 'QQQQQ1' }, 5),
    );
    expect(error.code).toBe('duplicate');
    expect(await bookedOf(booking.experienceId)).toBe(1);
  });
});

describe('reading bookings', () => {
  it('reads a booking by id, by reference (any case) and by payment intent, unchanged', async () => {
    const booking = makeBooking({ experienceId: id('exp'), specialRequests: '', reference: 'AB12CD' });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    expect(await ctx.repos.bookings.get(booking.id)).toEqual(booking);
    expect(await ctx.repos.bookings.getByReference('AB12CD')).toEqual(booking);
    expect(await ctx.repos.bookings.getByReference('ab12cd')).toEqual(booking);
    expect(await ctx.repos.bookings.getByReference('ZZZZZZ')).toBeNull();
    expect(await ctx.repos.bookings.get('missing')).toBeNull();
    expect(await ctx.repos.bookings.getByPaymentIntent('pi_missing')).toBeNull();
  });
});

describe('attachPayment', () => {
  const now = new Date('2025-05-01T00:01:00.000Z');

  it('records the payment on an awaiting booking, findable by the intent; again with the same intent is fine', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const attached = await ctx.repos.bookings.attachPayment(booking.id, 'stripe', 'pi_123', now);
    expect(attached).toEqual({
      ...booking,
      paymentProvider: 'stripe',
      paymentIntentId: 'pi_123',
      updatedAt: now.toISOString(),
    });
    expect(await ctx.repos.bookings.getByPaymentIntent('pi_123')).toEqual(attached);
    expect(await ctx.repos.bookings.attachPayment(booking.id, 'stripe', 'pi_123', now)).toEqual(attached);

    expect(
      (await failure(ctx.repos.bookings.attachPayment(booking.id, 'stripe', 'pi_other', now))).code,
    ).toBe('state_conflict');
    expect(await ctx.repos.bookings.getByPaymentIntent('pi_other')).toBeNull();
    expect((await ctx.repos.bookings.get(booking.id))?.paymentIntentId).toBe('pi_123');
  });

  it('refuses an intent already attached to another booking', async () => {
    const other = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(other, 1);
    expect((await failure(ctx.repos.bookings.attachPayment(other.id, 'stripe', 'pi_123', now))).code).toBe(
      'duplicate',
    );
    expect((await ctx.repos.bookings.get(other.id))?.paymentIntentId).toBeNull();
  });

  it('refuses a booking that no longer awaits payment, and a missing one', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'expired', { now, deadline: null });
    const error = await failure(ctx.repos.bookings.attachPayment(booking.id, 'local', 'pi_late', now));
    expect(error.code).toBe('state_conflict');
    expect(error.message).toContain('expired');
    expect((await failure(ctx.repos.bookings.attachPayment('missing', 'local', 'pi_x', now))).code).toBe(
      'not_found',
    );
  });
});

describe('transition', () => {
  const now = new Date('2025-05-01T00:05:00.000Z');

  it('moves the status once: the same transition again is a state_conflict naming the current status', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const hostDeadline = '2025-05-03T00:05:00.000Z';
    const pending = await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
      now,
      deadline: hostDeadline,
    });
    expect(pending).toEqual({
      ...booking,
      status: 'pending',
      deadline: hostDeadline,
      updatedAt: now.toISOString(),
    });
    expect(await ctx.repos.bookings.get(booking.id)).toEqual(pending);

    const again = await failure(
      ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
        now,
        deadline: hostDeadline,
      }),
    );
    expect(again.code).toBe('state_conflict');
    expect(again.message).toContain('pending');
    expect(
      (await failure(ctx.repos.bookings.transition('missing', 'pending', 'approved', { now }))).code,
    ).toBe('not_found');
  });

  it('accepts any of several source statuses and records the denial message', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const denied = await ctx.repos.bookings.transition(
      booking.id,
      ['awaiting_payment', 'pending'],
      'denied',
      {
        now,
        deadline: null,
        deniedMessage: 'Fully booked that day',
      },
    );
    expect(denied).toMatchObject({
      status: 'denied',
      deadline: null,
      deniedMessage: 'Fully booked that day',
    });
  });

  it('lists a hold nowhere until its payment makes it a request, then moves it between the status lists', async () => {
    const hostId = id('host');
    const booking = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2031-01-01T00:00:00.000Z' });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const firstOf = async (status: Booking['status']) =>
      (await ctx.repos.bookings.listAll({ status, limit: 1 })).items[0]?.id;
    const listedForHost = async () => (await ctx.repos.bookings.listByHost(hostId)).items.map((b) => b.id);
    expect(await firstOf('awaiting_payment')).toBeUndefined();
    expect(await listedForHost()).toEqual([]);
    expect((await ctx.repos.counters.hostDashboard(hostId, '2031-01')).totalBookings).toBe(0);

    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', { now });
    expect(await firstOf('pending')).toBe(booking.id);
    expect(await listedForHost()).toEqual([booking.id]);
    expect(
      await ctx.repos.bookings
        .listByHostTourDates(hostId, booking.date, booking.date)
        .then((l) => l.map((b) => b.id)),
    ).toEqual([booking.id]);
    expect(await ctx.repos.counters.hostDashboard(hostId, '2031-01')).toEqual({
      totalBookings: 1,
      bookingsThisMonth: 1,
    });

    const actor = { role: 'host' as const, userId: hostId };
    const denied = await ctx.repos.bookings.transition(booking.id, 'pending', 'denied', {
      now,
      decidedBy: actor,
      deniedMessage: 'Closed that day',
    });
    expect(denied).toMatchObject({ decidedBy: actor, decidedAt: now.toISOString() });
    expect(await firstOf('pending')).not.toBe(booking.id);
    expect(await firstOf('denied')).toBe(booking.id);
    expect((await ctx.repos.bookings.listByHost(hostId, { status: 'denied' })).items).toHaveLength(1);
    expect((await ctx.repos.bookings.listByHost(hostId, { status: 'pending' })).items).toHaveLength(0);
  });

  it('leaves an abandoned hold out of every list when it lapses', async () => {
    const hostId = id('host');
    const hold = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2032-01-01T00:00:00.000Z' });
    await ctx.repos.bookings.createWithSlotHold(hold, 1);
    await ctx.repos.bookings.transition(hold.id, ['awaiting_payment', 'pending'], 'expired', {
      releaseSlot: true,
      deadline: null,
      now,
    });
    expect((await ctx.repos.bookings.get(hold.id))?.status).toBe('expired');
    expect(
      (await ctx.repos.bookings.listAll({ status: 'expired', limit: 100 })).items.map((b) => b.id),
    ).not.toContain(hold.id);
    expect((await ctx.repos.bookings.listByHost(hostId)).items).toEqual([]);
    expect(await bookedOf(hold.experienceId)).toBe(0);
  });

  it('gives the slot back in the same write, only once even when the transition is repeated', async () => {
    const e = id('exp');
    const booking = makeBooking({ experienceId: e });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    await ctx.repos.bookings.createWithSlotHold(makeBooking({ experienceId: e }), 3);
    expect(await bookedOf(e)).toBe(2);
    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'expired', {
      now,
      deadline: null,
      releaseSlot: true,
    });
    expect(await bookedOf(e)).toBe(1);
    const again = await failure(
      ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'expired', { now, releaseSlot: true }),
    );
    expect(again.code).toBe('state_conflict');
    expect(await bookedOf(e)).toBe(1);
  });

  it('still moves a booking whose slot has no unit left to give back, and says so in the log', async () => {
    const e = id('exp');
    const booking = makeBooking({ experienceId: e });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    await releaseHour(ctx, e, DATE, TIME);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const cancelled = await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'cancelled', {
        now,
        deadline: null,
        releaseSlot: true,
      });
      expect(cancelled.status).toBe('cancelled');
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
    }
    expect(await bookedOf(e)).toBe(0);
  });
});

describe('deadlines: listDue', () => {
  // Long before the deadlines of every other booking of this file, so only these are due by these instants.
  const t0 = '2001-01-01T00:00:00.000Z';

  it('lists waiting bookings whose deadline has passed, oldest first, and follows deadline changes', async () => {
    const e = id('exp');
    const make = (minutes: number, extra: Partial<Booking> = {}) =>
      makeBooking({ experienceId: e, deadline: minutesAfter(t0, minutes), ...extra });
    const late = make(30);
    const early = make(10);
    const exactlyNow = make(20);
    const future = make(60);
    const noDeadline = make(0, { deadline: null });
    for (const b of [late, early, exactlyNow, future, noDeadline])
      await ctx.repos.bookings.createWithSlotHold(b, 10);

    const now = new Date(minutesAfter(t0, 20));
    expect((await ctx.repos.bookings.listDue(now)).map((b) => b.id)).toEqual([early.id, exactlyNow.id]);
    expect((await ctx.repos.bookings.listDue(new Date(minutesAfter(t0, 45)), 2)).map((b) => b.id)).toEqual([
      early.id,
      exactlyNow.id,
    ]);

    // Paid: it waits for the host now, with a new deadline; decided: it leaves the queue.
    await ctx.repos.bookings.transition(early.id, 'awaiting_payment', 'pending', {
      now,
      deadline: minutesAfter(t0, 50),
    });
    await ctx.repos.bookings.transition(exactlyNow.id, 'awaiting_payment', 'expired', {
      now,
      deadline: null,
      releaseSlot: true,
    });
    // A final status with the deadline left in place by mistake is still not due.
    await ctx.repos.bookings.transition(late.id, 'awaiting_payment', 'cancelled', { now });
    expect((await ctx.repos.bookings.listDue(new Date(minutesAfter(t0, 55)))).map((b) => b.id)).toEqual([
      early.id,
    ]);
    expect((await ctx.repos.bookings.listDue(new Date(minutesAfter(t0, 120)))).map((b) => b.id)).toEqual([
      early.id,
      future.id,
    ]);
  });
});

describe('host reminders', () => {
  it('finds pending requests due within a horizon once, and records the reminder only once', async () => {
    const hostId = id('host');
    const soon = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2033-01-01T00:00:00.000Z' });
    const later = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2033-01-01T00:00:00.000Z' });
    for (const [b, deadline] of [
      [soon, '2033-01-02T10:00:00.000Z'],
      [later, '2033-01-03T00:00:00.000Z'],
    ] as const) {
      await ctx.repos.bookings.createWithSlotHold(b, 1);
      await ctx.repos.bookings.transition(b.id, 'awaiting_payment', 'pending', {
        deadline,
        now: new Date(b.createdAt),
      });
    }
    const horizon = new Date('2033-01-02T12:00:00.000Z');
    const due = (await ctx.repos.bookings.listAwaitingReminder(horizon)).filter((b) => b.hostId === hostId);
    expect(due.map((b) => b.id)).toEqual([soon.id]);
    const at = new Date('2033-01-01T22:00:00.000Z');
    const results = await Promise.all([1, 2, 3].map(() => ctx.repos.bookings.markReminded(soon.id, at)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await ctx.repos.bookings.get(soon.id))?.reminderSentAt).toBe(at.toISOString());
    expect(
      (await ctx.repos.bookings.listAwaitingReminder(horizon)).filter((b) => b.hostId === hostId),
    ).toEqual([]);
    // Only a pending request is reminded.
    await ctx.repos.bookings.transition(later.id, 'pending', 'approved', { deadline: null, now: at });
    expect(await ctx.repos.bookings.markReminded(later.id, at)).toBe(false);
  });
});

describe('booking lists', () => {
  it("lists a host's bookings newest first, page by page, and the 5 latest", async () => {
    const hostId = id('host');
    const base = '2025-05-10T00:00:00.000Z';
    const created = [2, 0, 6, 4, 1, 5, 3].map((m) =>
      makeBooking({ experienceId: id('exp'), hostId, createdAt: minutesAfter(base, m) }),
    );
    for (const b of created) await requestBooking(ctx.repos, b);
    const newestFirst = [...created].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).map((b) => b.id);

    const latest = await ctx.repos.bookings.listByHost(hostId, { limit: 5 });
    expect(latest.items.map((b) => b.id)).toEqual(newestFirst.slice(0, 5));
    const rest = await ctx.repos.bookings.listByHost(hostId, { limit: 5, cursor: latest.cursor });
    expect(rest.items.map((b) => b.id)).toEqual(newestFirst.slice(5));
    expect(rest.cursor).toBeUndefined();
    const oldest = created.find((b) => b.id === newestFirst[5])!;
    expect(rest.items[0]).toEqual({
      ...oldest,
      status: 'pending',
      deadline: null,
      updatedAt: oldest.createdAt,
    });
  });

  it('lists all bookings newest first across pages', async () => {
    const base = '2025-07-01T00:00:00.000Z';
    for (let m = 0; m < 12; m++) {
      await requestBooking(
        ctx.repos,
        makeBooking({ experienceId: id('exp'), createdAt: minutesAfter(base, m) }),
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ctx.repos.bookings.listAll({ limit: 7, cursor });
      seen.push(...page.items.map((b) => `${b.createdAt}#${b.id}`));
      cursor = page.cursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('lists the bookings created in a Tokyo month, newest first', async () => {
    const hostId = id('host');
    // 15:30 UTC on 31 May is 00:30 on 1 June in Tokyo.
    const june = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2035-05-31T15:30:00.000Z' });
    const may = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2035-05-31T14:30:00.000Z' });
    const june2 = makeBooking({ experienceId: id('exp'), hostId, createdAt: '2035-06-30T14:59:00.000Z' });
    for (const b of [june, may, june2]) await requestBooking(ctx.repos, b);
    expect((await ctx.repos.bookings.listCreatedInMonth('2035-06')).items.map((b) => b.id)).toEqual([
      june2.id,
      june.id,
    ]);
    expect((await ctx.repos.bookings.listCreatedInMonth('2035-05')).items.map((b) => b.id)).toEqual([may.id]);
    const first = await ctx.repos.bookings.listCreatedInMonth('2035-06', { limit: 1 });
    expect(first.items.map((b) => b.id)).toEqual([june2.id]);
    const second = await ctx.repos.bookings.listCreatedInMonth('2035-06', { limit: 1, cursor: first.cursor });
    expect(second.items.map((b) => b.id)).toEqual([june.id]);
    expect(second.cursor).toBeUndefined();
    expect(await ctx.repos.counters.hostDashboard(hostId, '2035-06')).toEqual({
      totalBookings: 3,
      bookingsThisMonth: 2,
    });
  });

  it('refuses a cursor of another list', async () => {
    const page = await ctx.repos.bookings.listAll({ limit: 1 });
    const error = await failure(ctx.repos.bookings.listAll({ status: 'pending', cursor: page.cursor }));
    expect(error.code).toBe('validation_failed');
  });
});

itNeverScanned(() => ctx);
