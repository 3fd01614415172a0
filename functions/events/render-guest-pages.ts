/**
 * The guest-page renderer (issue 17, DESIGN §4e; incremental and fanned out since issue 33, §4i), off the request
 * path. In AWS it consumes one SQS queue: the page events the use cases publish arrive there through an
 * EventBridge rule and are planned into jobs (`domain/guest-page-jobs.ts`), which go back on the same queue one
 * message each; a job message renders its pages (or reads one page of the catalogue and hands the rest on).
 * Failed messages are reported one by one (partial batch response), retried, then parked in the dead-letter
 * queue. The deploy's trigger invokes it directly: that plans the full render.
 *
 * It reads the catalogue straight from the table (`adapters/pages/table-catalogue.ts`), not through the public
 * API, and the SPA's template and runtime configuration from the site bucket, so a deploy of new assets is picked
 * up by the next render. Pages go to the site bucket's `pages/` prefix.
 *
 * Bundled for production (NODE_ENV=production): the server markup must carry the class names the production
 * client computes, or hydration fails.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createDocumentClient } from '../adapters/dynamodb/repositories';
import { DynamoCategoryRepository } from '../adapters/dynamodb/category-repository';
import { DynamoExperienceRepository } from '../adapters/dynamodb/experience-repository';
import { DynamoHostRepository } from '../adapters/dynamodb/host-repository';
import { DynamoReviewRepository } from '../adapters/dynamodb/review-repository';
import {
  catalogueFetch,
  guestPageCatalogue,
  type CatalogueRepositories,
} from '../adapters/pages/table-catalogue';
import { createSqsPageJobQueue } from '../adapters/queue/sqs-page-jobs';
import { createS3PageStore } from '../adapters/storage/s3-page-store';
import { createKvsPageKeys, withPageKeys } from '../adapters/storage/kvs-page-keys';
import {
  parseGuestPageJob,
  planGuestPageJobs,
  type GuestPageChange,
  type GuestPageJob,
} from '../domain/guest-page-jobs';
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';
import type { GuestPageJobQueue } from '../use-cases/guest-page-ports';
import type { Logger } from '../use-cases/ports';
import {
  makeGuestPageJobRunner,
  makeRefreshGuestPages,
  type GuestPageJobResult,
  type GuestPageRenderer,
} from '../use-cases/refresh-guest-pages';
import { renderPage } from '../../web/src/ssr/render-page';
import type { AppConfig } from '../../web/src/lib/config';

/** The refresh and the table reads, exported so the local stack runs the very code this bundle carries. */
export { catalogueFetch, guestPageCatalogue, makeRefreshGuestPages };

export function makeGuestPageRenderer(deps: {
  config: () => Promise<AppConfig>;
  template: () => Promise<string>;
  apiBaseUrl: string;
  fetchImpl?: typeof fetch;
}): GuestPageRenderer {
  return {
    async render(path) {
      const [config, template] = await Promise.all([deps.config(), deps.template()]);
      return renderPage({
        path,
        config,
        template,
        apiBaseUrl: deps.apiBaseUrl,
        ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
      });
    },
  };
}

/** An SQS record as Lambda hands it over (only what the renderer reads). */
export interface PageQueueRecord {
  messageId: string;
  body: string;
}

/** A message's work: a change announced through EventBridge (the rule's target), or a job. */
export function messageWork(body: string): { changes: GuestPageChange[] } | { job: GuestPageJob } {
  const message = JSON.parse(body) as { 'detail-type'?: unknown; detail?: unknown; job?: unknown };
  if (message['detail-type'] !== undefined) {
    const detail = message.detail as GuestPageChange | undefined;
    if (!detail || !['experience', 'host', 'all'].includes(detail.kind)) throw new Error('Not a page change');
    return { changes: [detail] };
  }
  const job = parseGuestPageJob(message.job);
  if (!job) throw new Error('Not a page job');
  return { job };
}

/**
 * Runs a batch of queue records, each on its own (in parallel: the event source's batch is small), and answers the
 * ids of the ones that failed, so SQS retries only those (`ReportBatchItemFailures`). A change is planned and its
 * jobs queued; a job is run and the jobs it hands on are queued.
 */
export async function processPageRecords(
  records: readonly PageQueueRecord[],
  deps: {
    run: (job: GuestPageJob) => Promise<GuestPageJobResult>;
    queue: GuestPageJobQueue;
    logger: Pick<Logger, 'error' | 'info'>;
  },
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const failed: string[] = [];
  await Promise.all(
    records.map(async (record) => {
      try {
        const work = messageWork(record.body);
        if ('changes' in work) {
          await deps.queue.send(planGuestPageJobs(work.changes));
        } else {
          const result = await deps.run(work.job);
          if (result.next.length > 0) await deps.queue.send(result.next);
        }
      } catch (e) {
        deps.logger.error('Guest page message failed', { messageId: record.messageId, ...errorFields(e) });
        failed.push(record.messageId);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}

interface Aws {
  run: (job: GuestPageJob) => Promise<GuestPageJobResult>;
  queue: GuestPageJobQueue;
}
let aws: Aws | undefined;

/**
 * AWS: a batch of SQS records (changes and jobs), answered with the failed ones. Invoked directly (the deploy's
 * trigger, or an operator's "render everything": `aws lambda invoke` with `{}`), it plans the full render, or the
 * change in `detail`, and queues its jobs.
 */
export async function handler(
  event: { Records?: PageQueueRecord[]; detail?: GuestPageChange } | null,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] } | { queued: number }> {
  aws ??= awsRenderer();
  if (event?.Records) return processPageRecords(event.Records, { ...aws, logger: consoleJsonLogger });
  const jobs = planGuestPageJobs([event?.detail ?? { kind: 'all' }]);
  await aws.queue.send(jobs);
  return { queued: jobs.length };
}

/** The table's catalogue repositories (only these four: the renderer's bundle carries nothing else of the table). */
export function catalogueRepositories(tableName: string, endpoint?: string): CatalogueRepositories {
  const doc = createDocumentClient({ bounded: true, ...(endpoint ? { endpoint } : {}) });
  return {
    experiences: new DynamoExperienceRepository(doc, tableName),
    hosts: new DynamoHostRepository(doc, tableName),
    categories: new DynamoCategoryRepository(doc, tableName),
    reviews: new DynamoReviewRepository(doc, tableName),
  };
}

function awsRenderer(): Aws {
  const bucket = required('SITE_BUCKET');
  const siteUrl = required('SITE_URL').replace(/\/$/, '');
  const s3 = new S3Client({});
  const read = async (key: string) =>
    (await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString()) ??
    '';
  const repositories = catalogueRepositories(required('TABLE_NAME'));
  return {
    run: makeGuestPageJobRunner({
      renderer: makeGuestPageRenderer({
        config: async () => JSON.parse(await read('config.json')) as AppConfig,
        template: () => read('index.html'),
        // The render's requests never leave the function: the table answers them.
        apiBaseUrl: `${siteUrl}/api`,
        fetchImpl: catalogueFetch(repositories),
      }),
      // The routing function learns which pages exist from the KeyValueStore: every write is mirrored there.
      store: withPageKeys(createS3PageStore(s3, bucket), createKvsPageKeys(required('PAGE_KEYS_ARN'))),
      catalogue: guestPageCatalogue(repositories),
      baseUrl: siteUrl,
    }),
    queue: createSqsPageJobQueue(required('PAGE_JOBS_QUEUE_URL')),
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
