/**
 * Every AWS client of the functions gives up on a stalled or refused service within its bound (DESIGN §4f), and the
 * failure reads as "unavailable" (a 503), not as a bug. Real sockets: a server that never answers, a closed port.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SESv2Client, GetAccountCommand } from '@aws-sdk/client-sesv2';
import { S3Client, HeadObjectCommand } from '@aws-sdk/client-s3';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient, ListEventBusesCommand } from '@aws-sdk/client-eventbridge';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createDocumentClient } from '../../../functions/adapters/dynamodb/repositories';
import {
  CALL_LIMITS,
  callLimits,
  isDependencyFailure,
  type OutsideService,
} from '../../../functions/adapters/outside-calls';
import { refusedEndpoint, startStalledEndpoint, type DeadEndpoint } from '../../support/dead-endpoints';

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
const region = 'ap-northeast-1';

/** The longest a call may take: every attempt times out, plus the SDK's backoff (≤ 1 s for two attempts) and slack. */
const boundOf = (service: OutsideService) => {
  const { maxAttempts, connectionTimeout, requestTimeout } = CALL_LIMITS[service];
  return maxAttempts * Math.max(connectionTimeout, requestTimeout) + 1_500;
};

async function timed(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('the call succeeded against a dead endpoint');
}

/** One call per client kind the functions build, each configured as the functions configure it. */
function callsAgainst(endpoint: string): Record<OutsideService, () => Promise<unknown>> {
  const base = { endpoint, region, credentials };
  return {
    dynamodb: () => {
      const doc = createDocumentClient({ ...base, bounded: true });
      return doc
        .send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } }))
        .finally(() => doc.destroy());
    },
    ses: () => new SESv2Client({ ...base, ...callLimits('ses') }).send(new GetAccountCommand({})),
    s3: () =>
      new S3Client({ ...base, forcePathStyle: true, ...callLimits('s3') }).send(
        new HeadObjectCommand({ Bucket: 'b', Key: 'k' }),
      ),
    cognito: () =>
      new CognitoIdentityProviderClient({ ...base, ...callLimits('cognito') }).send(
        new AdminGetUserCommand({ UserPoolId: 'local_pool', Username: 'u' }),
      ),
    eventbridge: () =>
      new EventBridgeClient({ ...base, ...callLimits('eventbridge') }).send(new ListEventBusesCommand({})),
    secretsManager: () =>
      new SecretsManagerClient({ ...base, ...callLimits('secretsManager') }).send(
        new GetSecretValueCommand({ SecretId: 's' }),
      ),
  };
}

describe('outside calls against a service that never answers', () => {
  let stalled: DeadEndpoint;
  beforeAll(async () => {
    stalled = await startStalledEndpoint();
  });
  afterAll(() => stalled.close());

  it('every client gives up within its bound, after retrying, with an error that reads as unavailable', async () => {
    const calls = callsAgainst(stalled.url);
    const results = await Promise.all(
      Object.entries(calls).map(async ([service, call]) => ({
        service: service as OutsideService,
        ...(await timed(call)),
      })),
    );
    for (const { service, error, ms } of results) {
      expect(isDependencyFailure(error), `${service}: ${String(error)}`).toBe(true);
      expect(ms, service).toBeLessThan(boundOf(service));
      // It waited for at least one whole attempt: the timeout is what ended it, not an instant refusal.
      expect(ms, service).toBeGreaterThanOrEqual(CALL_LIMITS[service].requestTimeout - 50);
    }
    // Each client tried again after its first attempt timed out: more connections than clients.
    expect(stalled.connections).toBeGreaterThanOrEqual(results.length * 2);
    const dynamo = results.find((r) => r.service === 'dynamodb')!;
    expect(dynamo.ms).toBeLessThan(5_000);
  }, 15_000);
});

describe('outside calls against a closed port', () => {
  it('DynamoDB fails at once (refused), as unavailable', async () => {
    const refused = await refusedEndpoint();
    const { error, ms } = await timed(callsAgainst(refused.url).dynamodb);
    expect(isDependencyFailure(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('isDependencyFailure', () => {
  it.each([
    ['a timeout', Object.assign(new Error('x'), { name: 'TimeoutError' })],
    ['throttling', Object.assign(new Error('x'), { name: 'ThrottlingException' })],
    [
      'provisioned throughput',
      Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException' }),
    ],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    [
      'a 5xx of the service',
      Object.assign(new Error('x'), { name: 'Whatever', $metadata: { httpStatusCode: 502 } }),
    ],
    ['a throttling flag', Object.assign(new Error('x'), { name: 'Odd', $retryable: { throttling: true } })],
  ])('counts %s as unavailable', (_, error) => {
    expect(isDependencyFailure(error)).toBe(true);
  });

  it.each([
    [
      'a failed condition',
      Object.assign(new Error('x'), {
        name: 'ConditionalCheckFailedException',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    [
      'access denied',
      Object.assign(new Error('x'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } }),
    ],
    ['a bug', new TypeError('undefined is not a function')],
    ['a string', 'TimeoutError'],
    ['nothing', undefined],
  ])('does not count %s', (_, error) => {
    expect(isDependencyFailure(error)).toBe(false);
  });
});
