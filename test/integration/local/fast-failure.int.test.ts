/**
 * A stalled or refused database, through the local stack over real HTTP (issue 20, DESIGN §4f): the API answers
 * `503 service_unavailable` with `Retry-After` within about 5 s instead of a 500 after 30 s (or, for a catalogue
 * page it answered a moment ago, that answer again), and answers normally again as soon as the database is back.
 *
 * The stack is the one `npm start` runs; only the handlers' DynamoDB endpoint is swapped, as a new cold start would
 * see it: a TCP server that accepts and never answers (a frozen table), then a closed port (refused).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_LIMITS } from '../../../functions/adapters/outside-calls';
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import { RECENT_COPY_HEADER } from '../../../functions/api/http/cache';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGES } from '../../../functions/api/http/error-handler';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { refusedEndpoint, startStalledEndpoint, type DeadEndpoint } from '../../support/dead-endpoints';
import { signIn, tempWorkDir } from './support';

/** The bound is "about 5 s"; the DynamoDB client's own budget is 2 × 2 s plus backoff (CALL_LIMITS). */
const BOUND_MS = 5_000;

const work = tempWorkDir('fast-failure-');
let stack: LocalStack;
let origin: string;
let stalled: DeadEndpoint;
let hostToken: string;

beforeAll(async () => {
  stack = await startLocalStack({
    dataDir: join(work.dir, 'data'),
    port: 0,
    webRoot: work.webRoot,
    // Seeded: the demo host signs in to show the back office's answer (the seed's photos come from the cache).
    // The expiry job would only log failures against the dead endpoints; keep it out of the way.
    expiryIntervalMs: 3_600_000,
  });
  origin = `http://127.0.0.1:${stack.port}`;
  stalled = await startStalledEndpoint();
  const { host } = stack.config.demo;
  hostToken = (
    await signIn(stack.config.cognitoEndpoint, stack.config.hostPool.clientId, host.email, host.password)
  ).idToken;
});

afterAll(async () => {
  useDatabase(stack?.config.dynamodbEndpoint);
  await stalled?.close();
  await stack?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

/** The handlers read DYNAMODB_ENDPOINT once per cold start; this is a new cold start against another endpoint. */
function useDatabase(endpoint: string | undefined): void {
  if (!endpoint) return;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  resetRuntimeAdapters();
}

const booking = {
  experienceId: 'exp-does-not-matter',
  date: '2030-05-01',
  time: '10:00',
  guests: 2,
  language: 'en',
  guest: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '+81 90-1234-5678',
    nationality: 'GB',
  },
};

const requests: [string, string, RequestInit?][] = [
  ['catalogue', '/api/experiences'],
  ['experience', '/api/experiences/exp-1'],
  ['categories', '/api/categories'],
  [
    'booking',
    '/api/bookings',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(booking) },
  ],
];

async function timedFetch(path: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, init);
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { res, body, ms: performance.now() - started };
}

async function expectFastUnavailable(): Promise<number[]> {
  // All at once, as a crowd would hit a frozen table.
  const answers = await Promise.all(requests.map(([, path, init]) => timedFetch(path, init)));
  answers.forEach(({ res, body, ms }, i) => {
    const name = requests[i]![0];
    expect(res.status, name).toBe(503);
    expect(res.headers.get('retry-after'), name).toBe(String(RETRY_AFTER_SECONDS));
    expect(body.error, name).toEqual({ code: 'service_unavailable', message: UNAVAILABLE_MESSAGES.en });
    expect(ms, name).toBeLessThan(BOUND_MS);
  });
  return answers.map((a) => Math.round(a.ms));
}

describe('a database that stops answering', () => {
  it('answers 503 with Retry-After within the bound on every guest route, then recovers', async () => {
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);

    useDatabase(stalled.url);
    const times = await expectFastUnavailable();
    // The timeout ended them (after a retry), not an instant refusal: the stalled server saw the attempts.
    expect(Math.min(...times)).toBeGreaterThan(CALL_LIMITS.dynamodb.requestTimeout);
    expect(stalled.connections).toBeGreaterThanOrEqual(requests.length * 2);
    console.log(`stalled database: answers after ${times.join(', ')} ms`);

    useDatabase(stack.config.dynamodbEndpoint);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });

  it('answers the back office in Japanese, as fast', async () => {
    useDatabase(stalled.url);
    const { res, body, ms } = await timedFetch('/api/host/me', {
      headers: { authorization: `Bearer ${hostToken}` },
    });
    useDatabase(stack.config.dynamodbEndpoint);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(body.error).toEqual({ code: 'service_unavailable', message: UNAVAILABLE_MESSAGES.ja });
    expect(ms).toBeLessThan(BOUND_MS);
    const back = await fetch(`${origin}/api/host/me`, { headers: { authorization: `Bearer ${hostToken}` } });
    expect(back.status).toBe(200);
  });
});

describe('the catalogue while the database stalls', () => {
  it('serves what it answered a moment ago from a recent copy, and nothing it never answered', async () => {
    const seen = '/api/experiences?sort=lowest_price';
    const fresh = await fetch(`${origin}${seen}`);
    expect(fresh.status).toBe(200);
    const freshBody = (await fresh.json()) as { items: unknown[] };
    expect(freshBody.items.length).toBeGreaterThan(0);

    useDatabase(stalled.url);
    const copy = await timedFetch(seen);
    const unseen = await timedFetch('/api/experiences?sort=lowest_price&limit=3');
    useDatabase(stack.config.dynamodbEndpoint);

    expect(copy.res.status).toBe(200);
    expect(copy.body).toEqual(freshBody);
    expect(Number(copy.res.headers.get(RECENT_COPY_HEADER))).toBeGreaterThanOrEqual(0);
    expect(copy.res.headers.get('cache-control')).toBe('no-store');
    expect(copy.ms).toBeLessThan(BOUND_MS);
    expect(unseen.res.status).toBe(503);
  });
});

describe('a database that refuses connections', () => {
  it('answers 503 with Retry-After at once, then recovers', async () => {
    useDatabase((await refusedEndpoint()).url);
    const times = await expectFastUnavailable();
    expect(Math.max(...times)).toBeLessThan(2_000);
    console.log(`refused database: answers after ${times.join(', ')} ms`);

    useDatabase(stack.config.dynamodbEndpoint);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });
});
