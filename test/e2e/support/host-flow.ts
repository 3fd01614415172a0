/**
 * Steps of the host back office shared by the host e2e files: the mail outbox (sign-up and reset codes, booking
 * mails), signing in through the host sign-in page, and what a phone-width page must not do.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { signInToPool } from '../../../scripts/local/cognito-sign-in';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import type { AppConfig } from '../../../web/src/lib/config';

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

/** An ID token of the demo admin for the admin API: a real sign-in (password and TOTP code). */
export async function adminApiToken(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const admin = inject('demoAdmin');
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as AppConfig;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.cognito.endpoint!,
    region: 'local',
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const tokens = await signInToPool(cognito, {
      clientId: config.cognito.adminPool.clientId,
      email: admin.email,
      password: admin.password,
      totpSecret: admin.totpSecret,
    });
    return tokens.IdToken!;
  } finally {
    cognito.destroy();
  }
}

/**
 * The demo admin approves a self-registered host (who starts under review and cannot publish before), through the
 * admin API with a real sign-in (password and TOTP code); the admin screens' approval has its own tests.
 */
export async function approveHostAsAdmin(email: string): Promise<void> {
  const baseUrl = inject('baseUrl');
  const headers = { authorization: `Bearer ${await adminApiToken()}` };
  const list = (await (
    await fetch(`${baseUrl}/api/admin/hosts?reviewStatus=underReview&limit=100`, { headers })
  ).json()) as { items: { id: string; email: string }[] };
  const host = list.items.find((h) => h.email.toLowerCase() === email.toLowerCase());
  if (!host) throw new Error(`${email} is not under review`);
  const res = await fetch(`${baseUrl}/api/admin/hosts/${encodeURIComponent(host.id)}/approve`, {
    method: 'POST',
    headers,
  });
  if (res.status !== 200) throw new Error(`approve ${email}: ${res.status} ${await res.text()}`);
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
  const area = page.getByRole('navigation', { name: 'メインメニュー' });
  await signIn.or(area).first().waitFor();
  if (await signIn.isVisible()) {
    await signInOnPage(page, email, password);
    await page.waitForURL(`**${new URL(url).pathname}`);
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
