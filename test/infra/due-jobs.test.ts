/**
 * Issue 33 in AWS: the jobs' "work due" index (GSI8, keys only), each job's continuation queue (a run that stops
 * with work left sends its cursor there, and the message invokes the same function), and the alarm on runs that
 * stopped with work left they could not hand on.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { JOB_METRICS_NAMESPACE } from '../../functions/events/job-continuation';
import { synthStack } from './synth';

const dev = synthStack({ stage: 'dev' }).template();

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (type: string) => Object.entries(dev.findResources(type) as Record<string, Resource>);
const functionId = (name: string) => {
  const [id] =
    resourcesOf('AWS::Lambda::Function').find(([id]) => new RegExp(`^${name}[A-F0-9]{8}$`).test(id)) ?? [];
  if (!id) throw new Error(`no ${name} function`);
  return id;
};

it('has the sparse "work due" index GSI8, projecting keys only', () => {
  dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
    GlobalSecondaryIndexes: Match.arrayWith([
      Match.objectLike({
        IndexName: 'GSI8',
        KeySchema: [
          { AttributeName: 'GSI8PK', KeyType: 'HASH' },
          { AttributeName: 'GSI8SK', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      }),
    ]),
  });
});

describe.each([
  ['CompleteBookings', 'Completion job'],
  ['SendReminders', 'Reminder job'],
  ['SendReviewInvites', 'Review invitation job'],
  ['PayHosts', 'Payout job'],
  ['ExpireOffers', 'Offer expiry job'],
])('%s', (name, job) => {
  const queueOf = () => {
    const [, fn] = resourcesOf('AWS::Lambda::Function').find(([id]) => id === functionId(name))!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    return env.JOB_CONTINUATION_QUEUE_URL as { Ref: string };
  };

  it('hands on through its own continuation queue, which invokes it again and parks poison messages', () => {
    const queueUrl = queueOf();
    expect(queueUrl).toEqual({ Ref: expect.stringMatching(new RegExp(`${name}Continuation`)) });
    const [, queue] = resourcesOf('AWS::SQS::Queue').find(([id]) => id === queueUrl.Ref)!;
    expect((queue.Properties.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount).toBe(3);
    dev.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId(name) },
      EventSourceArn: { 'Fn::GetAtt': [queueUrl.Ref, 'Arn'] },
      BatchSize: 1,
    });
  });

  it('alarms when a run stopped with work due left that it could not hand on', () => {
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: JOB_METRICS_NAMESPACE,
      MetricName: 'UnfinishedRuns',
      Dimensions: [{ Name: 'Job', Value: job }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});
