/**
 * The admin booking search on DynamoDB Local (a benchmark, not a test): how long each kind of search takes over N
 * requests, and what one bounded text-search request reads. Run with `npx tsx scripts/bench/admin-search.ts`.
 *
 * Writes N bookings (BENCH_BOOKINGS, default 10,000) of 40 hosts straight into a fresh DynamoDB Local table with
 * their list keys (as a payment-confirmed request has them), then times, through the admin use case with the real
 * repositories (median of BENCH_REPETITIONS runs, default 5):
 *   the first page of the list; a reference; a guest's e-mail; a text search matching nothing (one request reads
 *   its whole budget, TEXT_SEARCH_MAX_READ bookings); a text search matching a host name (stops at the page);
 *   every page of a rare text (N / budget requests); and the CSV export of one status.
 * Prints a Markdown table and writes it to `test-results/bench-admin-search.md`. Bounded and self-stopping.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listingKeys } from '../../functions/adapters/dynamodb/booking-repository';
import { toItem } from '../../functions/adapters/dynamodb/items';
import { itemTypes, keys } from '../../functions/adapters/dynamodb/keys';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import type { Booking, BookingStatus, Host } from '../../functions/domain/entities';
import { adminBookingsQuery } from '../../functions/domain/schemas/admin';
import {
  TEXT_SEARCH_MAX_READ,
  makeAdminBookings,
} from '../../functions/use-cases/back-office/admin-bookings';
import type { BookingDecisions } from '../../functions/use-cases/back-office/booking-decisions';
import {
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  ensureTable,
  localClient,
  startDynamoDbLocal,
} from '../local/dynamodb-local';
import { REPO_ROOT } from '../local/stack';

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const BOOKINGS = envInt('BENCH_BOOKINGS', 10_000);
const REPETITIONS = envInt('BENCH_REPETITIONS', 5);
const HOSTS = 40;
const TABLE = 'bench-admin-search';
const STATUSES: BookingStatus[] = [
  'pending',
  'approved',
  'approved',
  'approved',
  'denied',
  'expired',
  'completed',
];
const FIRST_NAMES = ['Emma', 'Liam', 'Hanako', 'Taro', 'Chen', 'Min-jun', 'Sofia', 'Noah', 'Yui', 'Lucas'];
const LAST_NAMES = ['Stone', 'Smith', 'Tanaka', 'Suzuki', 'Wang', 'Kim', 'Rossi', 'Brown', 'Sato', 'Martin'];
const TITLES = [
  'Dogo onsen walk',
  'Shimanami cycling',
  'Uchiko washi workshop',
  'Tea ceremony',
  'Mikan picking',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function writeAll(doc: DynamoDBDocumentClient, items: Record<string, unknown>[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
          pending = (out.UnprocessedItems?.[TABLE] ?? []) as typeof pending;
        }
      }
    }),
  );
}

async function main() {
  const dynamo = await startDynamoDbLocal();
  const client = localClient(dynamo.endpoint);
  const doc = createDocumentClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await ensureTable(client, TABLE);
    const repos = createDynamoRepositories({ doc, tableName: TABLE });
    const hosts: Host[] = Array.from({ length: HOSTS }, (_, i) => ({
      id: randomUUID(),
      email: `host-${i}@example.com`,
      businessName: `Host company ${String(i).padStart(2, '0')}`,
      introduction: null,
      businessDescription: null,
      businessHours: null,
      address: null,
      phone: null,
      website: null,
      locationLat: null,
      locationLng: null,
      languages: ['japanese'],
      cancellationPolicy: null,
      avatarUrl: null,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    }));
    for (const host of hosts) await repos.hosts.create(host);

    const started = performance.now();
    const bookings: Booking[] = Array.from({ length: BOOKINGS }, (_, i) => {
      const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const host = hosts[i % HOSTS]!;
      return {
        id: randomUUID(),
        reference: i.toString(36).toUpperCase().padStart(6, '0'),
        experienceId: `exp-${i % 200}`,
        hostId: host.id,
        date: '2025-06-01',
        time: '10:00',
        guests: 2,
        language: 'en',
        firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
        lastName: i === 7 ? 'Needlewood' : LAST_NAMES[Math.floor(i / 10) % LAST_NAMES.length]!,
        email: `guest-${i % 3000}@example.com`,
        phone: '+81 90 0000 0000',
        nationality: 'Japan',
        specialRequests: i % 5 === 0 ? 'Vegetarian lunch, please' : null,
        unitPrice: 8000,
        amount: 16000,
        currency: 'JPY',
        status: STATUSES[i % STATUSES.length]!,
        paymentProvider: 'local',
        paymentIntentId: `pi_${i}`,
        deadline: null,
        deniedMessage: null,
        guestLocale: 'en',
        experienceTitle: TITLES[i % TITLES.length]!,
        decidedBy: null,
        decidedAt: null,
        reminderSentAt: null,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await writeAll(
      doc,
      bookings.flatMap((b) => [
        toItem(b, { ...keys.booking(b.id), type: itemTypes.booking, ...listingKeys(b) }),
        { ...keys.bookingReference(b.reference), type: itemTypes.bookingReference, bookingId: b.id },
      ]),
    );
    const seedSeconds = (performance.now() - started) / 1000;

    const decisions = {} as BookingDecisions;
    const admin = makeAdminBookings({ ...repos, decisions, clock: () => new Date() });
    const list = (query: Record<string, string>) => admin.list(adminBookingsQuery.parse(query));
    const rows: string[] = [];
    async function measure(name: string, run: () => Promise<string>) {
      const times: number[] = [];
      let note = '';
      for (let i = 0; i < REPETITIONS; i++) {
        const t = performance.now();
        note = await run();
        times.push(performance.now() - t);
      }
      rows.push(`| ${name} | ${Math.round(median(times))} | ${note} |`);
      console.log(`${name}: ${Math.round(median(times))} ms (${note})`);
    }

    await measure('list, first page (50)', async () => `${(await list({})).items.length} items`);
    await measure(
      'reference (by key)',
      async () => `${(await list({ q: bookings[4321 % BOOKINGS]!.reference })).items.length} item`,
    );
    await measure(
      'guest e-mail (GSI7)',
      async () => `${(await list({ q: 'guest-42@example.com' })).items.length} items`,
    );
    await measure('text, no match: one request', async () => {
      const page = await list({ q: 'kyoto' });
      return `${page.scanned} read, ${page.items.length} found, cursor ${page.cursor ? 'yes' : 'no'}`;
    });
    await measure('text, host name: first page (50)', async () => {
      const page = await list({ q: 'host company 07' });
      return `${page.scanned} read, ${page.items.length} found`;
    });
    await measure(`text, rare: every page to the oldest booking`, async () => {
      let cursor: string | undefined;
      let requests = 0;
      let found = 0;
      do {
        const page = await list({ q: 'needlewood', ...(cursor ? { cursor } : {}) });
        requests++;
        found += page.items.length;
        cursor = page.cursor;
      } while (cursor);
      return `${requests} requests of ≤ ${TEXT_SEARCH_MAX_READ} read, ${found} found`;
    });
    await measure('CSV export, status denied', async () => {
      const out = await admin.exportCsv({ status: 'denied' });
      return `${out.rows} rows, ${(Buffer.byteLength(out.csv) / 1024).toFixed(0)} KB`;
    });

    const report = [
      `Admin booking search on DynamoDB Local (${BOOKINGS.toLocaleString('en-US')} requests of ${HOSTS} hosts, ` +
        `median of ${REPETITIONS}, ${cpus().length} cores, seeded in ${seedSeconds.toFixed(0)} s)`,
      '',
      '| Search | ms | What it did |',
      '| --- | ---: | --- |',
      ...rows,
      '',
    ].join('\n');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'test-results', 'bench-admin-search.md'), report);
    console.log(`\n${report}\nWritten to test-results/bench-admin-search.md`);
  } finally {
    doc.destroy();
    client.destroy();
    await dynamo.stop();
  }
}

await main();
