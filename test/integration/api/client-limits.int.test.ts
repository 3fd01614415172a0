/**
 * Per-client limits over real HTTP through the local server (DESIGN §4d, issue 16): the local server takes the
 * socket's address as the client, so each test acts as several guests from 127.0.0.x. The stack keeps the product's
 * `BOOKING_LIMITS` here; each test uses addresses and e-mails of its own, so their counts never mix.
 */
import { randomUUID } from 'node:crypto';
import type { Experience } from '../../../functions/domain/entities';
import { BOOKING_LIMITS, EXPERIENCE_HOLDS_FULL_MESSAGE } from '../../../functions/use-cases/create-booking';
import { LOOKUP_LIMITS } from '../../../functions/use-cases/lookup-booking';
import {
  addExperience,
  bookingBody,
  callFrom,
  completePayment,
  freeSlots,
  startApiWorld,
  type ApiWorld,
  type CreatedBooking,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
/**
 * The tests' experiences, booked in turn: holds left unpaid by one test stay live for the next (the clock only
 * moves back), and one experience takes at most `BOOKING_LIMITS.openHoldsPerExperience` of them.
 */
let experiences: { experience: Experience; slots: Slot[] }[];
let turn = 0;

beforeAll(async () => {
  world = await startApiWorld('api-limits-', { limits: 'product' });
  experiences = [];
  for (let i = 0; i < 4; i++) {
    const experience = await addExperience(world);
    experiences.push({ experience, slots: await freeSlots(world, experience.id) });
  }
});
afterAll(async () => {
  await world?.stop();
});
afterEach(() => {
  world.stack.clock.reset();
});

const HOLD_SECONDS = 15 * 60;

/**
 * Moves the local clock to the start of the next fixed window of `windowSeconds` (the rate limiter's windows are
 * aligned to the epoch), so a test's hits all fall in one window even when it runs across a quarter hour.
 */
function startNextWindow(windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  world.stack.clock.advanceBy(windowMs - (world.stack.clock.now().getTime() % windowMs));
}
const newEmail = () => `guest.${randomUUID().slice(0, 8)}@example.com`;

/** `POST /api/bookings` from `client` for the next free slot of the next test experience. */
function book(client: string, email = newEmail()) {
  const { experience, slots } = experiences[turn++ % experiences.length]!;
  const slot = slots.shift();
  if (!slot) throw new Error('the test experience ran out of slots');
  const body = bookingBody(experience.id, slot);
  body.guest.email = email;
  return callFrom<CreatedBooking & ErrorBody>(client, world, 'POST', '/api/bookings', body);
}

function expectTooManyRequests(answer: Awaited<ReturnType<typeof book>>, maxWaitSeconds: number) {
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe('too_many_requests');
  expect(answer.body.error.message).toMatch(/\S/);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('booking limits per client', () => {
  it(`refuses a client's hold past ${BOOKING_LIMITS.openHolds} unpaid ones, while another client books; paying frees a place`, async () => {
    const greedy = '127.0.0.2';
    const held: CreatedBooking[] = [];
    for (let i = 0; i < BOOKING_LIMITS.openHolds; i++) {
      const answer = await book(greedy);
      expect(answer.status).toBe(201);
      held.push(answer.body);
    }
    const refused = await book(greedy);
    expectTooManyRequests(refused, HOLD_SECONDS);

    // Another guest (another address, another e-mail) is not affected.
    const other = await book('127.0.0.3');
    expect(other.status).toBe(201);

    // A paid hold is no longer an unpaid one: the greedy client may book again.
    await completePayment(world, held[0]!);
    expect((await book(greedy)).status).toBe(201);
    expectTooManyRequests(await book(greedy), HOLD_SECONDS);
  });

  it('frees the places once the holds lapse on the local clock', async () => {
    const client = '127.0.0.4';
    for (let i = 0; i < BOOKING_LIMITS.openHolds; i++) expect((await book(client)).status).toBe(201);
    expectTooManyRequests(await book(client), HOLD_SECONDS);
    world.stack.clock.advanceBy(HOLD_SECONDS * 1000 + 1000);
    expect((await book(client)).status).toBe(201);
  });

  it(`refuses the request past ${BOOKING_LIMITS.requests.limit} per quarter hour even when every hold was paid`, async () => {
    const client = '127.0.0.5';
    startNextWindow(BOOKING_LIMITS.requests.windowSeconds);
    for (let i = 0; i < BOOKING_LIMITS.requests.limit; i++) {
      const answer = await book(client);
      expect(answer.status).toBe(201);
      await completePayment(world, answer.body);
    }
    expectTooManyRequests(await book(client), BOOKING_LIMITS.requests.windowSeconds);
    expect((await book('127.0.0.6')).status).toBe(201);
    // The next window (on the local clock) starts afresh.
    world.stack.clock.advanceBy(BOOKING_LIMITS.requests.windowSeconds * 1000);
    expect((await book(client)).status).toBe(201);
  });
});

describe('booking limits per e-mail', () => {
  it('counts the holds of one e-mail across addresses; the same address with another e-mail is not refused for it', async () => {
    const email = newEmail();
    for (let i = 0; i < BOOKING_LIMITS.openHolds; i++) {
      expect((await book(`127.0.1.${i + 1}`, email)).status).toBe(201);
    }
    expectTooManyRequests(await book('127.0.1.10', email.toUpperCase()), HOLD_SECONDS);
    expect((await book('127.0.1.10')).status).toBe(201);
  });
});

describe('lookup limit per client', () => {
  it("a client past its failed lookups is refused; another client's lookups are untouched", async () => {
    const guesser = '127.0.2.1';
    startNextWindow(LOOKUP_LIMITS.perClient.windowSeconds);
    const guess = (client: string, i: number) =>
      callFrom<ErrorBody>(client, world, 'POST', '/api/bookings/lookup', {
        email: 'guess@example.com',
        reference: `G${String(i).padStart(5, '0')}`,
      });
    for (let i = 0; i < LOOKUP_LIMITS.perClient.limit; i++)
      expect((await guess(guesser, i)).status).toBe(404);
    const refused = await guess(guesser, LOOKUP_LIMITS.perClient.limit);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Another address still gets the honest answers: 404 for a guess, and its own booking.
    expect((await guess('127.0.2.2', 0)).status).toBe(404);
    const email = newEmail();
    const created = await book('127.0.2.2', email);
    await completePayment(world, created.body);
    const own = await callFrom<{ booking: { reference: string } }>(
      '127.0.2.2',
      world,
      'POST',
      '/api/bookings/lookup',
      {
        email,
        reference: created.body.reference,
      },
    );
    expect(own.status).toBe(200);
    expect(own.body.booking.reference).toBe(created.body.reference);
    // The refused address stays refused until its window ends, even for a real booking.
    const blocked = await callFrom(guesser, world, 'POST', '/api/bookings/lookup', {
      email,
      reference: created.body.reference,
    });
    expect(blocked.status).toBe(429);
  });
});

describe('unpaid holds per experience (issue 29)', () => {
  it(`holds at most ${BOOKING_LIMITS.openHoldsPerExperience} unpaid holds of one experience, whoever holds them; paying frees a place`, async () => {
    const target = await addExperience(world);
    const targetSlots = await freeSlots(world, target.id);
    const hold = (client: string) => {
      const body = bookingBody(target.id, targetSlots.shift()!);
      body.guest.email = newEmail();
      return callFrom<CreatedBooking & ErrorBody>(client, world, 'POST', '/api/bookings', body);
    };
    // Many addresses, each within its own limits, one hold each.
    const held: CreatedBooking[] = [];
    for (let i = 0; i < BOOKING_LIMITS.openHoldsPerExperience; i++) {
      const answer = await hold(`127.0.5.${i + 1}`);
      expect(answer.status, `hold ${i + 1}`).toBe(201);
      held.push(answer.body);
    }
    const refused = await hold('127.0.5.100');
    expectTooManyRequests(refused, HOLD_SECONDS);
    expect(refused.body.error.message).toBe(EXPERIENCE_HOLDS_FULL_MESSAGE);
    // The host's other experiences, and the same client elsewhere, are not affected.
    expect((await book('127.0.5.100')).status).toBe(201);
    // A hold that is paid is no longer an unpaid one.
    await completePayment(world, held[0]!);
    expect((await hold('127.0.5.101')).status).toBe(201);
    expectTooManyRequests(await hold('127.0.5.102'), HOLD_SECONDS);
  });
});
