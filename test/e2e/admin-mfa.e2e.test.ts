/**
 * Admin TOTP in a real Chromium against the local stack (issue 16 item 5, DESIGN §4d): a new admin of our own
 * (uniquely named) signs in for the first time, enrols an authenticator from the QR code's key, has a wrong code
 * refused, and lands on the dashboard; at the next sign-in the pool asks for a code, and a wrong one is refused again.
 * Codes are computed with `otpauth` from the key the page shows, as an authenticator app would.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb-local';
import { totpCode } from '../../scripts/local/totp';
import { ensureUser } from '../../scripts/seed/seed';
import type { AppConfig } from '../../web/src/lib/config';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { uniqueEmail } from './support/guest-flow';

let session: BrowserSession;
let config: AppConfig;

beforeAll(async () => {
  session = await openBrowser();
  config = (await (await fetch(`${session.baseUrl}/config.json`)).json()) as AppConfig;
});

afterAll(async () => {
  await session?.close();
});

/** An administrator with a password of its own (an operator's `AdminSetUserPassword`) and no authenticator yet. */
async function createAdmin(email: string, password: string): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.cognito.endpoint!,
    region: 'local',
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await ensureUser(cognito, config.cognito.adminPool.userPoolId, email, password);
  } finally {
    cognito.destroy();
  }
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/admin/signin');
  await page.getByRole('heading', { name: '管理者サインイン' }).waitFor();
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
}

/** A six-digit code that is not the current one (nor the neighbouring steps' codes, which are also accepted). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe('admin TOTP', () => {
  const email = uniqueEmail('ops-mfa');
  const password = 'ops-mfa-password';
  let secret: string;

  it('enrols an authenticator at first sign-in: QR code and key, a wrong code refused, then the dashboard', async () => {
    await createAdmin(email, password);
    const context = await session.browser.newContext({ baseURL: session.baseUrl, locale: 'ja-JP' });
    const page = await context.newPage();
    await passwordStep(page, email, password);

    await page.getByRole('heading', { name: '二段階認証の設定' }).waitFor();
    const qr = page.getByRole('img', { name: '認証アプリで読み取るQRコード' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = (await page.locator('[data-secret]').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The key as shown, for typing into an app: the same characters in groups of four.
    expect((await page.locator('[data-secret]').textContent())!.replace(/\s/g, '')).toBe(secret);
    await screenshot(page, 'admin-totp-setup-desktop');

    const code = page.getByLabel(/^確認コード（6桁）/);
    await code.fill(wrongCode(secret));
    await page.getByRole('button', { name: '設定してサインイン' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('確認コードが正しくありません');
    expect(new URL(page.url()).pathname).toBe('/admin/signin');

    await code.fill(totpCode(secret));
    await page.getByRole('button', { name: '設定してサインイン' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    await context.close();
  });

  it('asks the enrolled admin for a code at the next sign-in, refusing a wrong one', async () => {
    const context = await session.browser.newContext({ baseURL: session.baseUrl, locale: 'ja-JP' });
    const page = await context.newPage();
    await passwordStep(page, email, password);
    await page.getByRole('heading', { name: '二段階認証', exact: true }).waitFor();
    await screenshot(page, 'admin-totp-code-desktop');
    const code = page.getByLabel(/^確認コード（6桁）/);
    await code.fill(wrongCode(secret));
    await page.getByRole('button', { name: '確認', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('確認コードが正しくありません');

    await code.fill(totpCode(secret));
    await page.getByRole('button', { name: '確認', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });
});
