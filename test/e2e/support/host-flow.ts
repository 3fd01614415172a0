/**
 * Steps of the host back office shared by the host e2e files: the mail outbox (sign-up and reset codes, booking
 * mails), signing in through the host sign-in page, and what a phone-width page must not do.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import type { AppConfig } from '../../../web/src/lib/config';
import { asAdmin } from './admin-flow';

export interface OutboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export async function outbox(): Promise<OutboxMail[]> {
  const res = await fetch(new URL('store', inject('mailboxUrl')));
  return ((await res.json()) as { emails: OutboxMail[] }).emails;
}

/** Waits for a mail to `to` whose subject contains `subject` (mail goes out right after the request answers). */
export async function waitForMail(
  to: string,
  subject: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox())
      .filter(
        (m) =>
          // The outbox stamps mails in whole seconds.
          m.at * 1000 >= after - 1000 &&
          m.subject.includes(subject) &&
          m.destination.to.some((d) => d.toLowerCase().includes(to.toLowerCase())),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The 6-digit code of a sign-up or password-reset mail. */
export function codeOf(mail: OutboxMail): string {
  const text = `${mail.body.text ?? ''} ${(mail.body.html ?? '').replace(/<[^>]+>/g, ' ')}`;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

export async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'ホストログイン' }).waitFor();
  await page.getByRole('textbox', { name: /^メールアドレス/ }).fill(email);
  await page
    .getByLabel(/^パスワード/, { exact: false })
    .and(page.locator('input'))
    .fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** The page's width beyond the viewport (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export const uniqueHostEmail = (label: string) =>
  `host-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A host who signed up alone (through the host pool's API, as the sign-up screen does) and confirmed the mailed
 * code: under review until an admin approves them (DESIGN §4d).
 */
export async function registeredHostUnderReview(
  label: string,
  businessName = 'Kurushima Tide Tours',
): Promise<{ email: string; password: string }> {
  const email = uniqueHostEmail(label);
  const password = 'kurushima-2026';
  const config = (await (await fetch(`${inject('baseUrl')}/config.json`)).json()) as AppConfig;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.cognito.endpoint!,
    region: 'local',
    credentials: LOCAL_CREDENTIALS,
  });
  const clientId = config.cognito.hostPool.clientId;
  try {
    const started = Date.now();
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'custom:business_name', Value: businessName },
        ],
      }),
    );
    const code = codeOf(await waitForMail(email, 'ホスト登録の確認コード', started));
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
    );
  } finally {
    cognito.destroy();
  }
  return { email, password };
}

/**
 * The demo admin approves a self-registered host (who starts under review and cannot publish before), through the
 * admin API with a real sign-in (password and TOTP code); the admin screens' approval has its own tests.
 */
export async function approveHostAsAdmin(email: string): Promise<string> {
  const list = await asAdmin<{ items: { id: string; email: string }[] }>(
    'GET',
    '/api/admin/hosts?reviewStatus=underReview&limit=100',
  );
  const host = list.body.items.find((h) => h.email.toLowerCase() === email.toLowerCase());
  if (!host) throw new Error(`${email} is not under review`);
  const res = await asAdmin('POST', `/api/admin/hosts/${encodeURIComponent(host.id)}/approve`);
  if (res.status !== 200) throw new Error(`approve ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return host.id;
}

/**
 * Finishes a host's payout-account onboarding as the local onboarding page does (publishing needs it, DESIGN §4g);
 * `failPayouts`: the bank account refuses payouts.
 */
export async function enableHostPayouts(
  hostId: string,
  options: { failPayouts?: boolean } = {},
): Promise<void> {
  const res = await fetch(
    `${inject('baseUrl')}/api/local-payments/accounts/${encodeURIComponent(hostId)}/complete`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options),
    },
  );
  if (res.status !== 200) throw new Error(`payout account of ${hostId}: ${res.status} ${await res.text()}`);
}

/** A camera-like JPEG of `width`×`height` in one colour, named as a host's photo would be. */
export async function photoFile(name: string, width = 1200, height = 800, hue = 30) {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120 + hue, b: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Chooses photos in the experience form's main-image picker and waits until every upload finished. */
export async function uploadMainPhotos(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  await page.getByLabel('メイン画像を選択').setInputFiles(files);
  const tiles = page.getByRole('list', { name: 'メイン画像' }).getByRole('listitem');
  await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(files.length);
  await expect.poll(() => page.getByRole('progressbar', { name: /のアップロード/ }).count()).toBe(0);
}

/**
 * `path` on the site's own origin (`localhost`, the SITE_URL of the local stack). The tests' browser talks to
 * 127.0.0.1, but presigned upload forms name the site's origin, and a page on another origin may not post to it:
 * pages that upload photos are opened here (they sign in again, the session being per origin).
 */
export function onSiteOrigin(baseUrl: string, path: string): string {
  const url = new URL(path, baseUrl);
  url.hostname = 'localhost';
  return url.toString();
}

/** Opens `url`; when the area sends the browser to sign-in first, signs in and waits to be back at `url`. */
export async function openSignedIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url);
  const signIn = page.getByRole('heading', { name: 'ホストログイン' });
  // Signed in: the sidebar, or on a phone the button that opens it.
  const area = page
    .getByRole('navigation', { name: 'メインメニュー' })
    .or(page.getByRole('button', { name: 'メニューを開く' }));
  await signIn.or(area).first().waitFor();
  if (await signIn.isVisible()) {
    await signInOnPage(page, email, password);
    // Back at `url`'s page (a glob on the path alone would never match a URL with a query).
    const { pathname } = new URL(url, page.url());
    await page.waitForURL((at) => at.pathname === pathname);
  }
}

/**
 * A photo uploaded as the host of `token` does from the form (`POST /api/host/uploads`, then the presigned form):
 * the key an experience form names in `mainImages` (publishing needs a photo).
 */
export async function uploadedPhotoKey(baseUrl: string, token: string): Promise<string> {
  const photo = await photoFile('cover.jpg', 1200, 800);
  const res = await fetch(`${baseUrl}/api/host/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      purpose: 'experience-image',
      contentType: photo.mimeType,
      size: photo.buffer.length,
    }),
  });
  if (res.status !== 201) throw new Error(`presign: ${res.status} ${await res.text()}`);
  const upload = (await res.json()) as { key: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(photo.buffer)]), photo.name);
  // The form names the site's origin (localhost); the same server answers at the tests' address.
  const posted = await fetch(new URL(new URL(upload.url).pathname, baseUrl), { method: 'POST', body: form });
  if (posted.status !== 204) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
  return upload.key;
}
