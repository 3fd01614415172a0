/**
 * The mail outbox in AWS (DESIGN §4f): the sender function, its stream trigger filtered on new mail items with a
 * dead-letter queue, its retry schedule, and the alarm on failed mails.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { FAILED_MAILS_METRIC } from '../../lib/mail-outbox-construct';
import { synthStack } from './synth';

const dev = synthStack({ stage: 'dev' }).template();

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (type: string) => Object.entries(dev.findResources(type) as Record<string, Resource>);
const senderId = () => {
  const [id] = resourcesOf('AWS::Lambda::Function').find(([id]) => /^SendMails[A-F0-9]{8}$/.test(id)) ?? [];
  if (!id) throw new Error('no SendMails function');
  return id;
};

describe('mail outbox', () => {
  it('has a sender function with the table, SES and the site URL for mail links', () => {
    const [, fn] = resourcesOf('AWS::Lambda::Function').find(([id]) => id === senderId())!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM', 'SITE_URL']));
  });

  it('streams new images of the table to the sender, filtered on inserted mail items, with retries and a DLQ', () => {
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
    const mappings = resourcesOf('AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      JSON.stringify(m.Properties.FunctionName).includes(senderId()),
    );
    expect(mappings).toHaveLength(1);
    const props = mappings[0]![1].Properties;
    expect(props).toMatchObject({
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
    });
    const filter = JSON.parse(
      (props.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]!.Pattern,
    ) as unknown;
    expect(filter).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['Mail'] } } } });
  });

  it('runs the sender every minute for retries, with a dead-letter queue', () => {
    dev.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [senderId(), 'Arn'] },
        DeadLetterConfig: { Arn: Match.anyValue() },
      }),
    });
  });

  it('counts "Mail failed" log lines of the sender and alarms on the first failed mail', () => {
    dev.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.message = "Mail failed" }',
      MetricTransformations: [
        Match.objectLike({
          MetricNamespace: FAILED_MAILS_METRIC.namespace,
          MetricName: FAILED_MAILS_METRIC.name,
          MetricValue: '1',
        }),
      ],
    });
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: FAILED_MAILS_METRIC.namespace,
      MetricName: FAILED_MAILS_METRIC.name,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [Match.anyValue()],
    });
    // The stream's dead-letter queue is alarmed on depth like the others.
    const depthAlarms = resourcesOf('AWS::CloudWatch::Alarm').filter(([id]) =>
      id.includes('MailStreamDlqDepth'),
    );
    expect(depthAlarms).toHaveLength(1);
  });

  it('has no local-only mail route in AWS', () => {
    const routeKeys = resourcesOf('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(routeKeys).toEqual(
      expect.arrayContaining(['GET /api/admin/mails', 'POST /api/admin/mails/{id}/resend']),
    );
    expect(routeKeys.filter((k) => String(k).includes('local-'))).toEqual([]);
  });
});
