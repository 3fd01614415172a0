/**
 * No overbooking under contention (DESIGN §3, §8): many guests try to take the same slot at the same moment and
 * exactly its capacity succeed. The database decides (conditional write in the booking transaction); nothing here
 * serialises the calls.
 */
import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import { counters } from '../../../functions/adapters/dynamodb/keys';
import { id, itNeverScanned, makeBooking, setUpRepositories, type RepositoryContext } from './support';

const CONCURRENT_REQUESTS = 200;

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
});
afterAll(async () => {
  await ctx.drop();
});

/**
 * References distinct within the file (a collision would be a `duplicate`, not what this test is about): crowd
 * number `crowdIndex` takes its own block of numbers, written in base 36 on six characters.
 */
let crowdIndex = 0;
function distinctReferences(count: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const first = 36 ** 5 + crowdIndex++ * count;
  return Array.from({ length: count }, (_, i) => {
    let n = first + i;
    let ref = '';
    while (ref.length < 6) {
      ref = alphabet[n % 36] + ref;
      n = Math.floor(n / 36);
    }
    return ref;
  });
}

const winnersOf = <T>(bookings: T[], results: PromiseSettledResult<unknown>[]) =>
  bookings.filter((_, i) => results[i]?.status === 'fulfilled');

async function crowd(capacity: number) {
  const experienceId = id('exp');
  const hostId = id('host');
  const before = await ctx.repos.counters.read(counters.bookings);
  const bookings = distinctReferences(CONCURRENT_REQUESTS).map((reference) =>
    makeBooking({ experienceId, hostId, reference, date: '2025-08-01', time: '09:00' }),
  );
  const results = await Promise.allSettled(
    bookings.map((b) => ctx.repos.bookings.createWithSlotHold(b, capacity)),
  );

  const winners = winnersOf(bookings, results);
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  const slot = await ctx.repos.slots.listStates(experienceId, '2025-08-01', '2025-08-01');
  // The winners' cards are authorised: they become requests, listed and counted once each.
  for (const b of winnersOf(bookings, results)) {
    await ctx.repos.bookings.transition(b.id, 'awaiting_payment', 'pending', { now: new Date(b.createdAt) });
  }
  const stored = await ctx.repos.bookings.listByHost(hostId, { limit: 100 });
  const losers = bookings.filter((_, i) => results[i]?.status === 'rejected');
  const leftovers = await Promise.all(losers.map((b) => ctx.repos.bookings.getByReference(b.reference)));
  return {
    winners,
    refusals,
    booked: slot[0]?.booked,
    storedIds: stored.items.map((b) => b.id).sort(),
    leftovers: leftovers.filter((b) => b !== null),
    counted: (await ctx.repos.counters.read(counters.bookings)) - before,
    hostCounted: (await ctx.repos.counters.hostDashboard(hostId, '2025-05')).totalBookings,
  };
}

function expectRefusalsAreSlotUnavailable(refusals: unknown[]) {
  for (const reason of refusals) {
    expect(reason).toBeInstanceOf(DomainError);
    expect(reason).toMatchObject({ code: 'slot_unavailable', message: SLOT_UNAVAILABLE_MESSAGE });
  }
}

describe(`${CONCURRENT_REQUESTS} concurrent bookings of one slot`, () => {
  it('capacity 1: exactly one succeeds, every other one is told the slot is unavailable', async () => {
    const r = await crowd(1);
    expect(r.winners).toHaveLength(1);
    expect(r.refusals).toHaveLength(CONCURRENT_REQUESTS - 1);
    expectRefusalsAreSlotUnavailable(r.refusals);
    expect(r.booked).toBe(1);
    expect(r.storedIds).toEqual(r.winners.map((b) => b.id));
    expect(r.leftovers).toEqual([]);
    expect(r.counted).toBe(1);
    expect(r.hostCounted).toBe(1);
  });

  it('capacity 3: exactly three succeed', async () => {
    const r = await crowd(3);
    expect(r.winners).toHaveLength(3);
    expect(r.refusals).toHaveLength(CONCURRENT_REQUESTS - 3);
    expectRefusalsAreSlotUnavailable(r.refusals);
    expect(r.booked).toBe(3);
    expect(r.storedIds).toEqual(r.winners.map((b) => b.id).sort());
    expect(r.leftovers).toEqual([]);
    expect(r.counted).toBe(3);
    expect(r.hostCounted).toBe(3);
  });
});

itNeverScanned(() => ctx);
