import { Duration, FileSystem } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import { PAGES_PREFIX } from '../functions/domain/guest-pages';
import { GUEST_PAGE_EVENT_SOURCE, GUEST_PAGE_EVENT_TYPE } from '../functions/use-cases/refresh-guest-pages';
import { RENDERER_BUNDLE_OPTIONS } from '../scripts/local/guest-pages';
import { AppFunction } from './lambda-function';

/**
 * The most the renderer's minified bundle may weigh. It carries React, react-dom/server, MUI and the guest pages
 * (1.31 MB), and the CloudFront KeyValueStore client with its SigV4A signer (0.47 MB: neither is in the Lambda
 * runtime's SDK for sure, and the signer must register with the very SDK copy that signs), 1.78 MB in all when
 * measured then; since issue 33 it also carries the catalogue's DynamoDB repositories and read use cases (it reads
 * the table, not the public API): 1,943 KB measured; the concierge desk's guest pages and their texts in four
 * languages (issue 31) took it to 2,000.4 KB. A budget of its own: it runs off the request path, so its cold start
 * is no guest's wait. The API functions keep `BUNDLE_BUDGET_BYTES`.
 */
export const RENDERER_BUNDLE_BUDGET_BYTES = 2100 * 1024;

/**
 * The S3, SQS and DynamoDB clients come from the Lambda runtime; the KeyValueStore client and SigV4A are bundled
 * together.
 */
export const RENDERER_EXTERNAL_MODULES = [
  '@aws-sdk/client-s3',
  '@aws-sdk/client-sqs',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
];

/**
 * One job must end within this (issue 33: a job is one experience in four languages, one static page, or one
 * bounded page of the catalogue; the longest is the sitemap's paged read, about 50 MB of cards at 50,000
 * experiences). A full render is thousands of such jobs, never one invocation.
 */
export const RENDERER_TIMEOUT = Duration.minutes(3);

/** Job messages per invocation: each is a few renders; a failed one is reported alone. */
export const PAGE_JOBS_BATCH_SIZE = 5;
/**
 * Renderer invocations at once on the job queue: a full render of 5,000 experiences is ~5,000 jobs of about a
 * second, ~10 minutes at 10; the table's reads (a dozen small ones per job) and the KeyValueStore's writes stay
 * far below their limits.
 */
export const PAGE_JOBS_MAX_CONCURRENCY = 10;
/** A job message is tried this often before it is parked in the dead-letter queue. */
export const PAGE_JOBS_MAX_RECEIVES = 5;

/** What the renderer may do to the table: read the catalogue (no write, no Scan). */
export const RENDERER_TABLE_READS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

/** Objects the renderer reads from the site bucket: the SPA's template and runtime configuration. */
export const RENDERER_READS = ['index.html', 'config.json'];

/** What the renderer may do to the KeyValueStore of page keys (and nothing else of CloudFront). */
export const PAGE_KEYS_ACTIONS = [
  'cloudfront-keyvaluestore:DescribeKeyValueStore',
  'cloudfront-keyvaluestore:GetKey',
  'cloudfront-keyvaluestore:PutKey',
  'cloudfront-keyvaluestore:DeleteKey',
];

export interface GuestPagesConstructProps {
  /** The table the renderer reads the catalogue from (issue 33: not through the public API). */
  table: dynamodb.ITableV2;
  /** The bus the use cases announce page changes on (`PAGE_EVENT_BUS`). */
  bus: events.IEventBus;
  siteBucket: s3.IBucket;
  siteUrl: string;
  pageKeys: cloudfront.IKeyValueStore;
  /** The built SPA: a new build makes a new renderer version, which the trigger renders everything with. */
  webAssetPath: string;
  /** The first render waits for these (the SPA's template and config in the bucket, the distribution). */
  renderAfter: IConstruct[];
  retainLogs: boolean;
  stage: string;
}

/**
 * The guest-page renderer in AWS (issue 17, DESIGN §4e; fanned out since issue 33): the handler of
 * `functions/events/render-guest-pages.ts` on one SQS queue of page work. An EventBridge rule puts the page events
 * the host, admin and public APIs publish on that queue; the renderer plans each into jobs and sends them back one
 * message each; job messages render their pages (a partial batch response names the failed ones, retried up to
 * `PAGE_JOBS_MAX_RECEIVES` times, then parked in the dead-letter queue). After every deploy that changes the SPA
 * or the renderer a `Trigger` invokes it directly (asynchronous: a failed render never rolls a deploy back), which
 * queues the full render. It reads the catalogue from the table and writes `pages/*` of the site bucket and the
 * page keys of the KeyValueStore the routing function reads.
 */
export class GuestPagesConstruct extends Construct {
  readonly renderer: AppFunction;
  readonly deadLetterQueue: sqs.Queue;
  /** Page changes and page jobs, one message each. */
  readonly jobs: sqs.Queue;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: GuestPagesConstructProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'GuestPagesDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.jobs = new sqs.Queue(this, 'GuestPageJobs', {
      // Six times the function's timeout (Lambda's advice for SQS sources): a batch still running is never resent.
      visibilityTimeout: Duration.seconds(RENDERER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: PAGE_JOBS_MAX_RECEIVES },
    });
    const bundle = RENDERER_BUNDLE_OPTIONS;
    this.renderer = new AppFunction(scope, 'RenderGuestPages', {
      entry: 'functions/events/render-guest-pages.ts',
      description:
        'Renders the guest pages to the site bucket after page changes and deploys, one job at a time',
      environment: {
        STAGE: props.stage,
        SITE_BUCKET: props.siteBucket.bucketName,
        SITE_URL: props.siteUrl,
        PAGE_KEYS_ARN: props.pageKeys.keyValueStoreArn,
        TABLE_NAME: props.table.tableName,
        PAGE_JOBS_QUEUE_URL: this.jobs.queueUrl,
        // Changes with every SPA build, so the deploy that ships it makes a new version (and a full render).
        WEB_BUILD: FileSystem.fingerprint(props.webAssetPath),
      },
      memorySize: 1024,
      timeout: RENDERER_TIMEOUT,
      retainLogs: props.retainLogs,
      deadLetterQueue: this.deadLetterQueue,
      // The server markup must carry the production client's class names: the local stack's options.
      bundling: {
        format: OutputFormat.ESM,
        externalModules: RENDERER_EXTERNAL_MODULES,
        define: bundle.define,
        banner: bundle.banner?.js,
      },
    });

    const role = this.renderer;
    role.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'WritePages',
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [props.siteBucket.arnForObjects(`${PAGES_PREFIX}*`)],
      }),
    );
    role.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ListPages',
        actions: ['s3:ListBucket'],
        resources: [props.siteBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${PAGES_PREFIX}*`] } },
      }),
    );
    role.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadTemplate',
        actions: ['s3:GetObject'],
        resources: RENDERER_READS.map((key) => props.siteBucket.arnForObjects(key)),
      }),
    );
    role.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'PageKeys',
        actions: PAGE_KEYS_ACTIONS,
        resources: [props.pageKeys.keyValueStoreArn],
      }),
    );

    props.table.grant(role, ...RENDERER_TABLE_READS);
    this.jobs.grantSendMessages(role);
    role.addEventSource(
      new SqsEventSource(this.jobs, {
        batchSize: PAGE_JOBS_BATCH_SIZE,
        maxConcurrency: PAGE_JOBS_MAX_CONCURRENCY,
        reportBatchItemFailures: true,
      }),
    );

    this.rule = new events.Rule(this, 'PageChanges', {
      eventBus: props.bus,
      description: 'Guest page changes announced by the host, admin and public APIs',
      eventPattern: { source: [GUEST_PAGE_EVENT_SOURCE], detailType: [GUEST_PAGE_EVENT_TYPE] },
      targets: [
        new targets.SqsQueue(this.jobs, {
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: 8,
          maxEventAge: Duration.hours(1),
        }),
      ],
    });

    const firstRender = new triggers.Trigger(this, 'RenderAfterDeploy', {
      handler: this.renderer,
      invocationType: triggers.InvocationType.EVENT,
      executeOnHandlerChange: true,
    });
    firstRender.executeAfter(...props.renderAfter);
  }
}
