/**
 * Paying hosts over HTTP through the local stack (issue 27, DESIGN §4g and §6 wave 4): payout accounts and the
 * local onboarding page, commission, destination charges with their fees, refunds split in proportion, the payout
 * job with holds, disputes and failing banks, two jobs at once, duplicate and reordered events, and the ledger's
 * invariants after each.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHostView } from '../../../functions/domain/back-office-views';
import { addDays, todayInTokyo } from '../../../functions/domain/calendar';
import { hostTotalNames } from '../../../functions/domain/money';
import {
  addExperience,
  adminMadeHost,
  bearer,
  call,
  demoAdminToken,
  enablePayouts,
  freeSlots,
  ledgerEntries,
  pendingBooking,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
let adminToken: string;

const asAdmin = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(adminToken));

beforeAll(async () => {
  world = await startApiWorld('payouts');
  adminToken = await demoAdminToken(world);
}, 240_000);

afterAll(async () => world?.stop());

interface TestHost {
  id: string;
  token: string;
}

/** A host of this test (admin-created, password changed at first sign-in). */
const newHost = (name = 'Kurushima Tides'): Promise<TestHost> =>
  adminMadeHost(world, adminToken, name, 'payout');

/** An experience of the host (written as the use cases would), open every day, one group per slot. */
async function experienceOf(host: TestHost, price = 10_000) {
  return addExperience(world, { hostId: host.id, price, participantsMin: 1, participantsMax: 6 });
}

/** A slot of the experience `daysAhead` days after today (Tokyo). */
async function slotOn(experienceId: string, daysAhead: number): Promise<Slot> {
  const date = addDays(todayInTokyo(new Date(await now())), daysAhead);
  const slot = (await freeSlots(world, experienceId)).find((s) => s.date >= date);
  if (!slot) throw new Error('no free slot');
  return slot;
}

async function now(): Promise<string> {
  const res = await call<{ now: string }>(world, 'POST', '/api/local-clock/advance', { hours: 0 });
  return res.body.now;
}

/** A booking of `guests` at the experience's price, paid and approved by its host: a captured charge. */
async function approvedBooking(host: TestHost, experienceId: string, slot: Slot, guests = 2) {
  const { created } = await pendingBooking(world, experienceId, slot);
  void guests;
  const approve = await call(
    world,
    'POST',
    `/api/host/bookings/${created.bookingId}/approve`,
    {},
    bearer(host.token),
  );
  expect(approve.status).toBe(200);
  await world.stack.events.idle();
  return created;
}

interface EarningsAnswer {
  items: {
    bookingId: string;
    reference: string;
    gross: number;
    platformFee: number;
    refunded: number;
    net: number;
    status: string;
    payoutId?: string;
  }[];
  totals: { upcoming: number; payable: number; onHold: number; paid: number; balance: number };
}

const earnings = async (host: TestHost) =>
  (await call<EarningsAnswer>(world, 'GET', '/api/host/earnings', undefined, bearer(host.token))).body;

const earningsOf = async (host: TestHost, bookingId: string) =>
  (await earnings(host)).items.find((e) => e.bookingId === bookingId)!;

const payHosts = async () => {
  const res = await call<Record<string, number | boolean>>(world, 'POST', '/api/local-jobs/pay-hosts');
  expect(res.status).toBe(200);
  await world.stack.events.idle();
  return res.body;
};

const advanceDays = async (days: number) => {
  await call(world, 'POST', '/api/local-clock/advance', { hours: days * 24 });
  await call(world, 'POST', '/api/local-jobs/complete-bookings');
};

const allEntries = () => ledgerEntries(world);

/** The invariants of DESIGN §4g, from the entries and from the counters the routes read. */
async function expectLedgerBalanced(hostIds: string[] = []) {
  const entries = await allEntries();
  for (const entry of entries) {
    expect(
      entry.lines.reduce((s, l) => s + l.amount, 0),
      entry.id,
    ).toBe(0);
    for (const line of entry.lines) expect(Number.isInteger(line.amount)).toBe(true);
  }
  const summary = (
    await asAdmin<{
      collected: number;
      refunded: number;
      platformFees: number;
      hostEarnings: number;
      paidOut: number;
      owedToHosts: number;
    }>('GET', '/api/admin/ledger/summary')
  ).body;
  expect(summary.collected - summary.refunded).toBe(summary.platformFees + summary.hostEarnings);
  expect(summary.owedToHosts).toBe(summary.hostEarnings - summary.paidOut);
  // The counters agree with the entries.
  const sumOf = (account: string) =>
    entries
      .flatMap((e) => e.lines)
      .filter((l) => l.account === account)
      .reduce((s, l) => s + l.amount, 0);
  expect(summary.collected).toBe(-sumOf('guest_payments'));
  expect(summary.platformFees).toBe(sumOf('platform_fees'));
  expect(summary.paidOut).toBe(sumOf('payouts'));
  for (const hostId of hostIds) {
    const totals = await world.repo.money.hostTotals(hostId);
    expect(Object.keys(totals).sort()).toEqual([...hostTotalNames].sort());
    expect(totals.earned - totals.reversed - totals.paidOut).toBe(totals.balance);
    expect(totals.balance).toBe(sumOf(`host:${hostId}`));
  }
}

describe('payout accounts', () => {
  it('onboards a host on the local page, in Japanese, and enables publishing', async () => {
    const host = await newHost();
    const headers = bearer(host.token);
    expect((await call(world, 'GET', '/api/host/payout-account', undefined, headers)).body).toEqual({
      status: 'none',
      requirements: [],
      payoutsEnabled: false,
    });
    const me = await call<{ commissionPercent: number; payoutAccount: { status: string } }>(
      world,
      'GET',
      '/api/host/me',
      undefined,
      headers,
    );
    expect(me.body.commissionPercent).toBe(15);
    expect(me.body.payoutAccount).toEqual({ status: 'none' });

    // Publishing is refused until the account is enabled, in Japanese.
    const draft = await call<{ id: string; updatedAt: string }>(
      world,
      'POST',
      '/api/host/experiences',
      { ...(await formOf()), publicationStatus: 'public' },
      headers,
    );
    expect(draft.status).toBe(409);
    expect((draft.body as unknown as ErrorBody).error.code).toBe('payout_account_required');
    expect((draft.body as unknown as ErrorBody).error.message).toContain('振込先');

    const link = await call<{ url: string }>(
      world,
      'POST',
      '/api/host/payout-account/onboarding',
      {},
      headers,
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toMatch(/^\/api\/local-payments\/onboarding\/acct_local_/);
    const pending = await call<{ status: string; requirements: string[] }>(
      world,
      'GET',
      '/api/host/payout-account',
      undefined,
      headers,
    );
    expect(pending.body.status).toBe('pending');
    expect(pending.body.requirements).toContain('external_account');

    const page = await fetch(link.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('金融機関コード');
    const bank = await call<{ bankName: string; branchName: string }>(
      world,
      'GET',
      '/api/local-payments/banks/0005?branch=001',
    );
    expect(bank.body.bankName).toBe('三菱ＵＦＪ');

    const accountId = url.pathname.split('/').pop()!;
    const submit = (body: Record<string, string>) =>
      call<{ returnUrl: string } | ErrorBody>(world, 'POST', `/api/local-payments/onboarding/${accountId}`, {
        token: url.searchParams.get('token'),
        ...body,
      });
    const wrong = await submit({
      bankCode: '9999',
      branchCode: '12',
      accountNumber: '12345',
      accountHolderName: 'Yamada Hanako',
    });
    expect(wrong.status).toBe(400);
    const fields = (wrong.body as ErrorBody).error.fields!;
    expect(fields.branchCode).toBe('支店コードは3桁の数字で入力してください。');
    expect(fields.accountNumber).toContain('7桁');
    expect(fields.accountHolderName).toContain('カタカナ');
    const unknownBank = await submit({
      bankCode: '9999',
      branchCode: '001',
      accountNumber: '1234567',
      accountHolderName: 'ヤマダ ハナコ',
    });
    expect((unknownBank.body as ErrorBody).error.fields).toEqual({
      bankCode: 'この金融機関コードは見つかりません。',
    });

    const done = await submit({
      bankCode: '0005',
      branchCode: '001',
      accountNumber: '0012345',
      accountHolderName: 'ヤマダ ハナコ',
    });
    expect(done.status).toBe(200);
    expect((done.body as { returnUrl: string }).returnUrl).toMatch(/\/host\/earnings\?onboarding=done$/);
    await world.stack.events.idle();
    // The link is used up.
    expect((await fetch(link.body.url)).status).toBe(404);
    expect((await call(world, 'GET', '/api/host/payout-account', undefined, headers)).body).toEqual({
      status: 'enabled',
      requirements: [],
      payoutsEnabled: true,
      bankLast4: '2345',
    });
    const published = await call(
      world,
      'POST',
      '/api/host/experiences',
      { ...(await formOf()), publicationStatus: 'private' },
      headers,
    );
    expect(published.status).toBe(201);
  });
});

/** A complete experience form (the seeded experience's fields as the host form sends them). */
async function formOf(): Promise<Record<string, unknown>> {
  const categories = await call<{ items: { id: string }[] }>(world, 'GET', '/api/categories');
  return {
    title: 'Tide watching at Kurushima',
    description: 'Whirlpools of the Kurushima strait by boat.',
    price: 9000,
    mainImages: [],
    movie: null,
    detailHeading1: null,
    detailText1: null,
    detailImage1: null,
    detailHeading2: null,
    detailText2: null,
    detailImage2: null,
    postalCode: '794-0001',
    prefecture: 'Ehime',
    city: 'Imabari',
    district: 'Miyashita',
    streetAddress: '1-1',
    building: null,
    mapLat: null,
    mapLng: null,
    cancellationPolicy: null,
    tags: [],
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'private',
    availability: {
      defaultHours: { start: '09:00', end: '17:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 1,
    },
    categoryIds: [categories.body.items[0]!.id],
  };
}

describe('commission and destination charges', () => {
  it('refuses a commission outside 0–50 or for no host, and copies it onto the booking at request time', async () => {
    const host = await newHost();
    await enablePayouts(world, host.id);
    for (const percent of [51, -1, 12.5, '10']) {
      const res = await asAdmin<ErrorBody>('PUT', `/api/admin/hosts/${host.id}/commission`, { percent });
      expect(res.status, String(percent)).toBe(400);
      expect(res.body.error.fields?.percent).toBe('手数料率は0〜50の整数（%）で入力してください。');
    }
    expect(
      (await asAdmin('PUT', `/api/admin/hosts/${randomUUID()}/commission`, { percent: 10 })).status,
    ).toBe(404);
    const set = await asAdmin<AdminHostView>('PUT', `/api/admin/hosts/${host.id}/commission`, {
      percent: 10,
    });
    expect(set.status).toBe(200);
    expect(set.body.commissionPercent).toBe(10);

    const experience = await experienceOf(host, 9_999);
    const first = await approvedBooking(host, experience.id, await slotOn(experience.id, 5));
    // A later change applies to later requests only.
    await asAdmin('PUT', `/api/admin/hosts/${host.id}/commission`, { percent: 50 });
    const second = await approvedBooking(host, experience.id, await slotOn(experience.id, 6));
    const a = await earningsOf(host, first.bookingId);
    const b = await earningsOf(host, second.bookingId);
    // 2 guests × 9,999 = 19,998; 10 % rounded down = 1,999; 50 % = 9,999.
    expect(a).toMatchObject({
      gross: 19_998,
      platformFee: 1_999,
      refunded: 0,
      net: 17_999,
      status: 'upcoming',
    });
    expect(b).toMatchObject({ gross: 19_998, platformFee: 9_999, net: 9_999, status: 'upcoming' });
    const stored = await world.repo.bookings.get(first.bookingId);
    expect(stored).toMatchObject({ commissionPercent: 10, platformFee: 1_999 });
    expect(stored?.destinationAccountId).toMatch(/^acct_local_/);
    const totals = (await earnings(host)).totals;
    expect(totals).toEqual({ upcoming: 17_999 + 9_999, payable: 0, onHold: 0, paid: 0, balance: 27_998 });
    await expectLedgerBalanced([host.id]);
  });

  it('does not book an experience whose host has no account that takes payments', async () => {
    const host = await newHost();
    const experience = await experienceOf(host);
    const slot = (await freeSlots(world, experience.id))[0]!;
    const res = await call<ErrorBody>(world, 'POST', '/api/bookings', {
      experienceId: experience.id,
      date: slot.date,
      time: slot.time,
      guests: 1,
      language: 'en',
      guest: {
        firstName: 'Emma',
        lastName: 'Stone',
        email: 'emma@example.com',
        phone: '+44 20 7946 0000',
        nationality: 'United Kingdom',
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('slot_unavailable');
  });
});

describe('refunds split between the host and the fee', () => {
  it("takes a guest's partial refund from both in proportion, and a host's cancellation refunds the fee too", async () => {
    const host = await newHost();
    await enablePayouts(world, host.id);
    await asAdmin('PUT', `/api/admin/hosts/${host.id}/commission`, { percent: 15 });
    // A rule of 50 % up to 3 days before: the guest cancels 4 days ahead → half back.
    const experience = await experienceOf(host, 3_333);
    await world.repo.experiences.update({
      ...experience,
      refundRule: [{ daysBefore: 3, refundPercentage: 50 }],
    });
    const guestCancel = await approvedBooking(host, experience.id, await slotOn(experience.id, 10));
    const stored = (await world.repo.bookings.get(guestCancel.bookingId))!;
    const cancelled = await call<{ refundAmount: number; chargedAmount: number }>(
      world,
      'POST',
      '/api/bookings/cancel',
      {
        email: stored.email,
        reference: stored.reference,
        code: await cancelCode(stored.email, stored.reference),
      },
    );
    expect(cancelled.status).toBe(200);
    await world.stack.events.idle();
    // Charge 6,666 (2 × 3,333), fee ⌊6,666 × 15 %⌋ = 999; refund 3,333: fee part ⌊3,333 × 999 / 6,666⌋ = 499.
    expect(cancelled.body).toMatchObject({ refundAmount: 3_333, chargedAmount: 6_666 });
    expect(await earningsOf(host, guestCancel.bookingId)).toMatchObject({
      gross: 6_666,
      platformFee: 500,
      refunded: 3_333,
      net: 2_833,
      status: 'upcoming',
    });

    const hostCancel = await approvedBooking(host, experience.id, await slotOn(experience.id, 11));
    const res = await call(
      world,
      'POST',
      `/api/host/bookings/${hostCancel.bookingId}/cancel`,
      { reason: '台風のため' },
      bearer(host.token),
    );
    expect(res.status).toBe(200);
    await world.stack.events.idle();
    expect(await earningsOf(host, hostCancel.bookingId)).toMatchObject({
      gross: 6_666,
      platformFee: 0,
      refunded: 6_666,
      net: 0,
      status: 'paid',
    });
    await expectLedgerBalanced([host.id]);
  });
});

/** The 6-digit cancellation code, where the cancellation needs one (issue 29); none otherwise. */
async function cancelCode(email: string, reference: string): Promise<string | undefined> {
  const asked = await call(world, 'POST', '/api/bookings/cancel-code', { email, reference });
  if (asked.status === 404) return undefined;
  const res = await fetch(`${world.stack.config.sesEndpoint}/store`);
  const mails = ((await res.json()) as { emails: { subject: string; body: { text?: string } }[] }).emails;
  const mail = mails
    .reverse()
    .find((m) => m.subject.includes(reference) && /\b\d{6}\b/.test(m.body.text ?? ''));
  return mail?.body.text?.match(/\b(\d{6})\b/)?.[1];
}

describe('the payout job', () => {
  it('pays each host once, 48 h after the tour, with holds, disputes, failing banks and two runs at once', async () => {
    const paid = await newHost('Paid Promptly');
    const held = await newHost('Held Host');
    const disputed = await newHost('Disputed Host');
    const failing = await newHost('Failing Bank');
    for (const h of [paid, held, disputed]) await enablePayouts(world, h.id);
    await enablePayouts(world, failing.id, { failPayouts: true });
    const bookings = new Map<string, { bookingId: string }[]>();
    for (const h of [paid, held, disputed, failing]) {
      const experience = await experienceOf(h, 5_000);
      const list = [];
      for (const days of [4, 5])
        list.push(await approvedBooking(h, experience.id, await slotOn(experience.id, days)));
      bookings.set(h.id, list);
    }
    // Nothing is payable before the tour.
    expect((await payHosts()).payouts).toBe(0);

    // An admin holds one host's payouts; a blank reason is refused.
    const blank = await asAdmin<ErrorBody>('POST', `/api/admin/hosts/${held.id}/payout-hold`, {
      reason: '  ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields?.reason).toBe('保留の理由を入力してください');
    const hold = await asAdmin<{ payoutHold: { reason: string; since: string; by: string } }>(
      'POST',
      `/api/admin/hosts/${held.id}/payout-hold`,
      { reason: '本人確認の再調査中' },
    );
    expect(hold.status).toBe(200);
    expect(hold.body.payoutHold).toMatchObject({
      reason: '本人確認の再調査中',
      by: world.stack.config.demo.admin.email,
    });
    expect(
      (await asAdmin('POST', `/api/admin/hosts/${held.id}/payout-hold`, { reason: 'again' })).status,
    ).toBe(409);

    // The card holder disputes one charge before the tour.
    const disputedBooking = bookings.get(disputed.id)![0]!.bookingId;
    expect(
      (await call(world, 'POST', '/api/local-payments/disputes', { bookingId: disputedBooking })).status,
    ).toBe(200);
    await world.stack.events.idle();
    expect((await earningsOf(disputed, disputedBooking)).status).toBe('on_hold');

    // 8 days on: every tour ended more than 48 h ago.
    await advanceDays(8);
    const [first, second] = await Promise.all([payHosts(), payHosts()]);
    // Two runs at once: each host paid once (the other run found the host busy or nothing left).
    const payoutsOf = async (h: TestHost) =>
      (
        await call<{
          items: {
            id: string;
            amount: number;
            status: string;
            bookingIds: string[];
            failureMessage?: string;
          }[];
        }>(world, 'GET', '/api/host/payouts', undefined, bearer(h.token))
      ).body.items;
    const paidPayouts = await payoutsOf(paid);
    expect(paidPayouts).toHaveLength(1);
    expect(paidPayouts[0]).toMatchObject({
      status: 'paid',
      amount: 2 * 8_500,
      bookingIds: expect.any(Array),
    });
    expect(paidPayouts[0]!.bookingIds.sort()).toEqual(
      bookings
        .get(paid.id)!
        .map((b) => b.bookingId)
        .sort(),
    );
    // The failing bank's payout is counted as failed, by one of the two runs only.
    expect(Number(first.failed) + Number(second.failed)).toBe(1);
    expect((await earnings(paid)).totals).toEqual({
      upcoming: 0,
      payable: 0,
      onHold: 0,
      paid: 17_000,
      balance: 0,
    });

    // The held host: nothing paid, the earnings payable; the disputed one: only the undisputed booking.
    expect(await payoutsOf(held)).toHaveLength(0);
    expect((await earnings(held)).totals.payable).toBe(17_000);
    const disputedPayouts = await payoutsOf(disputed);
    expect(disputedPayouts).toHaveLength(1);
    expect(disputedPayouts[0]!.bookingIds).toEqual([bookings.get(disputed.id)![1]!.bookingId]);
    expect((await earnings(disputed)).totals).toMatchObject({ onHold: 8_500, paid: 8_500 });

    // The failing bank: the payout failed, the earnings payable again, the bank's reason for host and admin.
    const failed = await payoutsOf(failing);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.status).toBe('failed');
    expect(failed[0]!.failureMessage).toContain('振込に失敗しました');
    expect((await earnings(failing)).totals).toMatchObject({ payable: 17_000, paid: 0, balance: 17_000 });
    const adminFailed = await asAdmin<{
      items: { hostId: string; businessName: string; failureMessage?: string }[];
    }>('GET', '/api/admin/payouts?status=failed');
    expect(adminFailed.body.items.find((p) => p.hostId === failing.id)).toMatchObject({
      businessName: 'Failing Bank',
      failureMessage: expect.stringContaining('The bank account has been closed.'),
    });
    // As Stripe does, payouts to that bank stay off until the host gives another account.
    const failingAccount = await call<{ status: string; requirements: string[]; payoutsEnabled: boolean }>(
      world,
      'GET',
      '/api/host/payout-account',
      undefined,
      bearer(failing.token),
    );
    expect(failingAccount.body).toMatchObject({ payoutsEnabled: false, requirements: ['external_account'] });
    await expectLedgerBalanced([paid.id, held.id, disputed.id, failing.id]);

    // A run again pays nobody twice.
    const again = await payHosts();
    expect(await payoutsOf(paid)).toHaveLength(1);
    expect(Number(again.held)).toBeGreaterThanOrEqual(1);

    // Released: the held host is paid at the next run; the dispute is lost: the host's share goes back.
    expect(
      (await asAdmin<{ payoutHold: null }>('DELETE', `/api/admin/hosts/${held.id}/payout-hold`)).body,
    ).toEqual({
      payoutHold: null,
    });
    const log = await asAdmin<{ items: { action: string }[] }>(
      'GET',
      `/api/admin/hosts/${held.id}/payout-hold-log`,
    );
    expect(log.body.items.map((i) => i.action)).toEqual(['release', 'hold']);
    expect(
      (
        await call(world, 'POST', `/api/local-payments/disputes/${disputedBooking}/close`, {
          outcome: 'lost',
        })
      ).status,
    ).toBe(200);
    await world.stack.events.idle();
    expect(await earningsOf(disputed, disputedBooking)).toMatchObject({
      net: 0,
      refunded: 10_000,
      status: 'paid',
    });
    await enablePayouts(world, failing.id);
    await payHosts();
    expect(await payoutsOf(held)).toHaveLength(1);
    expect((await payoutsOf(failing)).map((p) => p.status)).toEqual(['paid', 'failed']);
    expect((await earnings(disputed)).totals).toMatchObject({ onHold: 0, paid: 8_500, balance: 0 });
    await expectLedgerBalanced([paid.id, held.id, disputed.id, failing.id]);
  });

  it('ends a dispute won as won whatever order its events come in, and pays once with every event twice', async () => {
    const host = await newHost('Won Dispute');
    await enablePayouts(world, host.id);
    const experience = await experienceOf(host, 4_000);
    const booking = await approvedBooking(host, experience.id, await slotOn(experience.id, 4));
    // Held back, then delivered newest first: the closing (won) arrives before the opening. The dispute's state
    // is read from the gateway, so the late opening does not hold the earnings of a dispute already won.
    await call(world, 'POST', '/api/local-faults', { paymentEvents: 'held' });
    await call(world, 'POST', '/api/local-payments/disputes', { bookingId: booking.bookingId });
    await call(world, 'POST', `/api/local-payments/disputes/${booking.bookingId}/close`, { outcome: 'won' });
    await call(world, 'POST', '/api/local-faults', { paymentEvents: 'normal' });
    await world.stack.events.idle();
    expect((await earningsOf(host, booking.bookingId)).status).toBe('upcoming');
    await advanceDays(8);
    await call(world, 'POST', '/api/local-faults', { paymentEvents: 'duplicate' });
    await payHosts();
    await call(world, 'POST', '/api/local-faults', { paymentEvents: 'normal' });
    const e = await earningsOf(host, booking.bookingId);
    expect(e.status).toBe('paid');
    expect((await earnings(host)).totals).toMatchObject({ paid: 6_800, balance: 0 });
    await expectLedgerBalanced([host.id]);
  });

  it("shows a host only their own earnings, and an admin a host's", async () => {
    const host = await newHost();
    const other = await newHost();
    await enablePayouts(world, host.id);
    const experience = await experienceOf(host, 7_000);
    const booking = await approvedBooking(host, experience.id, await slotOn(experience.id, 4));
    expect((await earnings(other)).items.find((e) => e.bookingId === booking.bookingId)).toBeUndefined();
    const admin = await asAdmin<EarningsAnswer>('GET', `/api/admin/hosts/${host.id}/earnings`);
    expect(admin.body.items.map((e) => e.bookingId)).toContain(booking.bookingId);
    expect((await asAdmin('GET', `/api/admin/hosts/${randomUUID()}/earnings`)).status).toBe(404);
    const csv = await fetch(`${world.origin}/api/host/earnings.csv`, { headers: bearer(host.token) });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await csv.arrayBuffer());
    // UTF-8 with a byte-order mark (Excel in Japan reads the file as UTF-8 only with it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('予約番号,体験,体験日')).toBe(true);
    expect(text).toContain('\r\n');
    const bad = await call<ErrorBody>(
      world,
      'GET',
      '/api/host/earnings?status=whatever',
      undefined,
      bearer(host.token),
    );
    expect(bad.status).toBe(400);
    const inverted = await call<ErrorBody>(
      world,
      'GET',
      '/api/host/earnings?from=2030-02-01&to=2030-01-01',
      undefined,
      bearer(host.token),
    );
    expect(inverted.status).toBe(400);
  });

  it('never pays out earnings whose refund is still being made, and pays what is left once it is', async () => {
    const host = await newHost('Refund In Flight');
    await enablePayouts(world, host.id);
    const experience = await experienceOf(host, 6_000);
    const booking = await approvedBooking(host, experience.id, await slotOn(experience.id, 4));
    // The provider answers the admin's partial refund `pending`: the refund is owed until it settles.
    await call(world, 'POST', '/api/local-faults', { refunds: 'pending' });
    const cancelled = await asAdmin('POST', `/api/admin/bookings/${booking.bookingId}/cancel`, {
      reason: 'ゲストの体調不良',
      refundAmount: 4_000,
    });
    expect(cancelled.status).toBe(200);
    expect((await world.repo.bookings.get(booking.bookingId))?.refundStatus).toBe('pending');
    await advanceDays(8);
    await payHosts();
    expect((await earningsOf(host, booking.bookingId)).status).toBe('upcoming');
    // The refund settles (the refund's event records it with its ledger entry); the next run pays the rest.
    await call(world, 'POST', '/api/local-faults', { refunds: 'up' });
    await world.stack.events.idle();
    const refunded = await world.repo.bookings.get(booking.bookingId);
    expect(refunded).toMatchObject({
      refundStatus: 'succeeded',
      refundId: expect.stringMatching(/^re_local_/),
    });
    // 12,000 charged, fee 1,800; 4,000 refunded: 600 from the fee, 3,400 from the host → the host keeps 6,800.
    expect(await earningsOf(host, booking.bookingId)).toMatchObject({
      refunded: 4_000,
      platformFee: 1_200,
      net: 6_800,
    });
    await payHosts();
    expect(await earningsOf(host, booking.bookingId)).toMatchObject({ status: 'paid', net: 6_800 });
    expect((await earnings(host)).totals).toMatchObject({ paid: 6_800, balance: 0 });
    await expectLedgerBalanced([host.id]);
  });
});
