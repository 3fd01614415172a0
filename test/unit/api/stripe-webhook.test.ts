/**
 * The webhook relay Lambda (`functions/api/stripe-webhook.ts`) invoked as API Gateway would, with EventBridge and
 * Secrets Manager mocked at the SDK: only a correctly signed payment_intent event is published to our bus.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import {
  lambdaContextFor,
  type HttpApiEvent,
  type LambdaContext,
} from '../../../functions/api/http/api-gateway';

const SECRET = 'whsec_test_relay';
const eventBridge = mockClient(EventBridgeClient);
const secrets = mockClient(SecretsManagerClient);

const context: LambdaContext = lambdaContextFor('relay', 'req-1', 10_000);

function apiEvent(body: string, headers: Record<string, string>): HttpApiEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/payments/stripe-webhook',
    rawPath: '/api/payments/stripe-webhook',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.com',
      domainPrefix: 'example',
      http: {
        method: 'POST',
        path: '/api/payments/stripe-webhook',
        protocol: 'HTTP/1.1',
        sourceIp: '3.18.12.63',
        userAgent: 'Stripe/1.0',
      },
      requestId: 'req-1',
      routeKey: 'POST /api/payments/stripe-webhook',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
    },
    body,
    isBase64Encoded: false,
  };
}

const payload = (type: string) =>
  JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'pi_1', object: 'payment_intent', metadata: { bookingId: 'b1' } } },
  });

const sign = (body: string, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret });

let handler: (event: HttpApiEvent, context: LambdaContext) => Promise<{ statusCode: number; body?: string }>;

beforeAll(async () => {
  vi.stubEnv('STRIPE_WEBHOOK_SECRET_ARN', 'arn:aws:secretsmanager:ap-northeast-1:1:secret:webhook');
  vi.stubEnv('PAYMENTS_BUS_NAME', 'payments');
  vi.stubEnv('PAYMENTS_EVENT_SOURCE', 'marketplace.stripe-webhook');
  vi.stubEnv('AWS_REGION', 'ap-northeast-1');
  ({ handler } = (await import('../../../functions/api/stripe-webhook')) as unknown as {
    handler: typeof handler;
  });
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  eventBridge.reset();
  secrets.reset();
  secrets.on(GetSecretValueCommand).resolves({ SecretString: SECRET });
  eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
});

describe('POST /api/payments/stripe-webhook', () => {
  it('answers 400 to a bad signature and publishes nothing', async () => {
    const body = payload('payment_intent.amount_capturable_updated');
    const res = await handler(
      apiEvent(body, { 'stripe-signature': sign(body, 'whsec_someone_else') }),
      context,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toMatchObject({ error: { code: 'validation_failed' } });
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('answers 400 to a body changed after signing, and to a missing header', async () => {
    const body = payload('payment_intent.amount_capturable_updated');
    const tampered = body.replace('pi_1', 'pi_2');
    expect((await handler(apiEvent(tampered, { 'stripe-signature': sign(body) }), context)).statusCode).toBe(
      400,
    );
    expect((await handler(apiEvent(body, {}), context)).statusCode).toBe(400);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('publishes a correctly signed payment_intent event to the payments bus once', async () => {
    const body = payload('payment_intent.amount_capturable_updated');
    const res = await handler(apiEvent(body, { 'stripe-signature': sign(body) }), context);
    expect(res.statusCode).toBe(200);
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(1);
    const entry = calls[0]!.args[0].input.Entries![0]!;
    expect(entry).toMatchObject({
      EventBusName: 'payments',
      Source: 'marketplace.stripe-webhook',
      DetailType: 'payment_intent.amount_capturable_updated',
    });
    expect(JSON.parse(entry.Detail!)).toMatchObject({ id: 'evt_1', data: { object: { id: 'pi_1' } } });
  });

  it('acknowledges other event types without publishing them', async () => {
    const body = payload('customer.created');
    const res = await handler(apiEvent(body, { 'stripe-signature': sign(body) }), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ relayed: false });
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});
