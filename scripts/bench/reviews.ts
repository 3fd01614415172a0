/**
 * `npm run bench:reviews` (issue 18): what the reviews cost on DynamoDB Local, in the local stack.
 *
 * - The invitation job: BENCH_REVIEW_BOOKINGS (default 1,000) completed tours of the last 25 days (all due for an
 *   invitation) written into a fresh table, then one run of the job through its use case with the real DynamoDB
 *   repositories: each invitation is its own conditional transaction (link, scheduled-mail record, outbox mail).
 *   The mails are only queued, as in AWS, where the table's stream hands them to the sender. The median of
 *   BENCH_REVIEW_RUNS (default 3) runs, each on a fresh table.
 * - The public list: BENCH_REVIEWS (default 50) reviews on one seeded experience that has none, then
 *   BENCH_REVIEW_REQUESTS (default 200) `GET /api/experiences/{id}/reviews` through the local HTTP server, one at a
 *   time, walking the pages (the first page and the ones its cursors lead to, in turn): p50/p95 per request.
 *
 * Prints a Markdown table and writes it to `test-results/bench-reviews.md`. Bounded and self-stopping.
 */
import { randomUUID } from 'node:crypto';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { addDays, todayInTokyo } from '../../functions/domain/calendar';
import type { Booking, Experience } from '../../functions/domain/entities';
import { newReview } from '../../functions/domain/reviews';
import { newReviewToken } from '../../functions/use-cases/review-tokens';
import {
  makeSendReviewInvites,
  type SendReviewInvitesResult,
} from '../../functions/use-cases/send-review-invites';
import { LOCAL_CREDENTIALS, ensureTable, localClient } from '../local/dynamodb-local';
import { SEED_EXPERIENCES } from '../seed/experiences';
import { machineLine, runBenchOnLocalStack } from './bench-stack';
import { envInt, median, percentile, say } from './load';

const BOOKINGS = envInt('BENCH_REVIEW_BOOKINGS', 1_000);
const RUNS = envInt('BENCH_REVIEW_RUNS', 3);
const REVIEWS = envInt('BENCH_REVIEWS', 50);
const REQUESTS = envInt('BENCH_REVIEW_REQUESTS', 200);
/** Tours spread over this many past days (the links are valid 30 days after the tour). */
const TOUR_DAYS = 25;
const WRITERS = 8;

const fmt = (ms: number) => ms.toFixed(1);

/** A completed tour of `experience` on `date` (as the completion job leaves it). */
function completedBooking(experience: Experience, date: string, i: number, now: Date): Booking {
  const at = new Date(now.getTime() - (TOUR_DAYS + 5) * 86_400_000 + i * 1000).toISOString();
  return {
    id: randomUUID(),
    reference: `RV${i.toString(36).toUpperCase().padStart(6, '0')}`,
    experienceId: experience.id,
    hostId: experience.hostId,
    date,
    time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
    guests: 2,
    language: i % 3 === 0 ? 'ja' : 'en',
    firstName: i % 3 === 0 ? '花子' : 'Emma',
    lastName: i % 3 === 0 ? '山田' : `Stone${i}`,
    email: `bench.review.${i}.${randomUUID().slice(0, 6)}@example.com`,
    phone: '+81 90 0000 0000',
    nationality: i % 3 === 0 ? 'Japan' : 'United Kingdom',
    specialRequests: null,
    unitPrice: experience.price,
    amount: experience.price * 2,
    currency: 'JPY',
    status: 'completed',
    paymentProvider: null,
    paymentIntentId: null,
    deadline: null,
    deniedMessage: null,
    guestLocale: i % 3 === 0 ? 'ja' : 'en',
    experienceTitle: experience.title,
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Runs `work(0..count-1)` on a few writers at once. */
async function inParallel(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function writeCompletedTours(repos: DynamoRepositories, experience: Experience, count: number) {
  const now = new Date();
  const today = todayInTokyo(now);
  const bookings: Booking[] = [];
  await inParallel(count, async (i) => {
    const booking = completedBooking(experience, addDays(today, -1 - (i % TOUR_DAYS)), i, now);
    // A capacity far above the guests: the bench writes many tours into each past slot.
    await repos.bookings.createWithSlotHold(booking, 100_000);
    bookings.push(booking);
  });
  return bookings;
}

await runBenchOnLocalStack('reviews', 'bench-reviews.md', async (stack, origin) => {
  const dynamo = localClient(stack.config.dynamodbEndpoint);
  const doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  const stackRepos = createDynamoRepositories({ doc, tableName: stack.config.tableName });

  // The seeded public experiences; the list goes on the first one without reviews.
  const seeded: Experience[] = [];
  for (const seed of SEED_EXPERIENCES.filter((e) => e.publicationStatus === 'public')) {
    const found = await stackRepos.experiences.get(seed.id);
    if (found) seeded.push(found);
  }
  const reviewCount = async (id: string) => {
    const res = await fetch(`${origin}/api/experiences/${id}/reviews`);
    return ((await res.json()) as { summary: { count: number } }).summary.count;
  };
  let target: Experience | undefined;
  for (const experience of seeded) {
    if ((await reviewCount(experience.id)) === 0) {
      target = experience;
      break;
    }
  }
  if (!target) throw new Error('Every seeded experience has reviews already');

  // 1. The invitation job, each run on a fresh table.
  const jobMs: number[] = [];
  let lastResult: SendReviewInvitesResult | undefined;
  for (let run = 0; run < RUNS; run++) {
    const tableName = `bench-review-invites-${run}-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo, tableName);
    const repos = createDynamoRepositories({ doc, tableName });
    await repos.experiences.create(target, []);
    say(`Run ${run + 1}/${RUNS}: writing ${BOOKINGS} completed tours into ${tableName} …`);
    await writeCompletedTours(repos, target, BOOKINGS);
    let queued = 0;
    const job = makeSendReviewInvites({
      due: repos.due,
      experiences: repos.experiences,
      reviews: repos.reviews,
      notifications: {
        queued: async (ids) => {
          queued += ids.length;
        },
      },
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      clock: () => new Date(),
      newId: randomUUID,
      newToken: newReviewToken,
      baseUrl: origin,
      siteName: 'Ehime Experiences',
    });
    const started = performance.now();
    lastResult = await job();
    jobMs.push(performance.now() - started);
    if (lastResult.invites !== BOOKINGS || queued !== BOOKINGS) {
      throw new Error(
        `Expected ${BOOKINGS} invitations, got ${JSON.stringify(lastResult)} (${queued} queued)`,
      );
    }
    say(`  ${lastResult.invites} invitations in ${fmt(jobMs.at(-1)!)} ms`);
  }

  // 2. The public list of one experience with REVIEWS reviews.
  say(`Writing ${REVIEWS} reviews on "${target.title}" …`);
  const tours = await writeCompletedTours(stackRepos, target, REVIEWS);
  const now = new Date().toISOString();
  await inParallel(tours.length, async (i) => {
    const booking = tours[i]!;
    await stackRepos.reviews.create(
      newReview(booking, {
        id: randomUUID(),
        rating: 1 + (i % 5),
        text: `Review ${i}: a fine morning with a guide who knew every corner. `.repeat(3),
        at: now,
      }),
    );
  });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let cursor: string | undefined;
  let pageItems = 0;
  let pages = 0;
  let pagesPerWalk = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const path = `/api/experiences/${target.id}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const started = performance.now();
    const res = await fetch(`${origin}${path}`);
    const body = (await res.json()) as { items: unknown[]; cursor?: string; summary: { count: number } };
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (!cursor) {
      pages = 0;
      if (body.summary.count !== REVIEWS) throw new Error(`Summary counts ${body.summary.count} reviews`);
    }
    pages++;
    pagesPerWalk = Math.max(pagesPerWalk, pages);
    pageItems = Math.max(pageItems, body.items.length);
    cursor = body.cursor;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const ok = Object.keys(statuses).every((s) => s === '200');

  const report = [
    `# Reviews bench`,
    '',
    machineLine(),
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| Invitation job, ${BOOKINGS} completed tours due (median of ${RUNS} runs, fresh table each) | ${fmt(median(jobMs))} ms (runs: ${jobMs.map(fmt).join(', ')} ms; ${(median(jobMs) / BOOKINGS).toFixed(2)} ms per invitation) |`,
    `| \`GET /api/experiences/{id}/reviews\`, ${REVIEWS} reviews, ${REQUESTS} requests walking ${pagesPerWalk} pages of up to ${pageItems} | p50 ${fmt(percentile(sorted, 50))} ms · p95 ${fmt(percentile(sorted, 95))} ms · max ${fmt(sorted.at(-1)!)} ms · statuses ${JSON.stringify(statuses)} |`,
    '',
  ].join('\n');
  return { report, ok };
});
