/**
 * The property-based robustness check shared by the route fuzz tests: random and malformed path ids, query strings
 * and bodies (arbitrary JSON, wrong types, huge and unicode strings, text that is not JSON) sent over real HTTP;
 * whatever arrives, the answer is never a 5xx, always JSON, and every 4xx is `{ error: { code, message } }`
 * without internals.
 */
import fc from 'fast-check';
import type { RouteDefinition } from '../../../functions/api/routes';
import { rawRequest } from '../local/support';
import type { ApiWorld } from './support';

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
/** A path id: ids of real entities (`knownIds`) among hostile segments. */
export const idSegment = (knownIds: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent) },
    { weight: 2, arbitrary: rawSegments },
    { weight: 1, arbitrary: fc.constant(encodeURIComponent('x'.repeat(5000))) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...knownIds) },
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
    'pending',
    'all',
    '-1',
    '1e9',
  ),
  fc.constantFrom('%', '%00', '%ZZ', ',,,', 'a,b,,c', encodeURIComponent('x'.repeat(3000))),
);
const queryName = fc.oneof(
  fc.constantFrom('prefecture', 'categories', 'sort', 'q', 'limit', 'from', 'to', 'cursor', 'status'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);
export const queryString = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

export const wrongTyped = fc.anything({ maxDepth: 2, withNullPrototype: false });

export interface Body {
  text: string | undefined;
  contentType: string | undefined;
}
export const json = (value: unknown): Body => ({
  text: JSON.stringify(value),
  contentType: 'application/json',
});
/** Bodies of every kind, with `shaped` (route-specific, nearly valid bodies) among them. */
export const bodies = (shaped: fc.Arbitrary<unknown>[]): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ text: undefined, contentType: undefined }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    ...shaped.map((arbitrary) => ({ weight: 2, arbitrary: arbitrary.map(json) })),
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
      arbitrary: fc.constantFrom(70 * 1024, 200 * 1024).map((size) => json({ text: 'あ'.repeat(size / 3) })),
    },
  );

/** Sends `runs` random requests to the route and checks every answer. */
export async function fuzzRoute(
  world: ApiWorld,
  route: RouteDefinition,
  options: {
    ids: fc.Arbitrary<string>;
    body: fc.Arbitrary<Body>;
    headers?: Record<string, string>;
    runs: number;
  },
): Promise<void> {
  const request = fc.record({ id: options.ids, query: queryString, body: options.body });
  await fc.assert(
    fc.asyncProperty(request, async ({ id, query, body: payload }) => {
      const path = route.path.replace(/\{[^}]+\}/g, () => id);
      const url = `${world.origin}${path}${query ? `?${query}` : ''}`;
      const headers: Record<string, string> = { ...options.headers };
      if (payload.contentType) headers['content-type'] = payload.contentType;
      const res = await rawRequest(url, {
        method: route.method,
        headers,
        ...(payload.text === undefined ? {} : { body: payload.text }),
      });
      const context = `${route.method} ${url.slice(0, 300)} → ${res.status} ${res.body.slice(0, 300)}`;
      expect(res.status, context).toBeLessThan(500);
      if (res.status === 204) return;
      expect(String(res.headers['content-type']), context).toMatch(/^application\/json/);
      const answer = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
      if (res.status >= 400) {
        expect(typeof answer.error?.code, context).toBe('string');
        expect(typeof answer.error?.message, context).toBe('string');
        expect(String(answer.error?.message).length, context).toBeGreaterThan(0);
      }
      expect(res.body, context).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"/);
    }),
    { numRuns: options.runs, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
}
