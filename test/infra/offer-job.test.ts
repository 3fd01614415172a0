/**
 * Issue 31 in AWS: the offer expiry job runs every 5 minutes from EventBridge Scheduler (retried, then parked in the
 * jobs' dead-letter queue), with the table and the site's address it needs for the guests' links.
 */
import { synthStack } from './synth';

const dev = synthStack({ stage: 'dev' }).template();

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (type: string) => Object.entries(dev.findResources(type) as Record<string, Resource>);

const expireOffers = () => {
  const found = resourcesOf('AWS::Lambda::Function').find(([id]) => /^ExpireOffers[A-F0-9]{8}$/.test(id));
  if (!found) throw new Error('no ExpireOffers function');
  return found;
};

it('runs the offer expiry job every 5 minutes, retried twice and then parked in the dead-letter queue', () => {
  const [id] = expireOffers();
  const schedules = resourcesOf('AWS::Scheduler::Schedule').filter(([, s]) => {
    const target = s.Properties.Target as { Arn: unknown };
    return JSON.stringify(target.Arn).includes(id);
  });
  expect(schedules).toHaveLength(1);
  const [, schedule] = schedules[0]!;
  expect(schedule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
  const target = schedule.Properties.Target as {
    RetryPolicy: { MaximumRetryAttempts: number };
    DeadLetterConfig: { Arn: unknown };
  };
  expect(target.RetryPolicy.MaximumRetryAttempts).toBe(2);
  expect(target.DeadLetterConfig.Arn).toBeDefined();
});

it('knows the site address (the guests\u2019 offer links) and the table', () => {
  const [, fn] = expireOffers();
  const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  expect(env.SITE_URL).toBeDefined();
  expect(env.TABLE_NAME).toBeDefined();
});
