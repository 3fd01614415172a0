/**
 * `npm run bench:scale` (issue 33, DESIGN §8 "Scale"): does a job, a search or a page cost what is due, or what has
 * piled up? The same work is measured on a small marketplace (the seed and a little) and on a piled-up one (bulk
 * seeded history, upcoming tours and experiences, `POST /api/local-seed/bulk`), and the report gives each row at
 * both sizes and the ratio large / small: near 1 where the work due is the same.
 *
 * At each size, a fresh set of work falls due first (the same at both): BENCH_SCALE_DUE approved tours that ended
 * yesterday (completion), as many that start tomorrow (reminders when they are within 24 h), and as many completed
 * tours of the last three days (review invitations; payouts for those past their payable time). Then:
 * - each job once (`POST /api/local-jobs/{name}`): its time, and the counts its answer gives (whatever fields it has:
 *   `examined`, `read`, `processed`, `finished`, …);
 * - search (`GET /api/experiences?q=…`), a category list and a prefecture list: median and p95 of
 *   BENCH_SCALE_REQUESTS requests each, one at a time;
 * - an edit's time to its page: the demo host renames an experience through the host API, and its guest HTML page
 *   is polled until the new title shows (at most BENCH_SCALE_PAGE_TIMEOUT_S).
 *
 * Large size (env): BENCH_SCALE_COMPLETED completed bookings of history (tours 400–33 days ago: older than the review
 * invitations' look-back, as a marketplace's history is once its guests were invited), BENCH_SCALE_APPROVED
 * upcoming approved tours (3–90 days ahead), BENCH_SCALE_EXPERIENCES extra experiences, written in calls of at most
 * BENCH_SCALE_CHUNK bookings. Writes `test-results/bench-scale.md` and `test-results/bench-scale.json`.
 * Run it under the e2e lock: `flock -w 5400 /tmp/ehime-e2e.lock npm run bench:scale`.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAXED_BOOKING_LIMITS } from '../local/booking-limits';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { signInToPool } from '../local/cognito-sign-in';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/dynamodb-local';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../local/stack';
import { REVIEW_INVITE_AFTER_DAYS, REVIEW_LINK_VALID_DAYS } from '../../functions/domain/reviews';
import { CATCH_UP_OVERLAP_MS } from '../../functions/use-cases/catalogue-index';
import { machineLine } from './bench-stack';
import { envInt, median, muteConsole, percentile, say } from './load';

const SIZES = {
  completed: envInt('BENCH_SCALE_COMPLETED', 20_000),
  approved: envInt('BENCH_SCALE_APPROVED', 5_000),
  experiences: envInt('BENCH_SCALE_EXPERIENCES', 3_000),
};
const CHUNK = envInt('BENCH_SCALE_CHUNK', 2_500);
const DUE = envInt('BENCH_SCALE_DUE', 50);
/**
 * The history's newest tour day. The invitation job looks back `REVIEW_LINK_VALID_DAYS + 1` days of review-due dates
 * (a tour's is the day after it): a history tour any later would be work due at the large size only (a steady
 * marketplace invited those guests long ago), and the row would measure more work instead of more history.
 */
const HISTORY_TO_DAY = -(REVIEW_LINK_VALID_DAYS + REVIEW_INVITE_AFTER_DAYS + 2);
const REQUESTS = envInt('BENCH_SCALE_REQUESTS', 50);
const PAGE_TIMEOUT_MS = envInt('BENCH_SCALE_PAGE_TIMEOUT_S', 300) * 1000;
/**
 * Before the request rows, the catalogue is left alone this long (0 = not at all): every search catch-up re-reads
 * the changes of the last `CATCH_UP_OVERLAP_MS` (a minute), so right after a bulk seed of thousands of experiences a
 * search pays for reading them again until that minute has passed. The rows measure the catalogue at rest.
 */
const SETTLE_MS = Number(process.env.BENCH_SCALE_SETTLE_S ?? (CATCH_UP_OVERLAP_MS + 5_000) / 1000) * 1000;
const JOBS = [
  'complete-bookings',
  'send-reminders',
  'send-review-invites',
  'pay-hosts',
  'expire-bookings',
] as const;
const SEARCH_TERM = 'castle';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>shell</title>
<script type="module" src="/assets/index-bench.js"></script></head><body><div id="root"></div></body></html>`;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request without a client-side time limit (a bulk seed of thousands may take minutes here). */
function http(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = request(
      `${origin}${path}`,
      {
        method,
        headers: {
          ...headers,
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function ok(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await http(origin, method, path, body, headers);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
  return res;
}

let tagCount = 0;
const tag = (name: string) => `${name}-${Date.now().toString(36)}-${++tagCount}`;

/** The work due at a size: the same counts at both. */
async function seedDueWork(origin: string): Promise<void> {
  await ok(origin, 'POST', '/api/local-seed/bulk', {
    experiences: 10,
    approvedBookings: { count: DUE, fromDay: -1, toDay: -1 },
    completedBookings: { count: DUE, fromDay: -3, toDay: -1 },
    tag: tag('due'),
  });
  await ok(origin, 'POST', '/api/local-seed/bulk', {
    experiences: 10,
    approvedBookings: { count: DUE, fromDay: 1, toDay: 1 },
    tag: tag('soon'),
  });
}

/** The piled-up marketplace, in calls of at most CHUNK bookings (each call a new host). */
async function pileUp(origin: string): Promise<number> {
  const started = performance.now();
  const calls = Math.max(1, Math.ceil((SIZES.completed + SIZES.approved) / CHUNK));
  const share = (total: number, i: number) =>
    Math.floor((total * (i + 1)) / calls) - Math.floor((total * i) / calls);
  for (let i = 0; i < calls; i++) {
    const body = {
      experiences: Math.max(1, share(SIZES.experiences, i)),
      completedBookings: { count: share(SIZES.completed, i), fromDay: -400, toDay: HISTORY_TO_DAY },
      approvedBookings: { count: share(SIZES.approved, i), fromDay: 3, toDay: 90 },
      tag: tag('pile'),
    };
    const res = await ok(origin, 'POST', '/api/local-seed/bulk', body);
    say(
      `  bulk seed ${i + 1}/${calls}: ${body.experiences} experiences, ${body.completedBookings.count} completed, ${body.approvedBookings.count} approved in ${(res.ms / 1000).toFixed(1)} s`,
    );
  }
  return (performance.now() - started) / 1000;
}

interface Row {
  name: string;
  unit: string;
  value: number;
  /** What the job's answer said (counts), shown beside the time. */
  detail?: Record<string, unknown>;
}

async function latency(origin: string, name: string, path: string): Promise<Row[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await ok(origin, 'GET', path)).ms);
  times.sort((a, b) => a - b);
  return [
    { name: `${name} median`, unit: 'ms', value: median(times) },
    { name: `${name} p95`, unit: 'ms', value: percentile(times, 95) },
  ];
}

async function measure(stack: LocalStack, origin: string, label: string): Promise<Row[]> {
  say(`[${label}] seeding the work due …`);
  await seedDueWork(origin);
  const rows: Row[] = [];
  for (const job of JOBS) {
    const res = await ok(origin, 'POST', `/api/local-jobs/${job}`);
    const detail = JSON.parse(res.body) as Record<string, unknown>;
    rows.push({ name: `job ${job}`, unit: 'ms', value: res.ms, detail });
    say(`[${label}] ${job}: ${res.ms.toFixed(0)} ms ${JSON.stringify(detail)}`);
  }
  const categories = JSON.parse((await ok(origin, 'GET', '/api/categories')).body) as {
    items: { id: string }[];
  };
  const category = categories.items[0]?.id ?? '';
  if (SETTLE_MS > 0) {
    say(`[${label}] letting the catalogue rest ${SETTLE_MS / 1000} s (the search catch-up's overlap) …`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  }
  rows.push(...(await latency(origin, 'search ?q', `/api/experiences?q=${SEARCH_TERM}`)));
  rows.push(...(await latency(origin, 'category list', `/api/experiences?categories=${category}`)));
  rows.push(
    ...(await latency(origin, 'prefecture list', '/api/experiences?prefecture=Ehime&sort=lowest_price')),
  );
  rows.push(await editToPage(stack, origin));
  say(`[${label}] done`);
  return rows;
}

/** The demo host renames its newest published experience; how long until its guest page shows the new title. */
async function editToPage(stack: LocalStack, origin: string): Promise<Row> {
  const { host } = stack.config.demo;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.config.cognitoEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const signedIn = await signInToPool(cognito, {
    clientId: stack.config.hostPool.clientId,
    email: host.email,
    password: host.password,
  }).finally(() => cognito.destroy());
  const token = signedIn.IdToken!;
  const auth = { authorization: `Bearer ${token}` };
  const mine = JSON.parse((await ok(origin, 'GET', '/api/host/experiences', undefined, auth)).body) as {
    items: { id: string; publicationStatus: string }[];
  };
  const id = mine.items.find((e) => e.publicationStatus === 'public')?.id;
  if (!id) throw new Error('The demo host has no published experience');
  const current = JSON.parse(
    (await ok(origin, 'GET', `/api/host/experiences/${id}`, undefined, auth)).body,
  ) as {
    updatedAt: string;
  };
  const stamp = `Scale bench ${Date.now().toString(36)}`;
  const started = performance.now();
  await ok(
    origin,
    'PATCH',
    `/api/host/experiences/${id}`,
    { expectedUpdatedAt: current.updatedAt, title: stamp },
    auth,
  );
  for (;;) {
    const page = await http(origin, 'GET', `/experience/${id}`);
    const ms = performance.now() - started;
    if (page.status === 200 && page.body.includes(stamp))
      return { name: 'edit → its page', unit: 'ms', value: ms };
    if (ms > PAGE_TIMEOUT_MS) return { name: 'edit → its page', unit: 'ms', value: Number.POSITIVE_INFINITY };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fmt = (v: number | undefined) =>
  v === undefined
    ? '–'
    : Number.isFinite(v)
      ? v >= 100
        ? v.toFixed(0)
        : v.toFixed(1)
      : `> ${PAGE_TIMEOUT_MS / 1000} s`;
const counts = (d: Record<string, unknown> | undefined) =>
  d
    ? Object.entries(d)
        .filter(([, v]) => typeof v === 'number' || typeof v === 'boolean')
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')
    : '';

function report(small: Row[], large: Row[], seedSeconds: number, loads: string[]): string {
  const lines = [
    '# Scale benchmark (`npm run bench:scale`)',
    '',
    machineLine(),
    `Load average (1 min) at start, before large, at end: ${loads.join(' · ')}`,
    '',
    `Large = small + ${SIZES.completed} completed bookings of history, ${SIZES.approved} upcoming approved tours, ${SIZES.experiences} experiences (bulk seed: ${seedSeconds.toFixed(0)} s). Work due at each size: ${DUE} tours ended yesterday, ${DUE} starting tomorrow, ${DUE} completed in the last 3 days. Latencies: ${REQUESTS} sequential requests, after ${SETTLE_MS / 1000} s with no catalogue change.`,
    '',
    '| Row | Small | Large | Large / small | Small: job answer | Large: job answer |',
    '|---|---:|---:|---:|---|---|',
  ];
  for (const s of small) {
    const l = large.find((r) => r.name === s.name);
    const ratio = l && Number.isFinite(l.value) && s.value > 0 ? (l.value / s.value).toFixed(2) : '–';
    lines.push(
      `| ${s.name} (${s.unit}) | ${fmt(s.value)} | ${fmt(l?.value)} | ${ratio} | ${counts(s.detail)} | ${counts(l?.detail)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const quiet = muteConsole();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const webRoot = join(workDir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  let stack: LocalStack | undefined;
  const stopAll = async () => {
    await stack?.stop().catch(() => {});
    stack = undefined;
    rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopAll().finally(() => process.exit(130)));
  }
  try {
    const loads = [loadavg()[0]!.toFixed(1)];
    say(`Starting the local stack in ${workDir} …`);
    stack = await startLocalStack({
      dataDir: join(workDir, 'data'),
      port: 0,
      webRoot,
      persistPayments: false,
      // The bench runs every job itself, when it measures.
      expiryIntervalMs: 24 * 60 * 60_000,
      tourJobsIntervalMs: 24 * 60 * 60_000,
      bookingLimits: RELAXED_BOOKING_LIMITS,
      guestPages: true,
    });
    const origin = `http://127.0.0.1:${stack.port}`;
    await stack.guestPages!.refreshAll();
    say('Warming up …');
    for (let i = 0; i < 5; i++) {
      await ok(origin, 'GET', '/api/experiences');
      await ok(origin, 'GET', `/api/experiences?q=${SEARCH_TERM}`);
    }
    for (const job of JOBS) await ok(origin, 'POST', `/api/local-jobs/${job}`);

    const small = await measure(stack, origin, 'small');
    say(
      `Piling up: ${SIZES.completed} completed, ${SIZES.approved} approved, ${SIZES.experiences} experiences …`,
    );
    const seedSeconds = await pileUp(origin);
    loads.push(loadavg()[0]!.toFixed(1));
    const large = await measure(stack, origin, 'large');
    loads.push(loadavg()[0]!.toFixed(1));

    const text = report(small, large, seedSeconds, loads);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'test-results', 'bench-scale.md'), text);
    const json = {
      at: new Date().toISOString(),
      sizes: { ...SIZES, due: DUE, requests: REQUESTS },
      seedSeconds,
      loadAverages: loads,
      rows: small.map((s) => {
        const l = large.find((r) => r.name === s.name);
        return {
          name: s.name,
          unit: s.unit,
          small: s.value,
          large: l && Number.isFinite(l.value) ? l.value : null,
          ratio: l && Number.isFinite(l.value) && s.value > 0 ? l.value / s.value : null,
          smallAnswer: s.detail ?? null,
          largeAnswer: l?.detail ?? null,
        };
      }),
    };
    writeFileSync(join(REPO_ROOT, 'test-results', 'bench-scale.json'), `${JSON.stringify(json, null, 2)}\n`);
    quiet.restore();
    console.log(`\n${text}\nWritten to test-results/bench-scale.md and bench-scale.json`);
    await stopAll();
    process.exit(0);
  } catch (e) {
    quiet.restore();
    console.error(`Benchmark failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    await stopAll();
    process.exit(1);
  }
}

void main();
