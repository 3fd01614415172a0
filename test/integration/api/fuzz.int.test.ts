/**
 * Property-based robustness of every public route over real HTTP: random and malformed bodies (arbitrary JSON,
 * wrong types, huge and unicode strings, text that is not JSON), query strings and path ids (`..`, `%00`, very
 * long, unicode). Whatever arrives, the answer is never a 5xx, always JSON, and every 4xx is
 * `{ error: { code, message } }` without internals. Bounded: about 200 requests per route.
 */
import fc from 'fast-check';
import { routes } from '../../../functions/api/routes';
import { bodies, fuzzRoute, idSegment, wrongTyped } from './fuzz-support';
import { SEEDED, startApiWorld, type ApiWorld } from './support';

let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld('api-fuzz-');
});
afterAll(async () => {
  await world?.stop();
});

const RUNS_PER_ROUTE = 200;

const bookingLike = fc.record(
  {
    experienceId: fc.oneof(fc.constant(SEEDED.id), wrongTyped),
    date: fc.oneof(fc.constantFrom('2030-01-01', '2025-02-30', ''), wrongTyped),
    time: fc.oneof(fc.constantFrom('10:00', '25:00', '10:30'), wrongTyped),
    guests: fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.double(), wrongTyped),
    language: fc.oneof(fc.constantFrom('en', 'ja', 'fr'), wrongTyped),
    guest: fc.oneof(
      fc.record(
        {
          firstName: fc.oneof(fc.string({ unit: 'grapheme' }), wrongTyped),
          lastName: fc.string(),
          email: fc.oneof(fc.emailAddress(), fc.string()),
          phone: fc.oneof(fc.constant('+81 90 0000 0000'), fc.string()),
          nationality: fc.string(),
          specialRequests: fc.oneof(fc.string({ maxLength: 3000 }), wrongTyped),
        },
        { requiredKeys: [] },
      ),
      wrongTyped,
    ),
    amount: fc.integer(),
  },
  { requiredKeys: [] },
);
const lookupLike = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), wrongTyped),
    reference: fc.oneof(fc.string({ maxLength: 8 }), wrongTyped),
  },
  { requiredKeys: [] },
);
const cardLike = fc.record(
  {
    clientSecret: fc.oneof(fc.constantFrom('pi_local_x_secret_y', '_secret_', ''), fc.string(), wrongTyped),
    card: fc.oneof(
      fc.record(
        {
          number: fc.oneof(fc.constantFrom('4242 4242 4242 4242', '4000000000000002'), fc.string()),
          expMonth: fc.oneof(fc.integer({ min: -1, max: 13 }), wrongTyped),
          expYear: fc.oneof(fc.integer({ min: 0, max: 10_000 }), wrongTyped),
          cvc: fc.oneof(fc.string({ maxLength: 5 }), wrongTyped),
        },
        { requiredKeys: [] },
      ),
      wrongTyped,
    ),
  },
  { requiredKeys: [] },
);

/** Every non-local route, and the local payment route the SPA's test card form calls. */
const targets = routes.filter(
  (r) => r.auth === 'public' && !r.path.startsWith('/api/local-jobs/') && r.path !== '/api/local-faults',
);

const body = bodies([bookingLike, lookupLike, cardLike]);

describe.each(targets.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('never answers a 5xx, and every 4xx is a JSON error without internals', async () => {
    await fuzzRoute(world, route, { ids: idSegment([SEEDED.id]), body, runs: RUNS_PER_ROUTE });
  });
});
