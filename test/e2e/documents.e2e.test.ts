/**
 * Receipts and statements in a real Chromium (issue 28): a guest whose booking was charged downloads the receipt
 * from the Korean lookup page with an addressee, and the PDF (read back with a PDF text extractor) says 領収書 and
 * 영수증, the amount, 但し and the addressee; the host records an invoice registration number in the profile and
 * downloads the month's 支払通知書 from 売上・振込, which prints it with the month's payout.
 *
 * Everything is the test's own: a host made by the admin API, an experience of theirs, a booking paid with the
 * local test card and approved, its earnings made due as `support/money-flow.ts` says.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { postJson, uniqueEmail } from './support/guest-flow';
import { enableHostPayouts, openSignedIn } from './support/host-flow';
import { adminMadeHost, approvedBooking, makePayable, moneyRepositories } from './support/money-flow';

const repos = moneyRepositories();

let session: BrowserSession;
const host = {
  email: uniqueEmail('documents-host'),
  password: 'Uchiko#Wax2027',
  businessName: `Uchiko Candles ${randomUUID().slice(0, 4)}`,
  id: '',
};
const guest = {
  firstName: 'Minsu',
  lastName: 'Kim',
  email: uniqueEmail('documents-guest'),
  phone: '+82 2 312 3456',
  nationality: 'Korea, Republic of',
};
/** A corporate number whose check digit is right (9 − (Σ digits × 1, 2 from the right) mod 9): nobody's. */
const HOST_INVOICE_NUMBER = 'T1550123456789';
let booking: { bookingId: string; reference: string };

beforeAll(async () => {
  session = await openBrowser();
  await adminMadeHost(session.baseUrl, host);
  await enableHostPayouts(host.id);
  // Two guests at ¥12,000 of the host's own experience, booked in Korean, paid and approved: ¥24,000 charged.
  booking = await approvedBooking(session.baseUrl, repos, host, {
    title: '内子の和ろうそく作り',
    price: 12_000,
    guestLocale: 'ko',
    guest,
  });
});

afterAll(async () => {
  await session?.close();
  repos.close();
});

/** A downloaded PDF's text (the browser runs behind a WebSocket: the file is copied here to be read). */
async function pdfText(download: Download): Promise<{ size: number; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'documents-'));
  try {
    await download.saveAs(join(dir, 'file.pdf'));
    const bytes = new Uint8Array(readFileSync(join(dir, 'file.pdf')));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    return { size: bytes.byteLength, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('documents, in the browser', () => {
  it('a guest downloads the receipt from the Korean lookup page, with an addressee', async () => {
    const page = await session.newPage();
    await page.goto('/ko/booking-confirmation');
    const lookup = page.getByRole('dialog', { name: '예약 확인' });
    await lookup.getByLabel('이메일').fill(guest.email);
    await lookup.getByLabel('예약 번호').fill(booking.reference);
    await lookup.getByRole('button', { name: '내 예약 확인하기' }).click();
    const section = page.getByRole('region', { name: '영수증 (領収書)' });
    await section.waitFor();
    await section.getByLabel('받는 분 (宛名)').fill('주식회사 한빛여행');
    await section.getByLabel('결제 내용 (但し書き)').fill('체험 요금');
    await screenshot(page, 'guest-receipt-ko-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: '영수증 내려받기' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${booking.reference}.pdf`);
    const { size, text } = await pdfText(download);
    expect(size).toBeLessThan(80_000);
    for (const expected of [
      '領収書',
      '영수증',
      '주식회사 한빛여행 様',
      '但し 체험 요금として',
      '¥24,000-',
      // ⌊24,000 × 10 / 110⌋, once for the receipt.
      '¥2,181',
      '消費税',
      'クレジットカード決済',
      `R-${booking.reference}-01`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('再発行');
    await page.close();
  });

  it('the host records a registration number and downloads the month’s 支払通知書 with the payout', async () => {
    // The tour has been over for 48 hours (see the file's note), and the daily payout job runs.
    await makePayable(repos, booking.bookingId);
    expect((await postJson(session.baseUrl, '/api/local-jobs/pay-hosts', {})).status).toBe(200);

    const page = await session.newPage();
    await openSignedIn(page, `${session.baseUrl}/host/profile`, host.email, host.password);
    const number = page.getByTestId('invoice-registration-number');
    await number.fill('T1550123456788');
    await page.getByRole('button', { name: 'プロフィールを保存' }).click();
    await page.getByText('登録番号が法人番号の検査用数字と一致しません').waitFor();
    await number.fill(HOST_INVOICE_NUMBER);
    await page.getByRole('button', { name: 'プロフィールを保存' }).click();
    await page.getByText('プロフィール情報を更新しました').waitFor();

    await page.goto('/host/earnings');
    // 24,000 less the 15 % fee (3,600): the host's 20,400, paid out this month.
    const row = page.getByTestId('statement-row').first();
    await expect.poll(() => row.textContent()).toContain('¥20,400');
    await screenshot(page, 'host-statements-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /の支払通知書をダウンロード$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^支払通知書_\d{4}-\d{2}\.pdf$/);
    const { text } = await pdfText(download);
    for (const expected of ['支払通知書', '適格請求書', host.businessName, HOST_INVOICE_NUMBER, '¥20,400']) {
      expect(text, expected).toContain(expected);
    }
    await page.close();
  });
});
