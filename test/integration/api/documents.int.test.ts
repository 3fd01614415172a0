/**
 * Receipts, statements and invoice registration numbers over HTTP through the local stack (issue 28): every PDF is
 * fetched as a browser would and read back with a PDF text extractor, for its amounts, its registration numbers and
 * 再発行; the statement's totals are checked against the ledger's entries; and the bad input of the issue answers a
 * clear 4xx (Japanese in the back office), never a 500 and never another host's numbers.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHostView } from '../../../functions/domain/back-office-views';
import { addDays, monthInZone, todayInTokyo, TOKYO_TIME_ZONE } from '../../../functions/domain/calendar';
import { SAMPLE_DOCUMENT_ISSUER } from '../../../functions/domain/document-issuer';
import { invoiceRegistrationMessages } from '../../../functions/domain/invoice-registration';
import type { LedgerEntry } from '../../../functions/domain/money';
import { formatYenSymbol } from '../../../functions/domain/pricing';
import { statementMonthMessages } from '../../../functions/domain/statement-document';
import {
  addExperience,
  adminMadeHost,
  bearer,
  bookingBody,
  call,
  callFrom,
  completePayment,
  createBooking,
  demoAdminToken,
  enablePayouts,
  freeSlots,
  ledgerEntries,
  localNow,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let adminToken: string;

beforeAll(async () => {
  world = await startApiWorld('documents');
  adminToken = await demoAdminToken(world);
}, 240_000);

afterAll(async () => world?.stop());

const asAdmin = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(adminToken));

interface TestHost {
  id: string;
  token: string;
}

/** A host of this test whose payouts are enabled. */
async function newHost(name: string): Promise<TestHost> {
  const host = await adminMadeHost(world, adminToken, name, 'documents');
  await enablePayouts(world, host.id);
  return host;
}

const now = () => localNow(world);

/** A paid request (`pending`) of two guests at ¥8,000, for the first free slot `daysAhead` days from now. */
async function request(experienceId: string, daysAhead: number, overrides: Record<string, unknown> = {}) {
  const from = addDays(todayInTokyo(await now()), daysAhead);
  const slot = (await freeSlots(world, experienceId)).find((s) => s.date >= from)!;
  const body = bookingBody(experienceId, slot, overrides);
  const created = await createBooking(world, body);
  await completePayment(world, created);
  return { ...created, email: body.guest.email, date: slot.date };
}

async function approve(host: TestHost, bookingId: string) {
  const res = await call(world, 'POST', `/api/host/bookings/${bookingId}/approve`, {}, bearer(host.token));
  expect(res.status).toBe(200);
  await world.stack.events.idle();
}

/** A PDF answer's bytes and its text as a reader would copy it. */
async function pdfOf(res: Response): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return { bytes, text };
}

const receipt = (body: Record<string, unknown>) =>
  fetch(`${world.origin}/api/bookings/receipt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The receipt from another loopback address: a client of its own for the attempt limits. */
const receiptFrom = (from: string, body: Record<string, unknown>) =>
  callFrom(from, world, 'POST', '/api/bookings/receipt', body);

const getPdf = (path: string, token: string) => fetch(`${world.origin}${path}`, { headers: bearer(token) });

async function errorOf(res: Response): Promise<ErrorBody['error'] & { status: number }> {
  return { status: res.status, ...((await res.json()) as ErrorBody).error };
}

/** The ledger entries of some bookings. */
async function entriesOf(bookingIds: string[]): Promise<LedgerEntry[]> {
  return (await ledgerEntries(world)).filter((e) => e.bookingId !== null && bookingIds.includes(e.bookingId));
}

let host: TestHost;
let experienceId: string;

describe('documents', () => {
  beforeAll(async () => {
    host = await newHost('松山サイクリング');
    experienceId = (
      await addExperience(world, { hostId: host.id, price: 8_000, title: '道後温泉ガイドツアー' })
    ).id;
  });

  it('a receipt: 404 as the lookup, 409 before a charge, then the PDF with the amount, its tax and the T-number', async () => {
    const booking = await request(experienceId, 4);
    const pair = { email: booking.email, reference: booking.reference };

    // A wrong e-mail is the lookup's own 404, word for word.
    const wrong = { ...pair, email: 'someone.else@example.com' };
    const lookup404 = await call<ErrorBody>(world, 'POST', '/api/bookings/lookup', wrong);
    const receipt404 = await receipt(wrong);
    expect(receipt404.status).toBe(404);
    expect(await receipt404.json()).toEqual(lookup404.body);

    // A request is authorised, not charged.
    const pending = await receipt(pair);
    expect(pending.status).toBe(409);
    expect((await errorOf(pending)).message).toMatch(/Nothing was charged/);

    await approve(host, booking.bookingId);
    const res = await receipt({ ...pair, addressee: '株式会社みかん', purpose: 'ツアー代' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`receipt-R-${booking.reference}-01.pdf`);
    const { bytes, text } = await pdfOf(res);
    expect(bytes.byteLength).toBeLessThan(80_000);
    expect(text).toContain('領収書');
    expect(text).toContain('Receipt');
    expect(text).toContain(`R-${booking.reference}-01`);
    expect(text).toContain('株式会社みかん 様');
    expect(text).toContain('但し ツアー代として');
    expect(text).toContain('¥16,000-');
    // ⌊16,000 × 10 / 110⌋ = 1,454, once for the document.
    expect(text).toContain('¥1,454');
    expect(text).toContain('消費税');
    expect(text).toContain('クレジットカード決済');
    expect(text).toContain(SAMPLE_DOCUMENT_ISSUER.invoiceRegistrationNumber);
    expect(text).not.toContain('再発行');
  });

  it('a refund makes the next receipt a reissue (再発行) of the new amount; every issue is recorded', async () => {
    const booking = await request(experienceId, 5, { guestLocale: 'ko' });
    await approve(host, booking.bookingId);
    const pair = { email: booking.email, reference: booking.reference };
    const first = await pdfOf(await receipt({ ...pair, addressee: '김민수' }));
    expect(first.text).toContain('영수증');
    expect(first.text).toContain('김민수 様');
    expect(first.text).toContain('¥16,000-');

    const cancelled = await asAdmin('POST', `/api/admin/bookings/${booking.bookingId}/cancel`, {
      reason: '天候のため一部返金',
      refundAmount: 5_000,
    });
    expect(cancelled.status).toBe(200);
    await world.stack.events.idle();

    const again = await receipt(pair);
    expect(again.status).toBe(200);
    const { text } = await pdfOf(again);
    expect(text).toContain('再発行');
    expect(text).toContain('재발행');
    expect(text).toContain(`R-${booking.reference}-02`);
    expect(text).toContain(`R-${booking.reference}-01`);
    expect(text).toContain('¥11,000-');
    expect(text).toContain('-¥5,000');
    expect(text).toContain('¥1,000'); // ⌊11,000 × 10 / 110⌋
    // The guest's default addressee is their own name.
    expect(text).toContain('Emma Stone 様');

    const records = await world.doc.send(
      new QueryCommand({
        TableName: world.stack.config.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': `BOOKING#${booking.bookingId}`, ':sk': 'RECEIPT#' },
      }),
    );
    expect(
      (records.Items ?? []).map((r) => [r.documentNumber, r.amount, r.tax, r.addressee, typeof r.issuedAt]),
    ).toEqual([
      [`R-${booking.reference}-01`, 16_000, 1_454, '김민수', 'string'],
      [`R-${booking.reference}-02`, 11_000, 1_000, 'Emma Stone', 'string'],
    ]);
  });

  it('409 for a fully refunded or denied booking; 400 for a long addressee or control characters', async () => {
    const refunded = await request(experienceId, 6);
    await approve(host, refunded.bookingId);
    const cancel = await call(
      world,
      'POST',
      `/api/host/bookings/${refunded.bookingId}/cancel`,
      { reason: '台風のため中止' },
      bearer(host.token),
    );
    expect(cancel.status).toBe(200);
    await world.stack.events.idle();
    const full = await receipt({ email: refunded.email, reference: refunded.reference });
    expect(full.status).toBe(409);

    const denied = await request(experienceId, 7);
    const deny = await call(
      world,
      'POST',
      `/api/host/bookings/${denied.bookingId}/deny`,
      { reason: '満席のため' },
      bearer(host.token),
    );
    expect(deny.status).toBe(200);
    expect((await receipt({ email: denied.email, reference: denied.reference })).status).toBe(409);

    const pair = { email: refunded.email, reference: refunded.reference };
    for (const bad of [
      { addressee: 'あ'.repeat(500) },
      { addressee: 'Acme\nInc' },
      { purpose: 'x'.repeat(61) },
      { addressee: 'evil\u202Etxt' },
      { purpose: 12 },
    ]) {
      const res = await receipt({ ...pair, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await errorOf(res)).code).toBe('validation_failed');
    }
  });

  it('shares the lookup’s attempt limits: 429 after ten wrong e-mails for one reference from one client', async () => {
    const booking = await request(experienceId, 8);
    const wrong = { email: 'guess@example.com', reference: booking.reference };
    for (let i = 0; i < 10; i++) expect((await receiptFrom('127.0.0.9', wrong)).status).toBe(404);
    const limited = await receiptFrom('127.0.0.9', wrong);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lookup from that client for that reference is limited too: one allowance for both.
    expect((await callFrom('127.0.0.9', world, 'POST', '/api/bookings/lookup', wrong)).status).toBe(429);
  });

  it('the host’s invoice registration number: checked, kept, shown to the admin', async () => {
    const patch = (body: Record<string, unknown>) =>
      call<ErrorBody & Record<string, unknown>>(world, 'PATCH', '/api/host/me', body, bearer(host.token));
    const malformed = await patch({ invoiceRegistrationNumber: 'T12345' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(malformed.body.error.fields?.invoiceRegistrationNumber).toBe(invoiceRegistrationMessages.format);
    const wrongDigit = await patch({ invoiceRegistrationNumber: 'T8000012050002' });
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.error.fields?.invoiceRegistrationNumber).toBe(
      invoiceRegistrationMessages.checkDigit,
    );
    // A sole proprietor's number has no published check digit: its form is enough.
    const individual = await patch({
      invoiceRegistrationNumber: 'T8000012050002',
      invoiceRegistrant: 'individual',
    });
    expect(individual.status).toBe(200);
    const ok = await patch({
      invoiceRegistrationNumber: 'ｔ６５０００-０１０００００１',
      invoiceRegistrant: 'corporation',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      invoiceRegistrationNumber: 'T6500001000001',
      invoiceRegistrant: 'corporation',
    });
    const me = await call<Record<string, unknown>>(
      world,
      'GET',
      '/api/host/me',
      undefined,
      bearer(host.token),
    );
    expect(me.body).toMatchObject({ invoiceRegistrationNumber: 'T6500001000001', commissionPercent: 15 });
    const seen = await asAdmin<AdminHostView>('GET', `/api/admin/hosts/${host.id}`);
    expect(seen.body).toMatchObject({ invoiceRegistrationNumber: 'T6500001000001' });
  });

  it('the monthly statement: every booking of the tour month, the payouts, the fee as a qualified invoice, to the yen of the ledger', async () => {
    // The tours above are 4–8 days ahead: move past them and pay the host.
    await call(world, 'POST', '/api/local-clock/advance', { hours: 24 * 12 });
    await call(world, 'POST', '/api/local-jobs/complete-bookings');
    const paid = await call<{ payouts: number }>(world, 'POST', '/api/local-jobs/pay-hosts');
    expect(paid.status).toBe(200);
    await world.stack.events.idle();

    const list = await call<{ items: { month: string; bookings: number; net: number; paidOut: number }[] }>(
      world,
      'GET',
      '/api/host/statements',
      undefined,
      bearer(host.token),
    );
    expect(list.status).toBe(200);
    const earnings = await call<{ items: { bookingId: string; reference: string; tourDate: string }[] }>(
      world,
      'GET',
      '/api/host/earnings?limit=100',
      undefined,
      bearer(host.token),
    );
    const months = [...new Set(earnings.body.items.map((e) => e.tourDate.slice(0, 7)))];
    for (const month of months) {
      const line = list.body.items.find((i) => i.month === month);
      expect(line, month).toBeDefined();
      const ofMonth = earnings.body.items.filter((e) => e.tourDate.startsWith(month));
      expect(line!.bookings).toBe(ofMonth.length);

      const res = await getPdf(`/api/host/statements/${month}`, host.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const { text } = await pdfOf(res);
      expect(text).toContain('支払通知書');
      expect(text).toContain('適格請求書');
      expect(text).toContain(SAMPLE_DOCUMENT_ISSUER.invoiceRegistrationNumber);
      expect(text).toContain('T6500001000001');
      for (const e of ofMonth) expect(text).toContain(e.reference);

      // The totals are the ledger's: the entries of the month's bookings, line by line.
      const entries = await entriesOf(ofMonth.map((e) => e.bookingId));
      const sum = (account: string) =>
        entries
          .flatMap((e) => e.lines)
          .filter((l) => l.account === account)
          .reduce((s, l) => s + l.amount, 0);
      const gross = -sum('guest_payments');
      const fee = sum('platform_fees');
      const refunded = sum('refunds') + sum('disputes');
      const net = sum(`host:${host.id}`);
      expect(gross - refunded).toBe(fee + net);
      expect(line!.net).toBe(net);
      for (const amount of [gross, fee, refunded, net]) expect(text).toContain(formatYenSymbol(amount));
      // The fee's consumption tax, once for the statement.
      expect(text).toContain(formatYenSymbol(Math.floor((fee * 10) / 110)));
    }

    // The payout appears in the statement of the month it was made in.
    const payouts = await call<{ items: { amount: number; createdAt: string; status: string }[] }>(
      world,
      'GET',
      '/api/host/payouts',
      undefined,
      bearer(host.token),
    );
    expect(payouts.body.items.length).toBeGreaterThan(0);
    const payout = payouts.body.items[0]!;
    const payoutMonth = monthInZone(new Date(payout.createdAt), TOKYO_TIME_ZONE);
    const withPayout = await pdfOf(await getPdf(`/api/host/statements/${payoutMonth}`, host.token));
    expect(withPayout.text).toContain('この月の振込');
    expect(withPayout.text).toContain(formatYenSymbol(payout.amount));

    // The admin's copy says the same.
    const adminCopy = await getPdf(`/api/admin/hosts/${host.id}/statements/${months[0]}`, adminToken);
    expect(adminCopy.status).toBe(200);
    expect((await pdfOf(adminCopy)).text).toContain('支払通知書');
    const adminList = await asAdmin<{ items: unknown[] }>('GET', `/api/admin/hosts/${host.id}/statements`);
    expect(adminList.body.items).toEqual(list.body.items);
  });

  it('bad months are 400 in Japanese, an empty month 404, and no host reads another host’s numbers', async () => {
    const current = monthInZone(await now(), TOKYO_TIME_ZONE);
    const [y, m] = current.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    for (const [month, message] of [
      ['2026-13', statementMonthMessages.malformed],
      ['2026-1', statementMonthMessages.malformed],
      ['abcd', statementMonthMessages.malformed],
      [next, statementMonthMessages.future],
    ] as const) {
      const res = await getPdf(`/api/host/statements/${month}`, host.token);
      const error = await errorOf(res);
      expect(error.status, month).toBe(400);
      expect(error.message).toBe(message);
      expect(error.fields?.month).toBe(message);
    }
    const empty = await errorOf(await getPdf('/api/host/statements/2020-01', host.token));
    expect(empty).toMatchObject({ status: 404, message: statementMonthMessages.notFound });

    // Another host has no activity that month: 404, never the first host's statement.
    const other = await newHost('Kurushima Tides');
    const earnings = await call<{ items: { tourDate: string }[] }>(
      world,
      'GET',
      '/api/host/earnings',
      undefined,
      bearer(host.token),
    );
    const month = earnings.body.items[0]!.tourDate.slice(0, 7);
    expect((await getPdf(`/api/host/statements/${month}`, other.token)).status).toBe(404);
    const otherList = await call<{ items: unknown[] }>(
      world,
      'GET',
      '/api/host/statements',
      undefined,
      bearer(other.token),
    );
    expect(otherList.body.items).toEqual([]);
    // A host's token opens no admin route; an unknown host is 404 in Japanese.
    expect([401, 403]).toContain(
      (await getPdf(`/api/admin/hosts/${host.id}/statements/${month}`, other.token)).status,
    );
    expect(
      await errorOf(await getPdf(`/api/admin/hosts/no-such-host/statements/${month}`, adminToken)),
    ).toMatchObject({
      status: 404,
      message: 'ホストが見つかりません',
    });
  });
});
