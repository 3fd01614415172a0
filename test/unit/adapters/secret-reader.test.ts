import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { createSecretsManagerReader } from '../../../functions/adapters/secrets/secret-reader';

describe('createSecretsManagerReader', () => {
  const sm = mockClient(SecretsManagerClient);
  beforeEach(() => sm.reset());

  it('reads a secret once and serves it from the cache until the refresh interval', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'sk_test_123' });
    let t = 0;
    const reader = createSecretsManagerReader(new SecretsManagerClient({}), () => t);
    expect(await reader.read('arn:stripe')).toBe('sk_test_123');
    t = 60_000;
    expect(await reader.read('arn:stripe')).toBe('sk_test_123');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    t = 6 * 60_000;
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'sk_test_rotated' });
    expect(await reader.read('arn:stripe')).toBe('sk_test_rotated');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('treats the placeholder the stack creates as not configured', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'unset' });
    const reader = createSecretsManagerReader(new SecretsManagerClient({}));
    expect(await reader.read('arn:stripe')).toBeUndefined();
  });
});
