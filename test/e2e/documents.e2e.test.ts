/**
 * Receipts and statements in a real Chromium (issue 28): a guest whose booking was charged downloads the receipt
 * from the Korean lookup page with an addressee, and the PDF (read back with a PDF text extractor) says 領収書 and
 * 영수증, the amount, 但し and the addressee; the host records an invoice registration number in the profile and
 * downloads the month's 支払通知書 from 売上・振込, which prints it with the month's payout.
 *
 * Everything is the test's own: a host made by the admin API, an experience of theirs, a booking paid with the
 * local test card and approved. The shared stack's clock only moves forward, so the booking's earnings are made
 * due by writing their payable time into the past, as the earnings test does.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { inject } from 'vitest';
import { createMoneyRepositories } from '../../functions/adapters/dynamodb/money-repositories';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb-local';
import { adminApiToken, poolIdToken } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { GOOD_CARD_FORM, postJson, uniqueEmail } from './support/guest-flow';
import { enableHostPayouts, openSignedIn } from './support/host-flow';

const table = inject('dynamodb');
const doc = createDocumentClient({ ...table, credentials: LOCAL_CREDENTIALS });
const repos = {
  ...createDynamoRepositories({ doc, tableName: table.tableName }),
  ...createMoneyRepositories({ doc, tableName: table.tableName }),
};

let session: BrowserSession;
const host = {
  email: uniqueEmail('documents-host'),
  password: 'Uchiko#Wax2027',
  businessName: `Uchiko Candles ${randomUUID().slice(0, 4)}`,
  id: '',
};
const guest = { email: uniqueEmail('documents-guest'), firstName: 'Minsu', lastName: 'Kim' };
/** A corporate number whose check digit is right (9 − (Σ digits × 1, 2 from the right) mod 9): nobody's. */
const HOST_INVOICE_NUMBER = 'T1550123456789';
let booking: { bookingId: string; reference: string };

beforeAll(async () => {
  session = await openBrowser();
  const token = await adminApiToken();
  const res = await fetch(`${session.baseUrl}/api/admin/hosts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: host.email,
      password: 'Temporary#2027',
      businessName: host.businessName,
      languages: ['japanese', 'english'],
    }),
  });
  host.id = ((await res.json()) as { id: string }).id;
  await poolIdToken('hostPool', host.email, 'Temporary#2027', null, host.password);
  await enableHostPayouts(host.id);
  booking = await chargedBooking();
});

afterAll(async () => {
  await session?.close();
  doc.destroy();
});

async function hostApi(method: string, path: string, body?: unknown): Promise<void> {
  const token = await poolIdToken('hostPool', host.email, host.password);
  const res = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

/** Two guests at ¥12,000 of the host's own experience, booked in Korean, paid and approved: ¥24,000 charged. */
async function chargedBooking(): Promise<{ bookingId: string; reference: string }> {
  const demoHost = (await repos.hosts.getByEmail(inject('demoHost').email))!;
  const seeded = (await repos.experiences.listByHost(demoHost.id)).items[0]!;
  const now = new Date().toISOString();
  const experience = {
    ...seeded,
    id: randomUUID(),
    hostId: host.id,
    title: `内子の和ろうそく作り ${randomUUID().slice(0, 4)}`,
    price: 12_000,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public' as const,
    availability: {
      defaultHours: { start: '09:00', end: '17:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 3,
    },
    createdAt: now,
    updatedAt: now,
  };
  await repos.experiences.create(experience, []);
  const availability = (await (
    await fetch(
      `${session.baseUrl}/api/experiences/${experience.id}/availability?from=2000-01-01&to=2100-12-31`,
    )
  ).json()) as { dates: Record<string, string[]> };
  const [date, times] = Object.entries(availability.dates)[0]!;
  const created = await postJson<{ bookingId: string; reference: string; payment: { clientSecret: string } }>(
    session.baseUrl,
    '/api/bookings',
    {
      experienceId: experience.id,
      date,
      time: times[0],
      guests: 2,
      language: 'en',
      guestLocale: 'ko',
      guest: {
        firstName: guest.firstName,
        lastName: guest.lastName,
        email: guest.email,
        phone: '+82 2 312 3456',
        nationality: 'Korea, Republic of',
      },
    },
  );
  expect(created.status).toBe(201);
  await postJson(session.baseUrl, '/api/local-payments/confirm', {
    clientSecret: created.body.payment.clientSecret,
    card: GOOD_CARD_FORM,
  });
  await postJson(session.baseUrl, `/api/bookings/${created.body.bookingId}/payment-confirmed`, {});
  await hostApi('POST', `/api/host/bookings/${created.body.bookingId}/approve`, {});
  return { bookingId: created.body.bookingId, reference: created.body.reference };
}

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
    const earnings = (await repos.money.earningsOf(booking.bookingId))!;
    await repos.money.applyMoney({
      before: earnings,
      after: { ...earnings, payableAt: new Date(Date.now() - 60_000).toISOString() },
      entry: null,
    });
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
