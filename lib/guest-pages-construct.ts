import { Duration, FileSystem } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
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
 * measured. A budget of its own: it runs off the request path, so its cold start is no guest's wait. The API
 * functions keep `BUNDLE_BUDGET_BYTES`.
 */
export const RENDERER_BUNDLE_BUDGET_BYTES = 1900 * 1024;

/** Only the S3 client comes from the Lambda runtime; the KeyValueStore client and SigV4A are bundled together. */
export const RENDERER_EXTERNAL_MODULES = ['@aws-sdk/client-s3'];

/** A full render (every published experience) must end within this; the first render after a deploy is one. */
export const RENDERER_TIMEOUT = Duration.minutes(5);

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
 * The guest-page renderer in AWS (issue 17, DESIGN §4e): the handler of `functions/events/render-guest-pages.ts`,
 * invoked by an EventBridge rule on the page events the host and admin APIs publish, and once after every deploy
 * that changes the SPA or the renderer (a `Trigger`, asynchronous: a failed render never rolls a deploy back, it
 * lands in the dead-letter queue). It writes `pages/*` of the site bucket and the page keys of the KeyValueStore
 * the routing function reads.
 */
export class GuestPagesConstruct extends Construct {
  readonly renderer: AppFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: GuestPagesConstructProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'GuestPagesDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const bundle = RENDERER_BUNDLE_OPTIONS;
    this.renderer = new AppFunction(scope, 'RenderGuestPages', {
      entry: 'functions/events/render-guest-pages.ts',
      description: 'Renders the guest pages to the site bucket after page changes and deploys',
      environment: {
        STAGE: props.stage,
        SITE_BUCKET: props.siteBucket.bucketName,
        SITE_URL: props.siteUrl,
        PAGE_KEYS_ARN: props.pageKeys.keyValueStoreArn,
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

    this.rule = new events.Rule(this, 'PageChanges', {
      eventBus: props.bus,
      description: 'Guest page changes announced by the host and admin APIs',
      eventPattern: { source: [GUEST_PAGE_EVENT_SOURCE], detailType: [GUEST_PAGE_EVENT_TYPE] },
      targets: [
        new targets.LambdaFunction(this.renderer, {
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
