/**
 * Hostile inputs on every host route, with a real token of the demo host: random and malformed ids, query strings
 * and bodies (nearly valid profiles, experience forms, slot overrides, denials and uploads among them). Whatever
 * arrives, never a 5xx, always a JSON error with a message. About 100 requests per route.
 */
import fc from 'fast-check';
import { routes } from '../../../functions/api/routes';
import { DEMO_HOST } from '../../../scripts/seed/hosts';
import { bodies, fuzzRoute, idSegment, wrongTyped } from './fuzz-support';
import { SEEDED, bearer, signIn, startApiWorld, type ApiWorld } from './support';

let world: ApiWorld;
let token: string;

beforeAll(async () => {
  world = await startApiWorld('host-fuzz-');
  token = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
});
afterAll(async () => {
  await world?.stop();
});

const RUNS_PER_ROUTE = 100;

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  wrongTyped,
);
const date = fc.oneof(fc.constantFrom('2030-01-01', '2030-02-30', '1999-12-31', ''), wrongTyped);
const profileLike = fc.record(
  { businessName: text, introduction: text, cancellationPolicy: fc.oneof(wrongTyped, fc.constant(null)) },
  { requiredKeys: [] },
);
const experienceLike = fc.record(
  {
    expectedUpdatedAt: fc.oneof(fc.constant(new Date().toISOString()), text),
    title: text,
    price: fc.oneof(fc.integer({ min: -10, max: 1e9 }), fc.double(), text),
    mainImages: fc.oneof(fc.array(fc.oneof(fc.constant('uploads/x/y'), text), { maxLength: 12 }), wrongTyped),
    participantsMin: fc.oneof(fc.integer({ min: -2, max: 200 }), text),
    participantsMax: fc.oneof(fc.integer({ min: -2, max: 200 }), text),
    availability: fc.oneof(
      fc.record(
        {
          defaultHours: fc.record({ start: text, end: text }),
          allDay: wrongTyped,
          regularHolidays: fc.array(text),
          capacity: fc.oneof(fc.integer(), text),
        },
        { requiredKeys: [] },
      ),
      wrongTyped,
    ),
    categoryIds: fc.oneof(fc.array(text, { maxLength: 30 }), wrongTyped),
    publicationStatus: fc.oneof(fc.constantFrom('public', 'private', 'draft'), wrongTyped),
  },
  { requiredKeys: [] },
);
const slotLike = fc.record(
  {
    date,
    toDate: date,
    time: fc.oneof(fc.constantFrom('10:00', '24:00', '10:30'), wrongTyped),
    blocked: wrongTyped,
    capacity: fc.oneof(fc.integer({ min: -5, max: 500 }), wrongTyped),
  },
  { requiredKeys: [] },
);
const denyLike = fc.record({ reason: fc.oneof(text, fc.string({ maxLength: 3000 })) }, { requiredKeys: [] });
const uploadLike = fc.record(
  {
    purpose: fc.oneof(fc.constantFrom('avatar', 'experience-image', 'other'), wrongTyped),
    contentType: fc.oneof(fc.constantFrom('image/jpeg', 'text/plain', ''), wrongTyped),
    size: fc.oneof(fc.integer({ min: -1, max: 50 * 1024 * 1024 }), wrongTyped),
    key: text,
  },
  { requiredKeys: [] },
);
const body = bodies([profileLike, experienceLike, slotLike, denyLike, uploadLike]);

/**
 * The two routes that only reach the image store answer 503 until the photo pipeline is wired (its own branch
 * adds them back here together with the store).
 */
const IMAGE_STORE_ROUTES = new Set(['POST /api/host/uploads', 'PUT /api/host/me/avatar']);
const targets = routes.filter(
  (r) => r.group === 'host-api' && !IMAGE_STORE_ROUTES.has(`${r.method} ${r.path}`),
);

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
