/**
 * The admin's failed-mails screen in a real Chromium against the local stack (DESIGN §4f, issue 20): a mail that
 * failed every retry is listed with its recipient, subject and reason, and 「再送」 delivers it (it arrives in the
 * SES outbox) and takes it off the list; a double click resends once and says so once, and several mails can be
 * chosen and resent together (issue 32 items 2 and 12). Giving up on a mail takes five attempts over about eight minutes, so the
 * test brings one there directly through the outbox adapter (written, claimed, failed), as the sender would.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { DynamoMailOutbox, outboxPut } from '../../functions/adapters/dynamodb/mail-outbox';
import { createDocumentClient } from '../../functions/adapters/dynamodb/repositories';
import { transactWrite } from '../../functions/adapters/dynamodb/transactions';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb-local';
import { signInAsAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { uniqueEmail } from './support/guest-flow';
import { horizontalOverflow, waitForMail } from './support/host-flow';

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

/** The admin's failed-mails screen, signing in first when the area asks. */
async function openFailedMails(): Promise<Page> {
  const page = await session.newPage();
  await page.goto('/admin/mails');
  const signIn = page.getByRole('heading', { name: '管理者サインイン' });
  const heading = page.getByRole('heading', { name: 'メール送信エラー', level: 1 });
  await signIn.or(heading).first().waitFor();
  if (await signIn.isVisible()) {
    await signInAsAdmin(page);
    await page.waitForURL('**/admin/mails');
  }
  await heading.waitFor();
  return page;
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

  it('a double click on 再送 resends once and says so once, with no error after the success (issue 32)', async () => {
    const mail = await failedMail();
    const page = await openFailedMails();
    const resends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/admin/mails/${mail.id}/resend`))
        resends.push(r.url());
    });
    const row = page.getByTestId('failed-mail-row').filter({ hasText: mail.subject });
    await row.waitFor();
    await row.getByRole('button', { name: /再送/ }).evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
    await page.getByTestId('toast').filter({ hasText: 'メールを再送しました' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(resends).toHaveLength(1);
    await expect(page.getByTestId('toast').filter({ hasText: '再送できません' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('resends the mails chosen, together, and says how it went in one line (issue 32)', async () => {
    const mails = [await failedMail(), await failedMail(), await failedMail()];
    const page = await openFailedMails();
    for (const mail of mails)
      await page.getByTestId('failed-mail-row').filter({ hasText: mail.subject }).waitFor();
    for (const mail of mails.slice(0, 2)) {
      await page.getByRole('checkbox', { name: `${mail.to} へのメール「${mail.subject}」を選択` }).check();
    }
    await page.getByText('2 件を選択中').waitFor();
    await screenshot(page, 'admin-failed-mails-selected-desktop');
    const sentAfter = Date.now();
    await page.getByRole('button', { name: '選択した 2 件を再送' }).click();
    await page.getByTestId('toast').filter({ hasText: '2 件のメールを再送しました（送信 2 件）' }).waitFor();
    for (const mail of mails.slice(0, 2)) {
      await page
        .getByTestId('failed-mail-row')
        .filter({ hasText: mail.subject })
        .waitFor({ state: 'detached' });
      await waitForMail(mail.to, mail.subject, sentAfter);
      expect((await outbox.get(mail.id))?.status).toBe('sent');
    }
    // The third was not chosen: still failed, still listed.
    await page.getByTestId('failed-mail-row').filter({ hasText: mails[2]!.subject }).waitFor();
    expect((await outbox.get(mails[2]!.id))?.status).toBe('failed');
    await page.close();

    // At 375 px the choice and the rows fit the width.
    const phone = await openBrowser({ viewport: { width: 375, height: 812 } });
    try {
      const small = await phone.newPage();
      await small.goto('/admin/mails');
      await small.waitForURL(/\/admin\/signin/);
      await signInAsAdmin(small);
      await small.waitForURL('**/admin/mails');
      await small.getByTestId('failed-mail-row').filter({ hasText: mails[2]!.subject }).waitFor();
      await small
        .getByRole('checkbox', { name: `${mails[2]!.to} へのメール「${mails[2]!.subject}」を選択` })
        .check();
      await screenshot(small, 'admin-failed-mails-selected-mobile');
      expect(await horizontalOverflow(small)).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
