/**
 * `npx tsx scripts/bench/guest-pages.ts` (issue 33): what the incremental guest pages cost in the local stack, with
 * the renderer bundle Lambda runs, reading DynamoDB Local straight (no public API).
 *
 * - A full render (the operator's "render everything") of the seed plus BENCH_PAGES_EXPERIENCES (default 300)
 *   published experiences: wall time, jobs, pages, and the time per experience job (four languages), from which the
 *   README extrapolates the AWS fan-out (one SQS message per job, `PAGE_JOBS_MAX_CONCURRENCY` renderers).
 * - An edit no card shows (one experience's four pages) and an edit of card data (plus home, the list, the sitemap
 *   index): from the announcement to the pages written, the median of BENCH_PAGES_EDITS (default 5) each.
 *
 * Prints a Markdown table and writes it to `test-results/bench-guest-pages.md`. Bounded and self-stopping.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { LOCAL_CREDENTIALS } from '../local/dynamodb-local';
import { startLocalStack, type LocalStack } from '../local/stack';
import { REPO_ROOT } from '../../web/build-info';
import { machineLine } from './bench-stack';
import { envInt, median, say } from './load';

const EXTRA = envInt('BENCH_PAGES_EXPERIENCES', 300);
const EDITS = envInt('BENCH_PAGES_EDITS', 5);

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>shell</title>
<script type="module" src="/assets/index-bench.js"></script></head><body><div id="root"></div></body></html>`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-guest-pages-'));
  mkdirSync(join(work, 'web'), { recursive: true });
  writeFileSync(join(work, 'web', 'index.html'), TEMPLATE);
  let stack: LocalStack | undefined;
  try {
    say('Starting the local stack with the guest-page renderer …');
    stack = await startLocalStack({
      dataDir: join(work, 'data'),
      port: 0,
      webRoot: join(work, 'web'),
      guestPages: true,
    });
    const doc = createDocumentClient({
      endpoint: stack.config.dynamodbEndpoint,
      region: stack.config.region,
      credentials: LOCAL_CREDENTIALS,
    });
    const repos = createDynamoRepositories({ doc, tableName: stack.config.tableName });
    const origin = `http://127.0.0.1:${stack.port}`;
    const seeded = (await (await fetch(`${origin}/api/experiences?limit=100`)).json()) as {
      items: { id: string }[];
    };
    const model = (await repos.experiences.get(seeded.items[0]!.id))!;
    const categories = await repos.experiences.categoryIdsOf(model.id);
    say(`Adding ${EXTRA} published experiences …`);
    for (let i = 0; i < EXTRA; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, EXTRA - i) }, (_, j) => {
          const at = new Date(Date.now() - (i + j) * 60_000).toISOString();
          return repos.experiences.create(
            { ...model, id: randomUUID(), title: `${model.title} ${i + j}`, createdAt: at, updatedAt: at },
            categories,
          );
        }),
      );
    }
    const lines: string[] = [];
    const pages = stack.guestPages!;

    say('Full render …');
    const fullStart = performance.now();
    await pages.refreshAll();
    const fullMs = performance.now() - fullStart;
    const experiences = seeded.items.length + EXTRA;

    const timed = async (cardChanged: boolean) => {
      const runs: number[] = [];
      for (let i = 0; i < EDITS; i++) {
        const id = seeded.items[i % seeded.items.length]!.id;
        const start = performance.now();
        await pages.changed({ kind: 'experience', experienceId: id, cardChanged });
        await pages.idle();
        runs.push(performance.now() - start);
      }
      return median(runs);
    };
    say('Edits …');
    const plainEdit = await timed(false);
    const cardEdit = await timed(true);
    doc.destroy();

    lines.push(
      '## Guest pages (issue 33): incremental renders in the local stack',
      '',
      machineLine(),
      '',
      '| Measure | Value |',
      '|---|---|',
      `| Full render, ${experiences} published experiences × 4 languages + static pages, sitemap index | ${(fullMs / 1000).toFixed(1)} s |`,
      `| … per experience (four pages), in-process batches of 4 | ${(fullMs / experiences).toFixed(0)} ms |`,
      `| Edit no card shows → its 4 pages written (median of ${EDITS}) | ${(plainEdit / 1000).toFixed(2)} s |`,
      `| Edit of card data → its 4 pages + home, list (8) + sitemap index (median of ${EDITS}) | ${(cardEdit / 1000).toFixed(2)} s |`,
      '',
    );
    const report = lines.join('\n');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'test-results', 'bench-guest-pages.md'), report);
    console.log(`\n${report}`);
  } finally {
    await stack?.stop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
