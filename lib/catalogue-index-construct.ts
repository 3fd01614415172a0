import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CATALOGUE_INDEX_KEY } from '../functions/adapters/storage/s3-catalogue-index-store';
import { AppFunction } from './lambda-function';

/** How often the snapshot job writes the catalogue's search index back to S3 (when something changed). */
export const CATALOGUE_SNAPSHOT_INTERVAL_MINUTES = 5;

/**
 * The indexes the snapshot job queries: GSI5 `SEARCH#CHANGES` (the search entries changed since the snapshot's
 * watermark) and GSI1 `CATEGORIES#ACTIVE` (category names in every language). Nothing else of the table.
 */
export const CATALOGUE_SNAPSHOT_INDEXES = ['GSI5', 'GSI1'] as const;

export interface CatalogueIndexConstructProps {
  table: dynamodb.ITableV2;
  retainData: boolean;
  retainLogs: boolean;
  /** Where the bucket's server access logs go (the site's logs bucket). */
  logsBucket: s3.IBucket;
  /** The jobs' dead-letter queue (alarmed): a run the scheduler could not deliver after its retries. */
  deadLetterQueue: sqs.IQueue;
  /** The job's environment (STAGE, TABLE_NAME…); the bucket is added here. */
  environment: Record<string, string>;
}

/**
 * Issue 33 item 3 in AWS: the catalogue's search index snapshot (`search/catalogue-index.json.gz`) in a private
 * bucket of its own, written every few minutes by a scheduled job (`functions/events/snapshot-catalogue-index.ts`)
 * and read by the public API at its cold start (`grantRead`), which then catches up from the table's change feed.
 * The snapshot is a cache of the table's search entries: losing it costs one rebuild from the feed, nothing else.
 */
export class CatalogueIndexConstruct extends Construct {
  readonly bucket: s3.Bucket;
  readonly job: AppFunction;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: CatalogueIndexConstructProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/CatalogueIndexBucket/',
      ...(props.retainData
        ? { removalPolicy: RemovalPolicy.RETAIN }
        : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }),
    });

    // Loading the snapshot at 50,000 experiences (8.8 MB gzipped, 42 MB of JSON) is CPU-bound: a full vCPU, and
    // minutes for the first run, which builds the index from the whole change feed (README, issue 33).
    this.job = new AppFunction(scope, 'SnapshotCatalogueIndex', {
      entry: 'functions/events/snapshot-catalogue-index.ts',
      description: "Writes the catalogue's search index snapshot to S3 when experiences changed",
      environment: { ...props.environment, CATALOGUE_INDEX_BUCKET: this.bucket.bucketName },
      memorySize: 1769,
      timeout: Duration.minutes(5),
      retainLogs: props.retainLogs,
    });
    this.job.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadsSearchChangesAndCategories',
        actions: ['dynamodb:Query'],
        resources: CATALOGUE_SNAPSHOT_INDEXES.map((index) => `${props.table.tableArn}/index/${index}`),
      }),
    );
    this.job.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadsAndWritesTheSnapshot',
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [this.bucket.arnForObjects(CATALOGUE_INDEX_KEY)],
      }),
    );
    this.grantListing(this.job);

    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      description: "Write the catalogue's search index snapshot for the public API's cold starts",
      schedule: scheduler.ScheduleExpression.rate(Duration.minutes(CATALOGUE_SNAPSHOT_INTERVAL_MINUTES)),
      target: new targets.LambdaInvoke(this.job, {
        retryAttempts: 2,
        maxEventAge: Duration.minutes(CATALOGUE_SNAPSHOT_INTERVAL_MINUTES),
        deadLetterQueue: props.deadLetterQueue,
      }),
    });
  }

  /**
   * The public API: the bucket's name and `s3:GetObject` on the snapshot's key, nothing else of it (no write).
   * Sets `CATALOGUE_INDEX_BUCKET`, so its cold start loads the snapshot instead of reading the whole change feed.
   */
  grantRead(fn: AppFunction): void {
    fn.addEnvironment('CATALOGUE_INDEX_BUCKET', this.bucket.bucketName);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadsTheCatalogueIndexSnapshot',
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(CATALOGUE_INDEX_KEY)],
      }),
    );
    this.grantListing(fn);
  }

  /**
   * `s3:ListBucket` on this bucket (it holds the snapshot alone): without it S3 answers a missing key with 403, not
   * 404, and before the first snapshot the public API could not tell "none yet" (build from the feed) from a fault,
   * nor could the job write the first one (`If-None-Match: *`).
   */
  private grantListing(fn: lambda.IFunction): void {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'TellsAMissingSnapshotFromADeniedOne',
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
      }),
    );
  }
}
