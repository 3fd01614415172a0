/** Browser steps of the admin area shared by the admin tests, and the admin API as the demo admin. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { signInToPool } from '../../../scripts/local/cognito-sign-in';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import { totpCode } from '../../../scripts/local/totp';
import type { AppConfig } from '../../../web/src/lib/config';

/** On the admin sign-in screen: the demo admin's password, then its authenticator's code (the pool requires TOTP). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const admin = inject('demoAdmin');
  await page.getByLabel('メールアドレス').fill(admin.email);
  await page.locator('input[autocomplete="current-password"]').fill(admin.password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await page.getByRole('heading', { name: '二段階認証', exact: true }).waitFor();
  await page.getByLabel(/^確認コード（6桁）/).fill(totpCode(admin.totpSecret!));
  await page.getByRole('button', { name: '確認', exact: true }).click();
}

/**
 * An ID token of a local pool, as the SPA gets one (`USER_PASSWORD_AUTH`; the admin pool asks for a TOTP code of
 * `totpSecret`), for calling the API directly.
 */
export async function poolIdToken(
  pool: 'hostPool' | 'adminPool',
  email: string,
  password: string,
  totpSecret?: string | null,
  /** An account with a temporary password sets this one at its first sign-in. */
  newPassword?: string,
): Promise<string> {
  const config = (await (await fetch(`${inject('baseUrl')}/config.json`)).json()) as AppConfig;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.cognito.endpoint!,
    region: 'local',
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const tokens = await signInToPool(cognito, {
      clientId: config.cognito[pool].clientId,
      email,
      password,
      totpSecret,
      ...(newPassword ? { newPassword } : {}),
    });
    return tokens.IdToken!;
  } finally {
    cognito.destroy();
  }
}

/** An ID token of the demo admin, from a real sign-in (password and TOTP code), for the admin API. */
export function adminApiToken(): Promise<string> {
  const admin = inject('demoAdmin');
  return poolIdToken('adminPool', admin.email, admin.password, admin.totpSecret);
}

/** `method path` of the admin API as the demo admin; the answer's status and JSON body. */
export async function asAdmin<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminApiToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}
