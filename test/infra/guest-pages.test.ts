/**
 * Guest pages in AWS (issue 17, DESIGN §4e): the routing functions on the SPA's default behaviour only, the
 * KeyValueStore they read, the renderer Lambda on the page events with its dead-letter queue and alarms, its
 * permissions (its own bucket prefix, the store, nothing else), the back offices' page events, and the full render
 * after a deploy.
 */
import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { guestPagesRequestCode, guestPagesResponseCode } from '../../lib/guest-pages-function';
import {
  PAGE_JOBS_BATCH_SIZE,
  PAGE_JOBS_MAX_CONCURRENCY,
  PAGE_JOBS_MAX_RECEIVES,
  PAGE_KEYS_ACTIONS,
  RENDERER_TABLE_READS,
  RENDERER_TIMEOUT,
} from '../../lib/guest-pages-construct';
import { PAGE_CHANGING_GROUPS } from '../../lib/marketplace-stack';
import {
  GUEST_PAGE_EVENT_SOURCE,
  GUEST_PAGE_EVENT_TYPE,
} from '../../functions/use-cases/refresh-guest-pages';
import { synthStack } from './synth';

const dev = synthStack({ stage: 'dev' }).template();

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };
const resourcesOf = (type: string) => Object.entries(dev.findResources(type) as Record<string, Resource>);
const idOf = (type: string, prefix: string) => {
  const found = resourcesOf(type).filter(([id]) => new RegExp(`^${prefix}[A-F0-9]{8}$`).test(id));
  expect(found, `${type} ${prefix}`).toHaveLength(1);
  return found[0]![0];
};
const rendererId = idOf('AWS::Lambda::Function', 'RenderGuestPages');
const siteBucketId = idOf('AWS::S3::Bucket', 'WebSiteBucket');
const kvsId = idOf('AWS::CloudFront::KeyValueStore', 'WebGuestPageKeys');
const busId = idOf('AWS::Events::EventBus', 'PaymentsPaymentsBus');
const statementsOf = (functionPrefix: string) =>
  resourcesOf('AWS::IAM::Policy')
    .filter(([id]) => id.startsWith(`${functionPrefix}ServiceRoleDefaultPolicy`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
const actionsOf = (s: Statement) => [s.Action].flat();
const envOf = (prefix: string) => {
  const [, fn] = resourcesOf('AWS::Lambda::Function').find(
    ([id]) => id === idOf('AWS::Lambda::Function', prefix),
  )!;
  return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};

const distribution = resourcesOf('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
  DefaultCacheBehavior: { FunctionAssociations?: { EventType: string; FunctionARN: unknown }[] };
  CacheBehaviors: { PathPattern: string; FunctionAssociations?: unknown[] }[];
};
const functionById = (id: string) =>
  resourcesOf('AWS::CloudFront::Function').find(([fid]) => fid === id)![1].Properties as {
    FunctionCode: string;
    FunctionConfig: { Runtime: string; KeyValueStoreAssociations?: { KeyValueStoreARN: unknown }[] };
  };
const associated = (eventType: string) => {
  const association = distribution.DefaultCacheBehavior.FunctionAssociations!.find(
    (a) => a.EventType === eventType,
  )!;
  const [id] = (association.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
  return functionById(id);
};

describe('routing at the edge', () => {
  it("puts the request and response functions on the SPA's default behaviour, and none on /api/*", () => {
    expect(distribution.DefaultCacheBehavior.FunctionAssociations!.map((a) => a.EventType)).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
    const api = distribution.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toBeUndefined();
  });

  it('routes with the code generated from the resolver, reading the page keys store (JS 2.0)', () => {
    const request = associated('viewer-request');
    expect(request.FunctionCode).toBe(guestPagesRequestCode());
    expect(request.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(request.FunctionConfig.KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { 'Fn::GetAtt': [kvsId, 'Arn'] } },
    ]);
    const response = associated('viewer-response');
    expect(response.FunctionCode).toBe(guestPagesResponseCode());
    expect(response.FunctionConfig.KeyValueStoreAssociations).toBeUndefined();
  });

  it('as deployed: a page in the store is served, an experience without one is the 404 page, client routes get the shell, files pass', async () => {
    const code = associated('viewer-request').FunctionCode.replace(
      "import cf from 'cloudfront';",
      'const cf = __cf;',
    );
    // One entry per experience (issue 33) stands for its pages in every language.
    const stored = new Set(['e/abc']);
    const kvs = {
      get: async (key: string) => {
        if (!stored.has(key)) throw new Error('Key not found');
        return '1';
      },
    };
    const sandbox: Record<string, unknown> = { __cf: { kvs: () => kvs } };
    runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
    const handler = sandbox.handler as (e: unknown) => Promise<{ uri: string }>;
    const run = async (uri: string) => (await handler({ request: { uri, querystring: {} } })).uri;
    expect(await run('/experience/abc')).toBe('/pages/experience/abc.html');
    expect(await run('/ko/experience/abc')).toBe('/pages/ko/experience/abc.html');
    expect(await run('/experience/gone')).toBe('/pages/404.html');
    expect(await run('/host/dashboard')).toBe('/index.html');
    expect(await run('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(await run('/config.json')).toBe('/config.json');
  });
});

describe('the renderer', () => {
  const dlqId = idOf('AWS::SQS::Queue', 'GuestPagesGuestPagesDlq');
  const jobsId = idOf('AWS::SQS::Queue', 'GuestPagesGuestPageJobs');

  it('puts the page events of our bus on its job queue, with retries and its alarmed dead-letter queue', () => {
    const [, rule] = resourcesOf('AWS::Events::Rule').find(([, r]) =>
      JSON.stringify(r.Properties.Targets).includes(jobsId),
    )!;
    expect(rule.Properties).toMatchObject({
      EventBusName: { Ref: busId },
      EventPattern: { source: [GUEST_PAGE_EVENT_SOURCE], 'detail-type': [GUEST_PAGE_EVENT_TYPE] },
    });
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [jobsId, 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
        RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 8 }),
      }),
    ]);
    // The rule may send to the queue (and nothing else may but the renderer).
    dev.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: jobsId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Principal: { Service: 'events.amazonaws.com' },
          }),
        ]),
      },
    });
    // A direct invocation that throws (the deploy's full render) lands in the same dead-letter queue.
    dev.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Renders the guest pages'),
      DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
    });
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
    });
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: rendererId } }],
    });
  });

  it('consumes the job queue in small batches, reporting failed messages one by one; a message failing often is parked', () => {
    const [, jobs] = resourcesOf('AWS::SQS::Queue').find(([id]) => id === jobsId)!;
    expect(jobs.Properties).toMatchObject({
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: PAGE_JOBS_MAX_RECEIVES,
      },
      SqsManagedSseEnabled: true,
      VisibilityTimeout: RENDERER_TIMEOUT.toSeconds() * 6,
    });
    dev.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [jobsId, 'Arn'] },
      FunctionName: { Ref: rendererId },
      BatchSize: PAGE_JOBS_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: PAGE_JOBS_MAX_CONCURRENCY },
    });
  });

  it('knows the site bucket, the site URL and the page keys store', () => {
    expect(envOf('RenderGuestPages')).toMatchObject({
      SITE_BUCKET: { Ref: siteBucketId },
      PAGE_KEYS_ARN: { 'Fn::GetAtt': [kvsId, 'Arn'] },
      PAGE_JOBS_QUEUE_URL: { Ref: jobsId },
      TABLE_NAME: { Ref: expect.stringMatching(/^DataTable/) },
    });
    expect(JSON.stringify(envOf('RenderGuestPages').SITE_URL)).toContain('DomainName');
  });

  it('writes pages/* of the site bucket only, reads the template and config, and writes the page keys', () => {
    const statements = statementsOf('RenderGuestPages');
    const s3 = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    const objects = (key: string) => ({
      'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, `/${key}`]],
    });
    expect(s3).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Action: ['s3:PutObject', 's3:DeleteObject'],
          Resource: objects('pages/*'),
        }),
        expect.objectContaining({
          Action: 's3:GetObject',
          Resource: [objects('index.html'), objects('config.json')],
        }),
        expect.objectContaining({
          Action: 's3:ListBucket',
          Resource: { 'Fn::GetAtt': [siteBucketId, 'Arn'] },
          Condition: { StringLike: { 's3:prefix': ['pages/*'] } },
        }),
      ]),
    );
    expect(s3).toHaveLength(3);
    const kvs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('cloudfront')));
    expect(kvs).toEqual([
      expect.objectContaining({ Action: PAGE_KEYS_ACTIONS, Resource: { 'Fn::GetAtt': [kvsId, 'Arn'] } }),
    ]);
    // The table: reads only (issue 33: the catalogue straight from the table, no write, no Scan).
    const table = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(table.flatMap(actionsOf).sort()).toEqual([...RENDERER_TABLE_READS].sort());
    // Its queues: consume and send jobs, send to the dead-letter queue; no mail, no secrets, no other bucket.
    const sqsActions = statements.flatMap(actionsOf).filter((a) => a.startsWith('sqs:'));
    expect(sqsActions).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']),
    );
    const others = statements
      .flatMap(actionsOf)
      .filter((a) => !/^(s3|cloudfront-keyvaluestore|dynamodb|sqs):/.test(a));
    expect(others).toEqual([]);
  });

  it('renders every page after a deploy that changes the SPA or the renderer, asynchronously, once the SPA is in the bucket', () => {
    const [, trigger] = resourcesOf('Custom::Trigger')[0]!;
    expect(trigger.Properties).toMatchObject({
      HandlerArn: { Ref: expect.stringMatching(/^RenderGuestPagesCurrentVersion/) },
      InvocationType: 'Event',
      ExecuteOnHandlerChange: true,
    });
    expect(trigger.DependsOn).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^WebDeployEntryCustomResource/),
        expect.stringMatching(/^WebDeployAssetsCustomResource/),
        expect.stringMatching(/^WebDistribution[A-F0-9]{8}$/),
      ]),
    );
    // A new SPA build changes the function's configuration, so the deploy publishes a new version to render with.
    expect(envOf('RenderGuestPages').WEB_BUILD).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('page events', () => {
  it('the host, admin and public APIs publish them to our bus, and only to it (a review changes a rating)', () => {
    expect([...PAGE_CHANGING_GROUPS].sort()).toEqual(['admin-api', 'host-api', 'public-api']);
    for (const fn of ['HostApi', 'AdminApi', 'PublicApi']) {
      expect(envOf(fn).PAGE_EVENT_BUS, fn).toEqual({ Ref: busId });
      const putEvents = statementsOf(fn).filter((s) => actionsOf(s).includes('events:PutEvents'));
      expect(putEvents, fn).toEqual([
        expect.objectContaining({ Resource: { 'Fn::GetAtt': [busId, 'Arn'] } }),
      ]);
    }
  });
});
