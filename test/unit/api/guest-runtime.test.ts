/**
 * How the runtime picks the payment gateway in AWS: Stripe with the key from Secrets Manager, and a clear 503
 * (never the local gateway) while the operator has not filled the secret in.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import { createPaymentGateway } from '../../../functions/adapters/payments/create-payment-gateway';
import {
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  configureLocalRuntime,
  guestRuntime,
  resetGuestRuntime,
} from '../../../functions/adapters/runtime/guest-runtime';
import { DomainError } from '../../../functions/domain/errors';

const secrets = mockClient(SecretsManagerClient);

const AWS_ENV = {
  STAGE: 'dev',
  AWS_REGION: 'ap-northeast-1',
  TABLE_NAME: 'marketplace-dev',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY_ARN: 'arn:aws:secretsmanager:ap-northeast-1:1:secret:stripe',
  MAIL_FROM: 'Ehime Experiences <no-reply@example.com>',
  SES_CONFIGURATION_SET: 'marketplace-dev',
  SITE_URL: 'https://d111111abcdef8.cloudfront.net',
  IMAGES_PREFIX: 'images/',
  HOST_USER_POOL_ID: 'ap-northeast-1_host',
  ADMIN_USER_POOL_ID: 'ap-northeast-1_admin',
};

beforeEach(() => {
  secrets.reset();
  for (const [name, value] of Object.entries(AWS_ENV)) vi.stubEnv(name, value);
  // The payment-event and job functions get no IMAGES_BUCKET.
  vi.stubEnv('IMAGES_BUCKET', '');
  vi.stubEnv('DYNAMODB_ENDPOINT', '');
  vi.stubEnv('SES_ENDPOINT', '');
  vi.stubEnv('STRIPE_SECRET_KEY', '');
  vi.stubEnv('LOCAL_PAYMENT_STORE', '');
  resetGuestRuntime();
  resetRuntimeAdapters();
});
afterEach(() => {
  resetGuestRuntime();
  resetRuntimeAdapters();
  vi.unstubAllEnvs();
});

describe('guestRuntime() with the environment CDK sets', () => {
  it('builds once per cold start without reading the secret until a payment needs it', () => {
    const runtime = guestRuntime();
    expect(runtime.payments.provider).toBe('stripe');
    expect(guestRuntime()).toBe(runtime);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('answers 503 service_unavailable while the Stripe secret is unset', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'unset' });
    const error = await guestRuntime()
      .payments.retrieve('pi_123')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'service_unavailable', message: PAYMENTS_NOT_CONFIGURED_MESSAGE });
  });

  it('answers 503 when Secrets Manager cannot be read', async () => {
    secrets.on(GetSecretValueCommand).rejects(new Error('AccessDenied'));
    await expect(guestRuntime().payments.retrieve('pi_123')).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});

describe('guestRuntime() with the local payment gateway', () => {
  it('refuses PAYMENT_PROVIDER=local outside the local stack: the Lambda bundles do not carry that gateway', () => {
    vi.stubEnv('PAYMENT_PROVIDER', 'local');
    expect(() => guestRuntime()).toThrow(/PAYMENT_PROVIDER=local runs only in the local stack/);
  });

  it('builds it through the hook the local stack installs', () => {
    vi.stubEnv('PAYMENT_PROVIDER', 'local');
    const built: unknown[] = [];
    configureLocalRuntime({
      localPayments: (config) => {
        built.push(config);
        return createPaymentGateway(config);
      },
    });
    expect(guestRuntime().payments.provider).toBe('local');
    expect(built).toHaveLength(1);
  });
});
