/**
 * `npm run bench` (DESIGN §8; not a test): the guest API through the local server, on this machine, loopback only.
 *
 * 1. Contention: 500 concurrent `POST /api/bookings` for one slot of capacity 1 (and one of capacity 3): the slot
 *    must end exactly full, at most the capacity may succeed, and every other request must get 409, or 503 with
 *    `Retry-After` when DynamoDB Local (one transaction at a time) keeps it waiting past the client's bound
 *    (`CALL_LIMITS.dynamodb`, DESIGN §4f): the server sheds that load rather than keep guests waiting 10 s. A hold
 *    whose answer was a 503 but whose write went through lapses at its 15-minute deadline. Reports the status
 *    counts and the time.
 * 2. Latency: p50/p95 of `GET /api/experiences`, `GET /api/experiences/{id}`, `GET …/{id}/availability` and
 *    `POST /api/bookings` (each request for another free slot, so it succeeds or cleanly gets 409) at concurrency
 *    50, 1,000 requests per route (BENCH_REQUESTS), the median of 3 repetitions.
 *
 * Under `npm run bench` it first runs the Lambda bundle benchmark (`scripts/bench/bundles.ts`, its own process).
 *
 * Prints a Markdown table and writes it to `test-results/bench-api.md`. Bounded and self-stopping; the stack runs
 * in a temporary folder and is removed afterwards. `BENCH_REQUESTS`, `BENCH_REPETITIONS`, `BENCH_CONCURRENCY` and
 * `BENCH_CONTENTION` override the sizes.
 *
 * The handlers' JSON log lines are muted while measuring (thousands of lines would mostly measure the terminal).
 * The local gateway keeps its intents in memory here (see `persistPayments`); in AWS the Stripe call dominates
 * booking creation instead, so the create figure is the server's own share, not the guest's wait.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import type { Experience } from '../../functions/domain/entities';
import { LOCAL_CREDENTIALS } from '../local/dynamodb-local';
import { REPO_ROOT } from '../local/stack';
import { SEED_EXPERIENCES } from '../seed/experiences';
import { envInt, formatStatuses, median, percentile, runLoad, say, type LoadResult } from './load';
import { bookingRequestBody, machineLine, runBenchOnLocalStack } from './bench-stack';

// 1,000 rather than 2,000: on a 2-core machine DynamoDB Local serves ~50–100 requests a second, so this keeps
// the whole run near five minutes; BENCH_REQUESTS=2000 for the longer run.
const REQUESTS = envInt('BENCH_REQUESTS', 1000);
const REPETITIONS = envInt('BENCH_REPETITIONS', 3);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 50);
const CONTENTION = envInt('BENCH_CONTENTION', 500);

interface Slot {
  experienceId: string;
  date: string;
  time: string;
}

// `npm run bench` also measures the Lambda bundles (scripts/bench/bundles.ts), first and in a process of its own:
// it synthesises the CDK app, which has nothing to share with the stack below. `npm run bench:api` skips it.
if (process.env.npm_lifecycle_event === 'bench') {
  const bundles = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'scripts/bench/bundles.ts')],
    {
      stdio: 'inherit',
    },
  );
  if (bundles.status !== 0) process.exitCode = 1;
}

await runBenchOnLocalStack('api', 'bench-api.md', async (stack, origin) => {
  const doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  const repo = createDynamoRepositories({ doc, tableName: stack.config.tableName });
  const template = (await repo.experiences.get(
    SEED_EXPERIENCES.find((e) => e.publicationStatus === 'public')!.id,
  ))!;

  async function newExperience(capacity: number, allDay: boolean): Promise<Experience> {
    const now = new Date().toISOString();
    const experience: Experience = {
      ...template,
      id: randomUUID(),
      title: `Bench ${capacity}`,
      participantsMin: 1,
      participantsMax: 6,
      availability: {
        defaultHours: { start: '09:00', end: '17:00' },
        allDay,
        regularHolidays: [],
        capacity,
      },
      createdAt: now,
      updatedAt: now,
    };
    await repo.experiences.create(experience, []);
    return experience;
  }

  async function freeSlots(experienceId: string): Promise<Slot[]> {
    const res = await fetch(
      `${origin}/api/experiences/${experienceId}/availability?from=2000-01-01&to=2100-01-01`,
    );
    const body = (await res.json()) as { dates: Record<string, string[]> };
    return Object.entries(body.dates).flatMap(([date, times]) =>
      times.map((time) => ({ experienceId, date, time })),
    );
  }

  const postBooking = async (slot: Slot) => {
    const res = await fetch(`${origin}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bookingRequestBody(slot),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const get = async (path: string) => {
    const res = await fetch(`${origin}${path}`);
    await res.arrayBuffer();
    return res.status;
  };

  // ------------------------------------------------------------------------------------------------------------
  // 1. Contention
  const contention: { capacity: number; result: LoadResult; ok: boolean }[] = [];
  for (const capacity of [1, 3]) {
    const experience = await newExperience(capacity, false);
    const [slot] = await freeSlots(experience.id);
    say(`Contention: ${CONTENTION} concurrent bookings for one slot of capacity ${capacity} …`);
    const result = await runLoad({
      requests: CONTENTION,
      concurrency: CONTENTION,
      send: () => postBooking(slot!),
    });
    const stored = (await repo.slots.listStates(experience.id, slot!.date, slot!.date)).find(
      (s) => s.time === slot!.time,
    );
    const ok =
      (result.statuses['201'] ?? 0) <= capacity &&
      Object.keys(result.statuses).every((status) => ['201', '409', '503'].includes(status)) &&
      stored?.booked === capacity;
    contention.push({ capacity, result, ok });
  }

  // ------------------------------------------------------------------------------------------------------------
  // 2. Latency
  const published = SEED_EXPERIENCES.filter((e) => e.publicationStatus === 'public').map((e) => e.id);
  const bookable: Slot[] = [];
  while (bookable.length < REQUESTS * REPETITIONS)
    bookable.push(...(await freeSlots((await newExperience(1, true)).id)));
  let nextSlot = 0;
  const today = new Date().toISOString().slice(0, 10);
  const inTwoMonths = new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10);

  const scenarios: { name: string; send: (i: number) => Promise<number> }[] = [
    { name: 'GET /api/experiences', send: () => get('/api/experiences') },
    {
      name: 'GET /api/experiences/{id}',
      send: (i) => get(`/api/experiences/${published[i % published.length]}`),
    },
    {
      name: 'GET /api/experiences/{id}/availability',
      send: (i) =>
        get(
          `/api/experiences/${published[i % published.length]}/availability?from=${today}&to=${inTwoMonths}`,
        ),
    },
    { name: 'POST /api/bookings', send: () => postBooking(bookable[nextSlot++]!) },
  ];
  const latency: { name: string; runs: LoadResult[] }[] = [];
  for (const scenario of scenarios) {
    const runs: LoadResult[] = [];
    // One short warm-up (module loading, connection pools) that is not measured.
    await runLoad({
      requests: 50,
      concurrency: 10,
      send: scenario.name.startsWith('POST') ? () => get('/api/health') : scenario.send,
    });
    for (let r = 0; r < REPETITIONS; r++) {
      say(
        `Latency: ${scenario.name}, run ${r + 1}/${REPETITIONS} (${REQUESTS} requests, concurrency ${CONCURRENCY}) …`,
      );
      runs.push(await runLoad({ requests: REQUESTS, concurrency: CONCURRENCY, send: scenario.send }));
    }
    latency.push({ name: scenario.name, runs });
  }
  doc.destroy();

  // ------------------------------------------------------------------------------------------------------------
  // Report
  const fmt = (ms: number) => ms.toFixed(1);
  const lines = [
    `# Guest API benchmark (local stack)`,
    '',
    machineLine(),
    '',
    `## Contention: ${CONTENTION} concurrent \`POST /api/bookings\` for one slot`,
    '',
    '| Slot capacity | Succeeded (201) | Statuses | Total time | Full, never over? |',
    '|---:|---:|---|---:|:---:|',
    ...contention.map(
      ({ capacity, result, ok }) =>
        `| ${capacity} | ${result.statuses['201'] ?? 0} | ${formatStatuses(result.statuses)} | ${(result.totalMs / 1000).toFixed(2)} s | ${ok ? 'yes' : '**NO**'} |`,
    ),
    '',
    `## Latency: ${REQUESTS} requests per run at concurrency ${CONCURRENCY}, median of ${REPETITIONS} runs`,
    '',
    '| Route | p50 ms | p95 ms | Throughput req/s | Statuses (all runs) |',
    '|---|---:|---:|---:|---|',
    ...latency.map(({ name, runs }) => {
      const statuses: Record<string, number> = {};
      for (const run of runs)
        for (const [s, n] of Object.entries(run.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
      const p50 = median(runs.map((r) => percentile(r.latenciesMs, 50)));
      const p95 = median(runs.map((r) => percentile(r.latenciesMs, 95)));
      const rps = median(runs.map((r) => (r.requests / r.totalMs) * 1000));
      return `| \`${name}\` | ${fmt(p50)} | ${fmt(p95)} | ${rps.toFixed(0)} | ${formatStatuses(statuses)} |`;
    }),
    '',
  ];
  return { report: lines.join('\n'), ok: contention.every((c) => c.ok) };
});
