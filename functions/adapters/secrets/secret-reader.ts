/**
 * Reads secrets (the Stripe keys) from Secrets Manager once per cold start, refreshed after a few minutes so an
 * operator's rotation reaches warm functions without a deploy. The value `unset` is what the stack creates before
 * the operator fills the secret in; it reads as "not configured".
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { callLimits } from '../outside-calls';

export const UNSET_SECRET = 'unset';
const REFRESH_MS = 5 * 60 * 1000;

export interface SecretReader {
  /** The secret's value, or `undefined` while it is unset. */
  read(secretId: string): Promise<string | undefined>;
}

export function createSecretsManagerReader(
  client: Pick<SecretsManagerClient, 'send'> = new SecretsManagerClient(callLimits('secretsManager')),
  now: () => number = Date.now,
): SecretReader {
  const cache = new Map<string, { value: string | undefined; at: number }>();
  return {
    async read(secretId) {
      const hit = cache.get(secretId);
      if (hit && now() - hit.at < REFRESH_MS) return hit.value;
      const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      const raw = answer.SecretString?.trim();
      const value = !raw || raw === UNSET_SECRET ? undefined : raw;
      cache.set(secretId, { value, at: now() });
      return value;
    },
  };
}
