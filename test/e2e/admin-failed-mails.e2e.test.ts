/**
 * The admin's failed-mails screen in a real Chromium against the local stack (DESIGN §4f, issue 20): a mail that
 * failed every retry is listed with its recipient, subject and reason, and 「再送」 delivers it (it arrives in the
 * SES outbox) and takes it off the list. Giving up on a mail takes five attempts over about eight minutes, so the
 * test brings one there directly through the outbox adapter (written, claimed, failed), as the sender would.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DynamoMailOutbox, outboxPut } from '../../functions/adapters/dynamodb/mail-outbox';
import { createDocumentClient } from '../../functions/adapters/dynamodb/repositories';
import { transactWrite } from '../../functions/adapters/dynamodb/transactions';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb-local';
import { signInAsAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { uniqueEmail } from './support/guest-flow';
import { waitForMail } from './support/host-flow';

let session: BrowserSession;
const table = inject('dynamodb');
const doc = createDocumentClient({ ...table, credentials: LOCAL_CREDENTIALS });
const outbox = new DynamoMailOutbox(doc, table.tableName);

beforeAll(async () => {
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
  doc.destroy();
});

/** A mail the sender gave up on: in the outbox, claimed, and failed with SES's error. */
async function failedMail(): Promise<{ id: string; to: string; subject: string }> {
  const mail = {
    id: randomUUID(),
    kind: 'guest_request_received',
    to: uniqueEmail('failed-mail'),
    language: 'en' as const,
    subject: `Booking request received: E2E ${randomUUID().slice(0, 8)}`,
    text: 'Your request was received.',
    html: '<p>Your request was received.</p>',
    attachments: [],
  };
  const now = new Date();
  await transactWrite(doc, () => [outboxPut(table.tableName, mail, now)]);
  const claim = await outbox.claim(mail.id, now, new Date(now.getTime() + 60_000));
  if (!claim) throw new Error('the sender took the mail first');
  await outbox.markFailed(claim, now, 'SES did not send the mail (ServiceUnavailable: Service Unavailable)');
  return mail;
}

describe('failed mails', () => {
  it('lists a mail that failed every retry and resends it from there', async () => {
    const mail = await failedMail();
    const page = await session.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await page.goto('/admin/mails');
    await page.waitForURL(/\/admin\/signin/);
    await signInAsAdmin(page);
    await page.waitForURL('**/admin/mails');
    await page.getByRole('heading', { name: 'メール送信エラー', level: 1 }).waitFor();
    await expect(
      page
        .getByRole('navigation', { name: 'メインメニュー' })
        .getByRole('link', { name: 'メール送信エラー' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');

    const row = page.getByTestId('failed-mail-row').filter({ hasText: mail.subject });
    await row.waitFor();
    for (const text of [mail.to, 'ServiceUnavailable', '試行 1 回']) {
      await expect(row.textContent()).resolves.toContain(text);
    }
    await screenshot(page, 'admin-failed-mails-desktop');

    const sentAfter = Date.now();
    await row.getByRole('button', { name: /再送/ }).click();
    await page.getByTestId('toast').filter({ hasText: 'メールを再送しました' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const arrived = await waitForMail(mail.to, mail.subject, sentAfter);
    expect(arrived.destination.to).toEqual([mail.to]);
    expect((await outbox.get(mail.id))?.status).toBe('sent');
    expect(errors).toEqual([]);
  });
});
