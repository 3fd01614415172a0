/**
 * Hostile inputs on every admin route, with a real token of the demo admin: random and malformed ids, query
 * strings (search text, references, statuses, forged cursors) and bodies (nearly valid host creations and
 * denials among them). Whatever arrives, never a 5xx, always a JSON error with a message (or the CSV file).
 */
import fc from 'fast-check';
import { routes } from '../../../functions/api/routes';
import { DEMO_ADMIN } from '../../../scripts/seed/hosts';
import { bodies, fuzzRoute, idSegment, wrongTyped } from './fuzz-support';
import { SEEDED, bearer, signIn, startApiWorld, type ApiWorld } from './support';

let world: ApiWorld;
let token: string;

beforeAll(async () => {
  world = await startApiWorld('admin-fuzz-');
  token = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});

const RUNS_PER_ROUTE = 100;

const hostLike = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), fc.constantFrom('', ' @x', 'HOST@EXAMPLE.COM'), wrongTyped),
    password: fc.oneof(fc.string({ minLength: 8, maxLength: 300 }), fc.string({ maxLength: 7 }), wrongTyped),
    businessName: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 120 }), wrongTyped),
    languages: fc.oneof(
      fc.array(fc.constantFrom('japanese', 'english', 'chinese', 'korean', 'french'), { maxLength: 6 }),
      wrongTyped,
    ),
    locationLat: fc.oneof(fc.double(), fc.string({ maxLength: 8 }), wrongTyped),
    website: fc.oneof(fc.string({ maxLength: 600 }), wrongTyped),
  },
  { requiredKeys: [] },
);
const reasonLike = fc.record(
  { reason: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 2100 }), wrongTyped) },
  { requiredKeys: [] },
);
const body = bodies([hostLike, reasonLike]);

const targets = routes.filter((r) => r.auth === 'admin');

describe.each(targets.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('never answers a 5xx, and every 4xx is a JSON error without internals', async () => {
    await fuzzRoute(world, route, {
      ids: idSegment([SEEDED.id]),
      body,
      headers: bearer(token),
      runs: RUNS_PER_ROUTE,
    });
  });
});
