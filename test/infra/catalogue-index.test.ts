/**
 * Issue 33 item 3 in AWS: the catalogue's search index snapshot lives in a private bucket of its own; a scheduled
 * job writes it (reading only the table's change feed and categories), and the public API reads it at its cold
 * start (the snapshot's key only, no write). Errors and throttles of the job are alarmed like the other jobs'.
 */
import { Match } from 'aws-cdk-lib/assertions';
import {
  CATALOGUE_SNAPSHOT_INDEXES,
  CATALOGUE_SNAPSHOT_INTERVAL_MINUTES,
} from '../../lib/catalogue-index-construct';
import { CATALOGUE_INDEX_KEY } from '../../functions/adapters/storage/s3-catalogue-index-store';
import { synthStack } from './synth';

const dev = synthStack({ stage: 'dev' }).template();
const prod = synthStack({ stage: 'prod' }).template();

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type Template = typeof dev;
const resourcesOf = (t: Template, type: string) =>
  Object.entries(t.findResources(type) as Record<string, Resource>);
const idOf = (t: Template, type: string, name: string) => {
  const [id] = resourcesOf(t, type).find(([id]) => new RegExp(`^${name}[A-F0-9]{8}$`).test(id)) ?? [];
  if (!id) throw new Error(`no ${type} ${name}`);
  return id;
};
const bucketId = (t: Template) => idOf(t, 'AWS::S3::Bucket', 'CatalogueIndexBucket');
const functionOf = (name: string) =>
  resourcesOf(dev, 'AWS::Lambda::Function').find(
    ([id]) => id === idOf(dev, 'AWS::Lambda::Function', name),
  )![1].Properties;
const environmentOf = (name: string) =>
  (functionOf(name).Environment as { Variables: Record<string, unknown> }).Variables;
const statementsOf = (name: string) =>
  resourcesOf(dev, 'AWS::IAM::Policy')
    .filter(([id]) => id.startsWith(`${name}ServiceRoleDefaultPolicy`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
const onTheBucket = (name: string) =>
  statementsOf(name).filter((s) => JSON.stringify(s.Resource).includes(bucketId(dev)));
const snapshotObject = () => ({
  'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(dev), 'Arn'] }, `/${CATALOGUE_INDEX_KEY}`]],
});
const bucketArn = () => ({ 'Fn::GetAtt': [bucketId(dev), 'Arn'] });

describe('the snapshot bucket', () => {
  it('is private, encrypted, SSL-only and logs its access to the logs bucket', () => {
    for (const t of [dev, prod]) {
      t.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LoggingConfiguration: {
          DestinationBucketName: { Ref: Match.stringLikeRegexp('^WebLogsBucket') },
          LogFilePrefix: 's3/CatalogueIndexBucket/',
        },
      });
      const [, policy] = resourcesOf(t, 'AWS::S3::BucketPolicy').find(([, p]) =>
        JSON.stringify(p.Properties.Bucket).includes(bucketId(t)),
      )!;
      expect((policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('is kept in prod like other data, removed with a dev stack', () => {
    const deletionPolicy = (t: Template) =>
      resourcesOf(t, 'AWS::S3::Bucket').find(([id]) => id === bucketId(t))![1].DeletionPolicy;
    expect(deletionPolicy(prod)).toBe('Retain');
    expect(deletionPolicy(dev)).toBe('Delete');
  });
});

describe('the public API', () => {
  it('is told the bucket, so its cold start loads the snapshot', () => {
    expect(environmentOf('PublicApi').CATALOGUE_INDEX_BUCKET).toEqual({ Ref: bucketId(dev) });
  });

  it('may only read the snapshot object (and list its own bucket, to tell "none yet" from a denial)', () => {
    const statements = onTheBucket('PublicApi').map((s) => ({ Action: s.Action, Resource: s.Resource }));
    expect(statements).toEqual(
      expect.arrayContaining([
        { Action: 's3:GetObject', Resource: snapshotObject() },
        { Action: 's3:ListBucket', Resource: bucketArn() },
      ]),
    );
    expect(statements).toHaveLength(2);
  });

  it('is the only API told the bucket or granted anything of it', () => {
    const told = resourcesOf(dev, 'AWS::Lambda::Function')
      .filter(([, f]) => JSON.stringify(f.Properties.Environment ?? {}).includes('CATALOGUE_INDEX_BUCKET'))
      .map(([id]) => id.replace(/[A-F0-9]{8}$/, ''));
    expect(told.sort()).toEqual(['PublicApi', 'SnapshotCatalogueIndex']);
    const granted = resourcesOf(dev, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(bucketId(dev)))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(granted.sort()).toEqual(['PublicApi', 'SnapshotCatalogueIndex']);
  });
});

describe('the snapshot job', () => {
  it(`runs every ${CATALOGUE_SNAPSHOT_INTERVAL_MINUTES} minutes with retries and the jobs' dead-letter queue`, () => {
    const expiry = resourcesOf(dev, 'AWS::Scheduler::Schedule')
      .map(([, s]) => s.Properties)
      .find((s) => JSON.stringify(s.Target).includes(idOf(dev, 'AWS::Lambda::Function', 'ExpireBookings')))!;
    dev.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: `rate(${CATALOGUE_SNAPSHOT_INTERVAL_MINUTES} minutes)`,
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [idOf(dev, 'AWS::Lambda::Function', 'SnapshotCatalogueIndex'), 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: (expiry.Target as { DeadLetterConfig: unknown }).DeadLetterConfig,
      }),
    });
  });

  it('runs the snapshot handler with the table and the bucket, on a full vCPU with minutes to spare', () => {
    const fn = functionOf('SnapshotCatalogueIndex');
    expect(fn.Handler).toBe('index.handler');
    expect(fn.MemorySize).toBe(1769);
    expect(fn.Timeout).toBe(300);
    expect(fn.ReservedConcurrentExecutions).toBeUndefined();
    const env = environmentOf('SnapshotCatalogueIndex');
    expect(env.CATALOGUE_INDEX_BUCKET).toEqual({ Ref: bucketId(dev) });
    expect(env.TABLE_NAME).toEqual({ Ref: expect.stringMatching(/^DataTable/) });
    expect(JSON.stringify(env)).not.toMatch(/STRIPE|SES_|ORIGIN_VERIFY/);
  });

  it("queries only the change feed's and the categories' indexes, and reads and writes only the snapshot", () => {
    const statements = statementsOf('SnapshotCatalogueIndex').map((s) => ({
      Action: s.Action,
      Resource: s.Resource,
    }));
    expect(statements).toHaveLength(3);
    const [dynamo] = statements.filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));
    expect(dynamo!.Action).toBe('dynamodb:Query');
    const resources = JSON.stringify(dynamo!.Resource);
    for (const index of CATALOGUE_SNAPSHOT_INDEXES) expect(resources).toContain(`/index/${index}"`);
    expect(resources).not.toContain('/index/*');
    expect([dynamo!.Resource].flat()).toHaveLength(CATALOGUE_SNAPSHOT_INDEXES.length);
    expect(resources).toMatch(/"DataTable[A-F0-9]+","Arn"/);
    expect(statements).toEqual(
      expect.arrayContaining([
        { Action: ['s3:GetObject', 's3:PutObject'], Resource: snapshotObject() },
        { Action: 's3:ListBucket', Resource: bucketArn() },
      ]),
    );
  });

  it('alarms on its errors and throttles, like the other jobs', () => {
    const job = idOf(dev, 'AWS::Lambda::Function', 'SnapshotCatalogueIndex');
    for (const metric of ['Errors', 'Throttles']) {
      dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: metric,
        Namespace: 'AWS/Lambda',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: job } }],
        Threshold: 1,
        AlarmActions: [{ Ref: Match.stringLikeRegexp('^MonitoringAlarmTopic') }],
      });
    }
  });
});
