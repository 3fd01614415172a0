/**
 * Property-based robustness of every public route, and of every admin route with an admin token, over real HTTP: random and malformed bodies (arbitrary JSON,
 * wrong types, huge and unicode strings, text that is not JSON), query strings and path ids (`..`, `%00`, very
 * long, unicode). Whatever arrives, the answer is never a 5xx, always JSON, and every 4xx is
 * `{ error: { code, message } }` without internals. Bounded: about 200 requests per route.
 */
import fc from 'fast-check';
import { routes } from '../../../functions/api/routes';
import { DEMO_ADMIN } from '../../../scripts/seed/hosts';
import { rawRequest } from '../local/support';
import { SEEDED, signIn, startApiWorld, type ApiWorld } from './support';

let world: ApiWorld;
let adminToken: string;

beforeAll(async () => {
  world = await startApiWorld('api-fuzz-');
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});

const RUNS_PER_ROUTE = 200;

/** Segments that have broken path handling elsewhere, sent as they are (already URL syntax). */
const rawSegments = fc.constantFrom(
  '..',
  '.',
  '%2e%2e',
  '%00',
  '%',
  '%ZZ',
  '%2F',
  '%E0%A4%A',
  '%C0%AF',
  '%20',
  '~',
);
const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent) },
  { weight: 2, arbitrary: rawSegments },
  { weight: 1, arbitrary: fc.constant(encodeURIComponent('x'.repeat(5000))) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant(SEEDED.id) },
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
  fc.constantFrom(
    '2025-02-30',
    '2026-13-01',
    '9999-12-31',
    '0000-01-01',
    'newest',
    'lowest_price',
    '-1',
    '1e9',
  ),
  fc.constantFrom('%', '%00', '%ZZ', ',,,', 'a,b,,c', encodeURIComponent('x'.repeat(3000))),
  // The admin search: references, addresses, statuses, cursors that are almost right.
  fc.constantFrom(
    'ABC123',
    'abc12',
    'pending',
    'all',
    'awaiting_payment',
    'host%40example.com',
    '%40',
    'e30',
  ),
  fc.string({ maxLength: 40 }).map((v) => Buffer.from(v).toString('base64url')),
);
const queryName = fc.oneof(
  fc.constantFrom('prefecture', 'categories', 'sort', 'q', 'limit', 'from', 'to', 'cursor', 'status'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);
const queryString = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const wrongTyped = fc.anything({ maxDepth: 2, withNullPrototype: false });
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

interface Body {
  text: string | undefined;
  contentType: string | undefined;
}
const json = (value: unknown): Body => ({ text: JSON.stringify(value), contentType: 'application/json' });
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Body>({ text: undefined, contentType: undefined }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
  { weight: 3, arbitrary: bookingLike.map(json) },
  { weight: 1, arbitrary: lookupLike.map(json) },
  { weight: 1, arbitrary: cardLike.map(json) },
  { weight: 1, arbitrary: hostLike.map(json) },
  { weight: 1, arbitrary: reasonLike.map(json) },
  {
    weight: 2,
    arbitrary: fc.record({
      text: fc.oneof(
        fc.string(),
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom('{', '{"a":', 'null', '[]', '""'),
      ),
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(70 * 1024, 200 * 1024)
      .map((size) => json({ guest: { specialRequests: 'あ'.repeat(size / 3) } })),
  },
);

/**
 * Every public route but the local expiry job, the local payment route the SPA's test card form calls, and every
 * admin route (with a real admin token, so the requests reach the handlers).
 */
const targets = routes.filter(
  (r) => (r.auth === 'public' && r.path !== '/api/local-jobs/expire-bookings') || r.auth === 'admin',
);

describe.each(targets.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('never answers a 5xx, and every 4xx is a JSON error without internals', async () => {
    const request = fc.record({
      ids: fc.array(idSegment, { minLength: 1, maxLength: 1 }),
      query: queryString,
      body,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ ids, query, body: payload }) => {
        const path = route.path.replace(/\{[^}]+\}/g, () => ids[0]!);
        const url = `${world.origin}${path}${query ? `?${query}` : ''}`;
        const headers: Record<string, string> = {};
        if (payload.contentType) headers['content-type'] = payload.contentType;
        if (route.auth === 'admin') headers.authorization = `Bearer ${adminToken}`;
        const res = await rawRequest(url, {
          method: route.method,
          headers,
          ...(payload.text === undefined ? {} : { body: payload.text }),
        });
        const context = `${route.method} ${url.slice(0, 300)} → ${res.status} ${res.body.slice(0, 300)}`;
        expect(res.status, context).toBeLessThan(500);
        const csv = route.path.endsWith('.csv') && res.status === 200;
        expect(String(res.headers['content-type']), context).toMatch(
          csv ? /^text\/csv/ : /^application\/json/,
        );
        if (csv) return;
        const answer = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
        if (res.status >= 400) {
          expect(typeof answer.error?.code, context).toBe('string');
          expect(typeof answer.error?.message, context).toBe('string');
          expect(String(answer.error?.message).length, context).toBeGreaterThan(0);
        }
        expect(res.body, context).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"/);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});
