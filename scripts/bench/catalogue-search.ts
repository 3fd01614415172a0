/**
 * The catalogue's search index at 50 and at 50,000 experiences (issue 33 item 3; a benchmark, not a test). Run
 * under the e2e lock: `flock -w 5400 /tmp/ehime-e2e.lock npx tsx scripts/bench/catalogue-search.ts`.
 *
 * For each size (BENCH_SIZES, default `50,50000`) it makes synthetic published experiences (titles, summaries and
 * places in the catalogue's mix of English and Japanese, 47 prefectures, the municipalities place-names.ts knows,
 * 1–2 of 9 categories) and measures:
 *   - the index alone: build, its JSON and gzipped size (the S3 snapshot), load from the snapshot, and a query
 *     (median over a mix of English, Japanese, Korean and CJK-substring queries, with and without filters);
 *   - through the use case on DynamoDB Local (cards and search entries written straight to a fresh table as the
 *     repository writes them): a cold start from the snapshot plus catch-up, a cold start from the change feed
 *     alone (no snapshot), and `GET /api/experiences?q=` as the public function answers it (the catch-up Query,
 *     the index, one BatchGet of the page's cards), median of BENCH_REPETITIONS (default 7) per query.
 * `BENCH_DYNAMO=0` measures the index alone. Prints a Markdown table and writes it to `test-results/bench-catalogue-search.md`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { toItem } from '../../functions/adapters/dynamodb/items';
import { itemTypes, keys } from '../../functions/adapters/dynamodb/keys';
import { DynamoExperienceRepository } from '../../functions/adapters/dynamodb/experience-repository';
import { createDocumentClient } from '../../functions/adapters/dynamodb/repositories';
import { CatalogueIndex, type SearchEntry } from '../../functions/domain/catalogue-search';
import { prefectures } from '../../functions/domain/prefectures';
import { listExperiencesQuery } from '../../functions/domain/schemas/catalogue';
import { makeCatalogueSearchIndex } from '../../functions/use-cases/catalogue-index';
import type { CatalogueIndexStore } from '../../functions/use-cases/catalogue-search-ports';
import { makeListExperiences } from '../../functions/use-cases/list-experiences';
import {
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  ensureTable,
  localClient,
  startDynamoDbLocal,
} from '../local/dynamodb-local';
import { REPO_ROOT } from '../local/stack';

const SIZES = (process.env.BENCH_SIZES ?? '50,50000').split(',').map(Number);
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 7);

const CATEGORIES: [string, string][] = [
  ['nature', 'Nature'],
  ['culture', 'History & Traditional Culture'],
  ['wellness', 'Wellness'],
  ['locals', 'Interaction with Locals'],
  ['industry', 'Industrial Tourism'],
  ['gourmet', 'Gourmet & Gastronomy'],
  ['anniversary', 'Anniversary'],
  ['special', 'Other Special Experiences'],
  ['groups', 'For Corporations & Groups'],
];
const CITIES = [
  '松山市',
  '今治市',
  '宇和島市',
  '内子町',
  'Matsuyama',
  'Uwajima',
  '京都市',
  '琴平町',
  '大洲市',
  '西条市',
];
const WORDS_EN = [
  'castle',
  'onsen',
  'walk',
  'cycling',
  'tea',
  'sake',
  'towel',
  'pottery',
  'citrus',
  'island',
  'shrine',
  'temple',
  'kayak',
  'sunset',
  'market',
  'noodle',
  'indigo',
  'festival',
  'garden',
  'harbor',
];
const WORDS_JA = [
  '道後温泉',
  '城下町',
  'しまなみ海道',
  '砥部焼',
  'みかん狩り',
  '俳句',
  '和紙',
  '真珠',
  '鯛めし',
  '町並み',
  '朝市',
  '坊っちゃん',
  '伊予絣',
  '石鎚山',
  '内子座',
];

/** A small deterministic generator, so both sizes and every run see the same catalogue. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function entries(n: number): SearchEntry[] {
  const r = random(33);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const ehime = r() < 0.4;
    const categories = [pick(CATEGORIES)[0], ...(r() < 0.5 ? [pick(CATEGORIES)[0]] : [])];
    return {
      id: `bench-${String(i).padStart(6, '0')}`,
      published: true,
      changedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      hostId: `host-${i % 5000}`,
      title: `${pick(WORDS_JA)} ${pick(WORDS_EN)} ${pick(WORDS_EN)} tour ${i}`,
      summary:
        `${pick(WORDS_JA)}を歩いて${pick(WORDS_JA)}へ。 A ${pick(WORDS_EN)} and ${pick(WORDS_EN)} day with a local guide, ${pick(WORDS_EN)} included.`.slice(
          0,
          125,
        ),
      prefecture: ehime ? 'Ehime' : pick(prefectures).name,
      city: ehime ? pick(CITIES.slice(0, 6)) : pick(CITIES),
      categoryIds: [...new Set(categories)],
      price: 1000 + Math.floor(r() * 60) * 500,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 600_000).toISOString(),
    };
  });
}

const QUERIES: { q: string; more?: Record<string, string> }[] = [
  { q: 'Matsuyama' },
  { q: '松山' },
  { q: '마쓰야마' },
  { q: '温泉' },
  { q: 'castle walk' },
  { q: 'sake', more: { sort: 'lowest_price' } },
  { q: '自然', more: { prefecture: 'Ehime' } },
  { q: 'kayak sunset', more: { categories: 'nature,gourmet' } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (work: () => unknown): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const mb = (bytes: number) =>
  bytes > 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;

async function writeTable(doc: DynamoDBDocumentClient, table: string, all: SearchEntry[]) {
  const items = all.flatMap((e) => {
    const card = {
      id: e.id,
      hostId: e.hostId,
      title: e.title,
      description: e.summary,
      price: e.price,
      image: '/placeholder.jpg',
      prefecture: e.prefecture,
      city: e.city,
      tags: [],
      durationMinutes: 120,
      createdAt: e.createdAt,
    };
    return [
      toItem(card, { ...keys.card(e.id), type: itemTypes.card, ...keys.cardIndexes(card) }),
      toItem(e, {
        ...keys.searchEntry(e.id),
        type: itemTypes.searchEntry,
        ...keys.searchChangeIndex(e.changedAt, e.id),
      }),
    ];
  });
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          pending = (out.UnprocessedItems?.[table] ?? []) as typeof pending;
        }
      }
    }),
  );
}

function memoryStore(): CatalogueIndexStore & { bytes: number } {
  let stored: { body: Buffer; etag: string } | null = null;
  return {
    bytes: 0,
    async load() {
      return stored ? { body: gunzipSync(stored.body).toString('utf8'), etag: stored.etag } : null;
    },
    async save(body, expected) {
      if ((stored?.etag ?? null) !== expected) return 'conflict';
      stored = { body: gzipSync(body), etag: String(Date.now()) };
      this.bytes = stored.body.length;
      return 'saved';
    },
  };
}

async function main() {
  const dynamo = await startDynamoDbLocal();
  const client = localClient(dynamo.endpoint);
  const doc = createDocumentClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const rows: string[] = [];
  try {
    for (const size of SIZES) {
      const all = entries(size);
      const names = new Map(CATEGORIES);
      // The index alone.
      let index = CatalogueIndex.empty();
      const build = await time(() => index.apply(all, names));
      const json = index.toJSON();
      const gzipped = gzipSync(json).length;
      const loads: number[] = [];
      for (let i = 0; i < 5; i++) loads.push(await time(() => (index = CatalogueIndex.fromJSON(json))));
      const queries: number[] = [];
      let matches = 0;
      for (let i = 0; i < REPETITIONS; i++)
        for (const { q, more } of QUERIES)
          queries.push(
            await time(() => {
              const page = index.search({
                q,
                sort: (more?.sort as 'lowest_price') ?? 'newest',
                limit: 20,
                ...(more?.prefecture ? { prefecture: more.prefecture } : {}),
                ...(more?.categories ? { categoryIds: more.categories.split(',') } : {}),
              });
              if (i === 0) matches += page.items.length;
            }),
          );

      if (process.env.BENCH_DYNAMO === '0') {
        rows.push(
          `| ${size.toLocaleString('en')} | ${ms(build)} | ${mb(json.length)} / ${mb(gzipped)} | ${ms(median(loads))} | ` +
            `${ms(median(queries))} | ${matches} | – | – | – | – |`,
        );
        console.log(rows.at(-1));
        continue;
      }
      // Through the use case on DynamoDB Local.
      const table = `bench-search-${size}`;
      await ensureTable(client, table);
      const writing = await time(() => writeTable(doc, table, all));
      const experiences = new DynamoExperienceRepository(doc, table);
      const categories = {
        listActive: async () => CATEGORIES.map(([id, name]) => ({ id, name, isActive: true })),
      };
      const store = memoryStore();
      await store.save(json, null);
      const fromSnapshot = makeCatalogueSearchIndex({
        feed: experiences,
        categories,
        store,
        clock: () => new Date(),
        refreshSeconds: 0,
      });
      const coldSnapshot = await time(() => fromSnapshot.current());
      const fromFeed = makeCatalogueSearchIndex({
        feed: experiences,
        categories,
        clock: () => new Date(),
        refreshSeconds: 0,
      });
      const coldFeed = await time(() => fromFeed.current());
      const list = makeListExperiences({
        experiences,
        hosts: { suspendedHostIds: async () => new Set<string>() },
        search: { index: fromSnapshot, cards: experiences },
      });
      const requests: number[] = [];
      for (let i = 0; i < REPETITIONS; i++)
        for (const { q, more } of QUERIES)
          requests.push(await time(() => list(listExperiencesQuery.parse({ q, limit: 20, ...more }))));

      rows.push(
        `| ${size.toLocaleString('en')} | ${ms(build)} | ${mb(json.length)} / ${mb(gzipped)} | ${ms(median(loads))} | ` +
          `${ms(median(queries))} | ${matches} | ${ms(coldSnapshot)} | ${ms(coldFeed)} | ${ms(median(requests))} | ${ms(writing / 1000)} s |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    doc.destroy();
    client.destroy();
    await dynamo.stop();
  }
  const report = [
    `Catalogue search index (scripts/bench/catalogue-search.ts), ${new Date().toISOString()}, median of ${REPETITIONS} × ${QUERIES.length} queries`,
    '',
    '| Experiences | Build (ms) | Snapshot JSON / gzip | Load from snapshot (ms) | Query in the index (ms) | Cards found (8 queries, ≤ 20 each) | Cold start: snapshot + catch-up (ms) | Cold start: feed only (ms) | `GET /api/experiences?q=` use case on DynamoDB Local (ms) | Seeding |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${report}`);
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'test-results', 'bench-catalogue-search.md'), `${report}\n`);
}

await main();
