/**
 * `npm run bench:mixed` (issue 20, DESIGN §4f; not a test): 200 concurrent guests for 30 s against the local stack,
 * each browsing as a guest does: the catalogue (newest, by price, by prefecture), an experience's page, its
 * availability for two months, and now and then a booking request for one of the free slots it was shown, on the
 * seeded experiences. Reports p50/p95/p99 per route and every status; a 5xx or a failed connection fails the run
 * (409 for a slot someone else took a moment earlier, and 429, are answers, not failures).
 *
 * `BENCH_GUESTS`, `BENCH_SECONDS` and `BENCH_BOOKING_SHARE` (percent of visits that end in a booking request)
 * override the sizes. Prints a Markdown table and writes it to `test-results/bench-mixed.md`. The stack runs in a
 * temporary folder with its handlers' logs muted, and is removed afterwards.
 */
import { SEED_EXPERIENCES } from '../seed/experiences';
import { envInt, formatStatuses, percentile, say } from './load';
import { bookingRequestBody, machineLine, runBenchOnLocalStack } from './bench-stack';

const GUESTS = envInt('BENCH_GUESTS', 200);
const SECONDS = envInt('BENCH_SECONDS', 30);
const BOOKING_SHARE = envInt('BENCH_BOOKING_SHARE', 25) / 100;

const ROUTES = [
  'GET /api/experiences',
  'GET /api/experiences/{id}',
  'GET /api/experiences/{id}/availability',
  'POST /api/bookings',
] as const;
type Route = (typeof ROUTES)[number];

interface Samples {
  latenciesMs: number[];
  statuses: Record<string, number>;
}

const samples = new Map<Route, Samples>(ROUTES.map((r) => [r, { latenciesMs: [], statuses: {} }]));

await runBenchOnLocalStack('mixed', 'bench-mixed.md', async (_stack, origin) => {
  const published = SEED_EXPERIENCES.filter((e) => e.publicationStatus === 'public').map((e) => e.id);
  const today = new Date().toISOString().slice(0, 10);
  const inTwoMonths = new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10);
  const catalogues = ['', '?sort=lowest_price', '?prefecture=Ehime', '?sort=newest&limit=12'];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

  async function timed(route: Route, path: string, init?: RequestInit): Promise<unknown> {
    const started = performance.now();
    let status = 'error';
    let body: unknown;
    try {
      const res = await fetch(`${origin}${path}`, init);
      status = String(res.status);
      body = res.ok ? await res.json() : await res.arrayBuffer();
    } finally {
      const s = samples.get(route)!;
      s.latenciesMs.push(performance.now() - started);
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    }
    return status.startsWith('2') ? body : undefined;
  }

  /** One guest's visit: the catalogue, a page, its calendar, and sometimes a booking request. */
  async function visit(): Promise<void> {
    await timed('GET /api/experiences', `/api/experiences${pick(catalogues)}`);
    const id = pick(published);
    await timed('GET /api/experiences/{id}', `/api/experiences/${id}`);
    const availability = (await timed(
      'GET /api/experiences/{id}/availability',
      `/api/experiences/${id}/availability?from=${today}&to=${inTwoMonths}`,
    )) as { dates?: Record<string, string[]> } | undefined;
    if (Math.random() >= BOOKING_SHARE || !availability?.dates) return;
    const free = Object.entries(availability.dates).flatMap(([date, times]) =>
      times.map((time) => ({ date, time })),
    );
    if (free.length === 0) return;
    const slot = pick(free);
    const seeded = SEED_EXPERIENCES.find((e) => e.id === id)!;
    await timed('POST /api/bookings', '/api/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bookingRequestBody(
        { experienceId: id, ...slot },
        { guests: seeded.participantsMin, language: Math.random() < 0.5 ? 'en' : 'ja' },
      ),
    });
  }

  // One warm-up visit per route (module loading, connection pools), not measured.
  await visit();
  for (const s of samples.values()) Object.assign(s, { latenciesMs: [], statuses: {} });

  say(`Mixed load: ${GUESTS} concurrent guests for ${SECONDS} s …`);
  const stopAt = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: GUESTS }, async () => {
      while (performance.now() < stopAt) await visit().catch(() => {});
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;

  const rows = ROUTES.map((route) => {
    const s = samples.get(route)!;
    const sorted = [...s.latenciesMs].sort((a, b) => a - b);
    return { route, sorted, statuses: s.statuses };
  });
  const all = rows.flatMap((r) => r.sorted).sort((a, b) => a - b);
  const failures = rows.reduce(
    (n, r) =>
      n +
      Object.entries(r.statuses)
        .filter(([status]) => status === 'error' || status.startsWith('5'))
        .reduce((m, [, count]) => m + count, 0),
    0,
  );
  const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms.toFixed(0));
  const lines = [
    `# Mixed load (local stack)`,
    '',
    machineLine(),
    '',
    `${GUESTS} concurrent guests for ${elapsedS.toFixed(1)} s; each visit: catalogue → experience → availability (2 months) → a booking request in ${Math.round(BOOKING_SHARE * 100)} % of visits, for a slot the guest was shown free.`,
    '',
    '| Route | Requests | p50 ms | p95 ms | p99 ms | Max ms | Statuses |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ({ route, sorted, statuses }) =>
        `| \`${route}\` | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1) ?? NaN)} | ${formatStatuses(statuses)} |`,
    ),
    `| all | ${all.length} (${(all.length / elapsedS).toFixed(0)} req/s) | ${fmt(percentile(all, 50))} | ${fmt(percentile(all, 95))} | ${fmt(percentile(all, 99))} | ${fmt(all.at(-1) ?? NaN)} | ${failures === 0 ? 'no 5xx, no failed connection' : `**${failures} 5xx or failed connections**`} |`,
    '',
  ];
  return { report: lines.join('\n'), ok: failures === 0 };
});
