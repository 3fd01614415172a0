/**
 * The concierge's offers over real HTTP through the local stack on DynamoDB Local (issue 31): an offer holds its
 * slot as a booking does (what a guest sees in the availability), the guest's link opens and books it exactly once,
 * withdrawing or expiring gives the slot back exactly once, a pre-approved offer is approved as soon as the card is
 * authorised, and the host sees the booking marked as via the concierge.
 */
import { randomUUID } from 'node:crypto';
import { addDays } from '../../../functions/domain/calendar';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoOfferRepository } from '../../../functions/adapters/dynamodb/offer-repository';
import type { AdminOfferView, GuestOfferDetail } from '../../../functions/domain/offers';
import type { Host } from '../../../functions/domain/entities';
import { DEMO_ADMIN, DEMO_HOST } from '../../../scripts/seed/hosts';
import {
  addExperience,
  adminMadeHost,
  bearer,
  bookingBody,
  call,
  completePayment,
  createBooking,
  freeSlots,
  outbox,
  signIn,
  startApiWorld,
  type ApiWorld,
  type CreatedBooking,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
let adminToken: string;
let hostToken: string;
let host: Host;

beforeAll(async () => {
  world = await startApiWorld('api-offers-');
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
  hostToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  host = (await call<Host>(world, 'GET', '/api/host/me', undefined, bearer(hostToken))).body;
});
afterAll(async () => {
  await world?.stop();
});
afterEach(() => {
  world.stack.clock.reset();
});

const admin = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(adminToken));

function offerBody(experienceId: string, slot: Slot, overrides: Record<string, unknown> = {}) {
  return {
    experienceId,
    date: slot.date,
    time: slot.time,
    guests: 2,
    totalAmount: 30_000,
    message: '昼食付きのプライベートツアーをご用意しました。',
    expiresInHours: 24,
    guest: { name: 'Kim Jiwoo', email: `jiwoo.${randomUUID().slice(0, 8)}@example.com`, locale: 'ko' },
    ...overrides,
  };
}

/**
 * A new experience of the demo host (capacity 1, hourly 09:00–17:00) and its first free slot two days into the
 * bookable window: the tests move the clock an hour, and from 23:00 in Tokyo that moves the window a day, which would
 * take the window's first day (and its slot) out of what guests can book.
 */
async function experienceAndSlot(): Promise<{ experienceId: string; slot: Slot }> {
  const experience = await addExperience(world, { hostId: host.id });
  const free = await freeSlots(world, experience.id);
  const slot = free[0] && free.find((s) => s.date >= addDays(free[0]!.date, 2));
  if (!slot) throw new Error('no free slot');
  return { experienceId: experience.id, slot };
}

async function makeOffer(overrides: Record<string, unknown> = {}) {
  const { experienceId, slot } = await experienceAndSlot();
  const body = offerBody(experienceId, slot, overrides);
  const res = await admin<AdminOfferView>('POST', '/api/admin/offers', body);
  if (res.status !== 201) throw new Error(`offer: ${res.status} ${res.text}`);
  return { offer: res.body, body, experienceId, slot };
}

const isFree = async (experienceId: string, slot: Slot) =>
  (await freeSlots(world, experienceId)).some((s) => s.date === slot.date && s.time === slot.time);

const guestBooking = (email: string) => ({
  guest: { ...bookingBody('x', { date: '', time: '' }).guest, email },
});

const book = (token: string, email: string) =>
  call<CreatedBooking & ErrorBody>(world, 'POST', `/api/offers/${token}/book`, guestBooking(email));

const runJob = () =>
  call<{ processed: number; read: number; finished: boolean; expired: number; warned: number }>(
    world,
    'POST',
    '/api/local-jobs/expire-offers',
  );

const advance = (hours: number) => call(world, 'POST', '/api/local-clock/advance', { hours });

const mailsTo = async (email: string) =>
  (await outbox(world)).filter((m) => m.destination.to.includes(email));

describe('making an offer', () => {
  it('holds the slot, mails the guest in their language with the link, and the guest link opens it', async () => {
    const { offer, body, experienceId, slot } = await makeOffer();
    expect(offer).toMatchObject({ status: 'sent', totalAmount: 30_000, platformFee: expect.any(Number) });
    expect(offer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(offer.url).toMatch(new RegExp(`/ko/offer/${offer.token}$`));
    // What the next guest sees: the slot is gone.
    expect(await isFree(experienceId, slot)).toBe(false);
    // A normal booking of the held slot is refused.
    const taken = await call<ErrorBody>(world, 'POST', '/api/bookings', bookingBody(experienceId, slot));
    expect(taken.status).toBe(409);

    const [mail] = await mailsTo(body.guest.email);
    expect(mail?.subject).toContain('제안');
    expect(mail?.body.text).toContain(`/ko/offer/${offer.token}`);

    const seen = await call<GuestOfferDetail>(world, 'GET', `/api/offers/${offer.token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      status: 'opened',
      date: slot.date,
      time: slot.time,
      guests: 2,
      totalAmount: 30_000,
      durationMinutes: 60,
      preApproved: false,
      guest: { name: 'Kim Jiwoo', email: body.guest.email, locale: 'ko' },
      experience: { id: experienceId },
    });
    const listed = await admin<{ items: AdminOfferView[] }>('GET', '/api/admin/offers?status=opened');
    expect(listed.body.items.map((o) => o.id)).toContain(offer.id);
    expect((await call(world, 'GET', `/api/offers/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('refuses bad offers with Japanese messages and holds nothing', async () => {
    const { experienceId, slot } = await experienceAndSlot();
    for (const bad of [
      { totalAmount: -1 },
      { totalAmount: 0 },
      { totalAmount: 10_000_001 },
      { totalAmount: 1000.5 },
      { expiresInHours: 0 },
      { expiresInHours: 100 },
      { guests: 7 },
      { message: '' },
      { message: 'あ'.repeat(10_000) },
      { guest: { name: 'A', email: 'not-an-email', locale: 'ko' } },
      { platformFee: 40_000 },
    ]) {
      const res = await admin<ErrorBody>('POST', '/api/admin/offers', offerBody(experienceId, slot, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    const past = await admin<ErrorBody>(
      'POST',
      '/api/admin/offers',
      offerBody(experienceId, { date: '2020-01-01', time: slot.time }),
    );
    expect(past.status).toBe(409);
    expect(past.body.error.code).toBe('slot_unavailable');
    expect(past.body.error.message).toMatch(/予約できません/);
    const offRule = await admin<ErrorBody>(
      'POST',
      '/api/admin/offers',
      offerBody(experienceId, { ...slot, time: '03:00' }),
    );
    expect(offRule.status).toBe(409);
    const unknown = await admin<ErrorBody>('POST', '/api/admin/offers', offerBody(randomUUID(), slot));
    expect(unknown.status).toBe(404);
    expect(await isFree(experienceId, slot)).toBe(true);
  });

  it('refuses a slot already at capacity, and an offer on a suspended host’s experience', async () => {
    const { experienceId, slot } = await experienceAndSlot();
    await createBooking(world, bookingBody(experienceId, slot));
    const full = await admin<ErrorBody>('POST', '/api/admin/offers', offerBody(experienceId, slot));
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('slot_unavailable');

    const other = await adminMadeHost(world, adminToken, '停止予定の事業者', 'offer-suspended');
    const theirs = await addExperience(world, { hostId: other.id });
    const suspended = await admin('POST', `/api/admin/hosts/${other.id}/suspend`, { reason: 'テスト' });
    expect(suspended.status).toBe(200);
    const [theirSlot] = await freeSlots(world, experienceId);
    const refused = await admin<ErrorBody>('POST', '/api/admin/offers', offerBody(theirs.id, theirSlot!));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('host_not_bookable');
    expect(refused.body.error.message).toMatch(/ホスト/);
  });
});

describe('offers from an inquiry, and the admin list', () => {
  it('an offer from an inquiry sets it waiting and is listed with it; an unknown inquiry is 404 and holds nothing', async () => {
    const asked = await call<{ id: string }>(world, 'POST', '/api/inquiries', {
      name: 'Kim Jiwoo',
      email: `jiwoo.${randomUUID().slice(0, 8)}@example.com`,
      locale: 'ko',
      message: '가족 네 명이 하루 투어를 하고 싶어요.',
    });
    expect(asked.status).toBe(201);
    const inquiryId = asked.body.id;
    const { offer } = await makeOffer({ inquiryId });
    expect(offer.inquiryId).toBe(inquiryId);
    const inquiry = await world.doc.send(
      new GetCommand({
        TableName: world.stack.config.tableName,
        Key: { PK: `INQUIRY#${inquiryId}`, SK: 'INQUIRY' },
      }),
    );
    expect(inquiry.Item?.status).toBe('waiting');
    const repo = new DynamoOfferRepository(world.doc, world.stack.config.tableName, 'http://localhost:3000');
    expect((await repo.listByInquiry(inquiryId)).map((o) => o.id)).toEqual([offer.id]);
    // The concierge's inquiry page lists it, and the inbox moved the inquiry out of the new ones.
    const detail = await admin<{ status: string; offers: AdminOfferView[] }>(
      'GET',
      `/api/admin/inquiries/${inquiryId}`,
    );
    expect(detail.body.status).toBe('waiting');
    expect(detail.body.offers.map((o) => [o.id, o.status])).toEqual([[offer.id, 'sent']]);
    const waiting = await admin<{ items: { id: string }[] }>('GET', '/api/admin/inquiries?status=waiting');
    expect(waiting.body.items.map((i) => i.id)).toContain(inquiryId);

    const { experienceId, slot } = await experienceAndSlot();
    const missing = await admin<ErrorBody>(
      'POST',
      '/api/admin/offers',
      offerBody(experienceId, slot, { inquiryId: randomUUID() }),
    );
    expect(missing.status).toBe(404);
    expect(await isFree(experienceId, slot)).toBe(true);
  });

  it('pages the admin list newest first with a cursor, and refuses an unknown status', async () => {
    await makeOffer();
    await makeOffer();
    const first = await admin<{ items: AdminOfferView[]; cursor?: string }>(
      'GET',
      '/api/admin/offers?limit=1',
    );
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.cursor).toBeDefined();
    const second = await admin<{ items: AdminOfferView[] }>(
      'GET',
      `/api/admin/offers?limit=1&cursor=${encodeURIComponent(first.body.cursor!)}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.createdAt <= first.body.items[0]!.createdAt).toBe(true);
    expect(second.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    const bad = await admin<ErrorBody>('GET', '/api/admin/offers?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});

describe('booking an offer', () => {
  it('two guests paying one offer at once: one 201, one 409 offer_not_open, one booking, the slot counted once', async () => {
    const { offer, experienceId, slot } = await makeOffer({ totalAmount: 25_000 });
    const answers = await Promise.all([
      book(offer.token, `a.${randomUUID().slice(0, 6)}@example.com`),
      book(offer.token, `b.${randomUUID().slice(0, 6)}@example.com`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const won = answers.find((a) => a.status === 201)!;
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.error.code).toBe('offer_not_open');
    expect(won.body).toMatchObject({ status: 'awaiting_payment', amount: 25_000, currency: 'JPY' });
    const [state] = await world.repo.slots.listStates(experienceId, slot.date, slot.date);
    expect(state?.booked).toBe(1);
    const [day] = await world.repo.slots.listTourDays(experienceId, slot.date, slot.date);
    expect(day?.held[slot.time]).toBe(1);
    const seen = await call<GuestOfferDetail>(world, 'GET', `/api/offers/${offer.token}`);
    expect(seen.body.status).toBe('booked');
    expect(seen.body.bookingReference).toBe(won.body.reference);
    // Used: a third try books nothing and says so.
    const again = await book(offer.token, 'c@example.com');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already been booked/);
  });

  it('a normal offer becomes a request for the host, marked via the concierge, with the offer’s amount and fee; a denial frees the slot', async () => {
    const { offer } = await makeOffer({ totalAmount: 33_000, platformFee: 3_000 });
    const created = await book(offer.token, `req.${randomUUID().slice(0, 6)}@example.com`);
    expect(created.status).toBe(201);
    await completePayment(world, created.body);
    const stored = await world.repo.bookings.get(created.body.bookingId);
    expect(stored).toMatchObject({
      status: 'pending',
      amount: 33_000,
      platformFee: 3_000,
      offerId: offer.id,
      source: 'offer',
    });
    const list = await call<{ items: { id: string; viaConcierge?: boolean }[] }>(
      world,
      'GET',
      '/api/host/bookings',
      undefined,
      bearer(hostToken),
    );
    const item = list.body.items.find((b) => b.id === created.body.bookingId);
    expect(item?.viaConcierge).toBe(true);
    const detail = await admin<{ viaConcierge?: boolean }>(
      'GET',
      `/api/admin/bookings/${created.body.bookingId}`,
    );
    expect(detail.body.viaConcierge).toBe(true);
    const admins = await admin<{ items: AdminOfferView[] }>('GET', '/api/admin/offers?status=booked');
    expect(admins.body.items.find((o) => o.id === offer.id)).toMatchObject({
      bookingId: created.body.bookingId,
      bookingReference: created.body.reference,
    });
    // The booking holds exactly what the offer held: the host's denial gives the slot back, once.
    const denied = await call(
      world,
      'POST',
      `/api/host/bookings/${created.body.bookingId}/deny`,
      { reason: '当日は別の予約が入りました' },
      bearer(hostToken),
    );
    expect(denied.status).toBe(200);
    expect(await isFree(offer.experience.id, { date: offer.date, time: offer.time })).toBe(true);
    const [state] = await world.repo.slots.listStates(offer.experience.id, offer.date, offer.date);
    expect(state?.booked ?? 0).toBe(0);
  });

  it('a pre-approved offer is captured and approved once the card is authorised, and the host is told', async () => {
    const { offer } = await makeOffer({ preApproved: true, totalAmount: 41_000 });
    const created = await book(offer.token, `pre.${randomUUID().slice(0, 6)}@example.com`);
    expect(created.status).toBe(201);
    await completePayment(world, created.body);
    const stored = await world.repo.bookings.get(created.body.bookingId);
    expect(stored?.status).toBe('approved');
    expect(stored?.preApproved).toBe(true);
    const earnings = await world.repo.money.earningsOf(created.body.bookingId);
    expect(earnings?.gross).toBe(41_000);
    const hostMails = (await mailsTo(DEMO_HOST.email)).filter((m) =>
      m.subject.includes(created.body.reference),
    );
    expect(hostMails.length).toBeGreaterThan(0);
  });

  it('an unpaid hold that lapses gives the slot back to the offer, which can be booked again', async () => {
    const { offer, experienceId, slot } = await makeOffer();
    const first = await book(offer.token, `lapse.${randomUUID().slice(0, 6)}@example.com`);
    expect(first.status).toBe(201);
    await advance(1);
    const job = await call(world, 'POST', '/api/local-jobs/expire-bookings');
    expect(job.status).toBe(200);
    const seen = await call<GuestOfferDetail>(world, 'GET', `/api/offers/${offer.token}`);
    expect(seen.body.status).toBe('opened');
    expect(await isFree(experienceId, slot)).toBe(false);
    const [state] = await world.repo.slots.listStates(experienceId, slot.date, slot.date);
    expect(state?.booked).toBe(1);
    const second = await book(offer.token, `lapse2.${randomUUID().slice(0, 6)}@example.com`);
    expect(second.status).toBe(201);
  });
});

describe('withdrawing and expiring', () => {
  it('withdrawing releases the slot (a normal booking then succeeds); a withdrawn offer books nothing', async () => {
    const { offer, experienceId, slot } = await makeOffer();
    const withdrawn = await admin<{ status: string }>('POST', `/api/admin/offers/${offer.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect(await isFree(experienceId, slot)).toBe(true);
    const again = await admin<{ status: string }>('POST', `/api/admin/offers/${offer.id}/withdraw`);
    expect(again.status).toBe(200);
    const [state] = await world.repo.slots.listStates(experienceId, slot.date, slot.date);
    expect(state?.booked ?? 0).toBe(0);
    const refused = await book(offer.token, 'late@example.com');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('offer_not_open');
    expect(refused.body.error.message).toMatch(/withdrawn/);
    expect((await call(world, 'POST', '/api/bookings', bookingBody(experienceId, slot))).status).toBe(201);
    expect((await admin('POST', `/api/admin/offers/${randomUUID()}/withdraw`)).status).toBe(404);
  });

  it('a booked offer cannot be withdrawn', async () => {
    const { offer } = await makeOffer();
    expect((await book(offer.token, `w.${randomUUID().slice(0, 6)}@example.com`)).status).toBe(201);
    const res = await admin<ErrorBody>('POST', `/api/admin/offers/${offer.id}/withdraw`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/予約済み/);
  });

  it('warns once, then expires, releasing the slot and mailing the guest once; paying after the expiry is 409', async () => {
    const { offer, body, experienceId, slot } = await makeOffer({ expiresInHours: 1 });
    const warned = await runJob();
    expect(warned.status).toBe(200);
    expect(warned.body.warned).toBeGreaterThanOrEqual(1);
    expect((await runJob()).body).toMatchObject({ warned: 0, expired: 0, finished: true });
    expect((await mailsTo(body.guest.email)).length).toBe(2);

    await advance(1);
    // Past its expiry the guest reads it as expired and cannot pay, even before the job ran.
    const seen = await call<GuestOfferDetail>(world, 'GET', `/api/offers/${offer.token}`);
    expect(seen.body.status).toBe('expired');
    const late = await book(offer.token, 'late@example.com');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/expired/);
    expect(await isFree(experienceId, slot)).toBe(false);

    const expired = await runJob();
    expect(expired.body.expired).toBeGreaterThanOrEqual(1);
    expect(await isFree(experienceId, slot)).toBe(true);
    expect((await runJob()).body).toMatchObject({ expired: 0, warned: 0 });
    const mails = await mailsTo(body.guest.email);
    expect(mails).toHaveLength(3);
    expect(mails.at(-1)?.subject).toContain('만료');
    const [state] = await world.repo.slots.listStates(experienceId, slot.date, slot.date);
    expect(state?.booked ?? 0).toBe(0);
  });

  it('the expiry job racing a payment at the expiry: exactly one of booked or expired, the slot counted once', async () => {
    const { offer, experienceId, slot } = await makeOffer({ expiresInHours: 1 });
    await advance(1);
    const [job, paid] = await Promise.all([runJob(), book(offer.token, 'racer@example.com')]);
    expect(job.status).toBe(200);
    const seen = await call<GuestOfferDetail>(world, 'GET', `/api/offers/${offer.token}`);
    const [state] = await world.repo.slots.listStates(experienceId, slot.date, slot.date);
    if (paid.status === 201) {
      expect(seen.body.status).toBe('booked');
      expect(state?.booked).toBe(1);
    } else {
      expect(paid.status).toBe(409);
      expect(seen.body.status).toBe('expired');
      expect(state?.booked ?? 0).toBe(0);
    }
  });
});
