/**
 * The jobs of approved tours in AWS (DESIGN §4c): completion, reminders and review invitations (§4e) are Lambda functions run by EventBridge
 * Scheduler every 15 minutes with retries and the jobs' dead-letter queue, like the expiry job; they read and
 * write the table (their mails go to the outbox) and nothing else: no SES, no Stripe secret, no deletes.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_READ_WRITE, TOUR_JOBS_INTERVAL_MINUTES } from '../../lib/marketplace-stack';
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
const statementsOf = (name: string) =>
  resourcesOf('AWS::IAM::Policy')
    .filter(([id]) => id.startsWith(`${name}ServiceRoleDefaultPolicy`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
const jobsDlqArn = () => {
  const schedules = resourcesOf('AWS::Scheduler::Schedule').map(([, s]) => s.Properties);
  const expiry = schedules.find((s) => JSON.stringify(s.Target).includes(functionId('ExpireBookings')));
  return (expiry!.Target as { DeadLetterConfig: { Arn: unknown } }).DeadLetterConfig.Arn;
};

describe.each(['CompleteBookings', 'SendReminders', 'SendReviewInvites'])('%s job', (name) => {
  it(`runs every ${TOUR_JOBS_INTERVAL_MINUTES} minutes with retries and the jobs' dead-letter queue`, () => {
    dev.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: `rate(${TOUR_JOBS_INTERVAL_MINUTES} minutes)`,
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [functionId(name), 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: { Arn: jobsDlqArn() },
      }),
    });
  });

  it('has the table and the site URL for mail links, and reads and writes the table only', () => {
    const [, fn] = resourcesOf('AWS::Lambda::Function').find(([id]) => id === functionId(name))!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'SITE_URL']));
    const actions = statementsOf(name).flatMap((s) => [s.Action].flat() as string[]);
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([...TABLE_READ_WRITE].sort());
    expect(actions.some((a) => /^(ses|secretsmanager|s3):/.test(a))).toBe(false);
  });
});
