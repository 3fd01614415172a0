/**
 * A full slot answers 409 at once (issue 33, DESIGN §4i "Hot keys"), over real HTTP through the local stack with
 * DynamoDB Local: 100 guests ask for the same capacity-2 slot at the same moment. Exactly 2 get their hold, the
 * other 98 hear "slot not bookable" (409 `slot_unavailable`), nobody meets a 5xx (before: transaction conflicts
 * retried into 503s), the slot's counters say 2, and only the 2 winners have a card authorisation.
 */
import { readFile } from 'node:fs/promises';
import { localPaymentStorePath } from '../../../scripts/local/stack';
import {
  addExperience,
  bookingBody,
  callFrom,
  freeSlots,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

const CROWD = 100;
const CAPACITY = 2;

/**
 * The handlers' DynamoDB bound and Lambda timeout for this crowd. On the shared 2-core machine (load 15–20) DynamoDB
 * Local answered 100 concurrent GetItems in 7 s and 100 updates in 6 s: a crowd's calls queue there, everyone's
 * in step, so with the product's bounds (2 s a call, 30 s a request locally) every request of the crowd timed out
 * (503), before and after the fast 409 alike, whatever the booking logic does. This test is about that logic: who
 * gets the slot, who hears 409, and whether anything answers 5xx on its own.
 */
const CROWD_BOUND_MS = 300_000;

let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld('api-full-slot-', {
    dynamodbRequestTimeoutMs: CROWD_BOUND_MS,
    handlerTimeoutMs: CROWD_BOUND_MS,
  });
});
afterAll(async () => {
  await world?.stop();
});

/** The local gateway's authorisations made for one experience (its store is the stack's JSON file). */
async function authorisationsFor(experienceId: string): Promise<number> {
  const text = await readFile(localPaymentStorePath(world.stack.config.dataDir), 'utf8').catch(() => '{}');
  const store = JSON.parse(text) as { intents?: Record<string, { metadata: Record<string, string> }> };
  return Object.values(store.intents ?? {}).filter((i) => i.metadata.experienceId === experienceId).length;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('a crowd on one slot', () => {
  it(
    `${CROWD} concurrent bookings of a capacity-${CAPACITY} slot: ${CAPACITY} × 201, the rest 409 slot_unavailable, 0 × 5xx`,
    async () => {
      const experience = await addExperience(world, {
        availability: {
          defaultHours: { start: '09:00', end: '17:00' },
          allDay: false,
          regularHolidays: [],
          capacity: CAPACITY,
        },
      });
      const [slot] = await freeSlots(world, experience.id);
      if (!slot) throw new Error('the new experience has no free slot');

      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: CROWD }, (_, i) =>
          // Many guests, as the local server sees them: one loopback address each (127.0.0.2 …).
          callFrom<ErrorBody>(
            `127.0.0.${i + 2}`,
            world,
            'POST',
            '/api/bookings',
            bookingBody(experience.id, slot),
          ),
        ),
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = answers.map((a) => a.status);
      // For the README's before/after numbers (no timing is asserted).
      console.log(
        `crowd of ${CROWD} on a capacity-${CAPACITY} slot: ${JSON.stringify(tally(statuses))} in ${seconds} s`,
      );
      // The whole tally first, so a failure shows what the crowd got.
      expect(tally(statuses)).toEqual({ 201: CAPACITY, 409: CROWD - CAPACITY });
      const refusals = answers.filter((a) => a.status === 409);
      expect(new Set(refusals.map((a) => a.body.error.code))).toEqual(new Set(['slot_unavailable']));

      const [state] = await world.repo.slots.listStates(experience.id, slot.date, slot.date);
      expect(state?.booked).toBe(CAPACITY);
      const [day] = await world.repo.slots.listTourDays(experience.id, slot.date, slot.date);
      expect(day?.held[slot.time]).toBe(CAPACITY);
      // The refused never had their card authorised.
      expect(await authorisationsFor(experience.id)).toBe(CAPACITY);
      // The guests who come next see the slot gone.
      expect(await freeSlots(world, experience.id)).not.toContainEqual(slot);
    },
    CROWD_BOUND_MS,
  );
});
