/**
 * The guest booking flow over real HTTP through the local server (DESIGN §4, §6): the same handlers as in Lambda,
 * DynamoDB Local, the local payment gateway with its in-process event bus, and the SES outbox.
 */
import { SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import { LOOKUP_LIMITS } from '../../../functions/use-cases/lookup-booking';
import {
  DECLINED_CARD,
  SEEDED,
  addExperience,
  bookingBody,
  call,
  completePayment,
  createBooking,
  freeSlots,
  mailsAbout,
  payWithCard,
  pendingBooking,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld('api-flow-');
});
afterAll(async () => {
  await world?.stop();
});
afterEach(() => {
  world.stack.clock.reset();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function statusOf(bookingId: string) {
  return (await world.repo.bookings.get(bookingId))?.status;
}

async function hostEmailOf(experienceId: string) {
  const experience = await world.repo.experiences.get(experienceId);
  return (await world.repo.hosts.get(experience!.hostId))!.email;
}

describe('create → local card → payment-confirmed', () => {
  it('answers 201 with the DESIGN §6 shape and the server-computed amount', async () => {
    const [slot] = await freeSlots(world, SEEDED.id);
    const res = await call(world, 'POST', '/api/bookings', bookingBody(SEEDED.id, slot!, { guests: 2 }));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      bookingId: expect.any(String),
      reference: expect.stringMatching(/^[A-Z0-9]{6}$/),
      status: 'awaiting_payment',
      amount: SEEDED.price * 2,
      currency: 'JPY',
      payment: { provider: 'local', clientSecret: expect.stringMatching(/^pi_local_\w+_secret_\w+$/) },
    });
  });

  it('rejects a body that carries an amount (400, nothing held)', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const res = await call<ErrorBody>(
      world,
      'POST',
      '/api/bookings',
      bookingBody(experience.id, slot!, { amount: 1 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
  });

  it('moves the booking to pending once and mails the guest and the host exactly once', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    // A guest of the English site who chose a Japanese-speaking tour.
    const body = bookingBody(experience.id, slot!, { guests: 3, language: 'ja' });
    const created = await createBooking(world, body);
    expect(created.amount).toBe(experience.price * 3);

    const paid = await payWithCard(world, created.payment.clientSecret);
    expect(paid).toMatchObject({ status: 200, body: { status: 'requires_capture' } });

    const confirmed = await call(world, 'POST', `/api/bookings/${created.bookingId}/payment-confirmed`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      bookingId: created.bookingId,
      reference: created.reference,
      status: 'pending',
      amount: experience.price * 3,
      currency: 'JPY',
    });
    await world.stack.events.idle();

    const mails = await mailsAbout(world, created.reference);
    expect(mails.map((m) => m.destination.to[0]).sort()).toEqual(
      [body.guest.email, await hostEmailOf(experience.id)].sort(),
    );
    const guestMail = mails.find((m) => m.destination.to[0] === body.guest.email)!;
    expect(guestMail.subject).toMatch(/^Booking request received: /);
    expect(guestMail.body.text).toContain('Tour language: Japanese');

    const again = await call(world, 'POST', `/api/bookings/${created.bookingId}/payment-confirmed`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(confirmed.body);
    await world.stack.events.idle();
    expect(await mailsAbout(world, created.reference)).toHaveLength(2);
    expect(await statusOf(created.bookingId)).toBe('pending');
  });

  it('mails a guest of the Korean site in Korean (guestLocale ko), the host still in Japanese', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const body = bookingBody(experience.id, slot!, { guestLocale: 'ko' });
    const created = await createBooking(world, body);
    await completePayment(world, created);
    await world.stack.events.idle();

    const mails = await mailsAbout(world, created.reference);
    const guestMail = mails.find((m) => m.destination.to[0] === body.guest.email)!;
    expect(guestMail.subject).toBe(`예약 요청 접수: ${experience.title} (예약 번호 ${created.reference})`);
    expect(guestMail.body.text).toContain('예약을 요청해 주셔서 감사합니다');
    expect(guestMail.body.text).toContain('투어 언어: 영어');
    expect(guestMail.body.html).toContain('<html lang="ko">');
    const hostMail = mails.find((m) => m.destination.to[0] !== body.guest.email)!;
    expect(hostMail.subject).toMatch(/^【新しい予約リクエスト】/);
    expect(await world.repo.bookings.get(created.bookingId)).toMatchObject({ guestLocale: 'ko' });
  });

  it('refuses a site language it does not have (400, nothing held)', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const res = await call<ErrorBody>(
      world,
      'POST',
      '/api/bookings',
      bookingBody(experience.id, slot!, { guestLocale: 'zh' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
  });

  it('answers 409 to payment-confirmed before the card is authorised, and 404 for an unknown booking', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const created = await createBooking(world, bookingBody(experience.id, slot!));
    const early = await call<ErrorBody>(
      world,
      'POST',
      `/api/bookings/${created.bookingId}/payment-confirmed`,
    );
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('state_conflict');
    const unknown = await call<ErrorBody>(world, 'POST', '/api/bookings/no-such-booking/payment-confirmed');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });
});

describe('declined card', () => {
  it('answers 402 card_declined, keeps the booking awaiting payment and mails nobody', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const created = await createBooking(world, bookingBody(experience.id, slot!));
    const declined = await payWithCard(world, created.payment.clientSecret, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ error: { code: 'card_declined', message: 'Your card was declined.' } });
    await world.stack.events.idle();
    const confirm = await call(world, 'POST', `/api/bookings/${created.bookingId}/payment-confirmed`);
    expect(confirm.status).toBe(409);
    expect(await statusOf(created.bookingId)).toBe('awaiting_payment');
    expect(await mailsAbout(world, created.reference)).toEqual([]);
  });

  it('refuses a client secret that does not match the intent (404)', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const created = await createBooking(world, bookingBody(experience.id, slot!));
    const forged = created.payment.clientSecret.replace(/_secret_.*/, '_secret_forged');
    const res = await payWithCard(world, forged);
    expect(res.status).toBe(404);
  });
});

describe('slot taken', () => {
  it('answers 409 with the specification message and drops the slot from availability', async () => {
    const experience = await addExperience(world);
    const [slot, other] = await freeSlots(world, experience.id);
    await createBooking(world, bookingBody(experience.id, slot!));

    const second = await call<ErrorBody>(world, 'POST', '/api/bookings', bookingBody(experience.id, slot!));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: { code: 'slot_unavailable', message: SLOT_UNAVAILABLE_MESSAGE } });

    const free = await freeSlots(world, experience.id);
    expect(free).not.toContainEqual(slot);
    expect(free).toContainEqual(other);
  });
});

describe('giving a hold back (POST /api/bookings/{id}/release)', () => {
  it('releases an unpaid hold for the browser that holds its client secret, at once and without a mail', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const created = await createBooking(world, bookingBody(experience.id, slot!));
    const declined = await payWithCard(world, created.payment.clientSecret, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await freeSlots(world, experience.id)).not.toContainEqual(slot);

    const stranger = await call<ErrorBody>(world, 'POST', `/api/bookings/${created.bookingId}/release`, {
      clientSecret: `${created.payment.clientSecret}x`,
    });
    expect(stranger.status).toBe(404);
    const noSecret = await call<ErrorBody>(world, 'POST', `/api/bookings/${created.bookingId}/release`, {});
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error.fields).toHaveProperty('clientSecret');
    expect(await statusOf(created.bookingId)).toBe('awaiting_payment');

    const released = await call(world, 'POST', `/api/bookings/${created.bookingId}/release`, {
      clientSecret: created.payment.clientSecret,
    });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ bookingId: created.bookingId, status: 'cancelled' });
    await world.stack.events.idle();
    expect(await statusOf(created.bookingId)).toBe('cancelled');
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
    expect(await mailsAbout(world, created.reference)).toEqual([]);
  });

  it('answers 409 once the card is authorised', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const { created } = await pendingBooking(world, experience.id, slot!);
    const refused = await call<ErrorBody>(world, 'POST', `/api/bookings/${created.bookingId}/release`, {
      clientSecret: created.payment.clientSecret,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('state_conflict');
    expect(await statusOf(created.bookingId)).toBe('pending');
  });
});

describe('expiry job', () => {
  it('expires a lapsed 15-minute hold and gives the slot back', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const created = await createBooking(world, bookingBody(experience.id, slot!));
    expect(await freeSlots(world, experience.id)).not.toContainEqual(slot);

    world.stack.clock.advanceBy(16 * MINUTE);
    const run = await call<{ expired: number }>(world, 'POST', '/api/local-jobs/expire-bookings');
    expect(run.status).toBe(200);
    expect(run.body.expired).toBeGreaterThanOrEqual(1);
    await world.stack.events.idle();

    expect(await statusOf(created.bookingId)).toBe('expired');
    // The card was never authorised: the guest never had this booking and is not mailed about it.
    expect(await mailsAbout(world, created.reference)).toEqual([]);
    world.stack.clock.reset();
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
    const again = await call(world, 'POST', '/api/bookings', bookingBody(experience.id, slot!));
    expect(again.status).toBe(201);
  });

  it('expires a request the host left unanswered for 48 hours and mails guest and host', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const { created, body } = await pendingBooking(world, experience.id, slot!);
    const before = await mailsAbout(world, created.reference);
    expect(before).toHaveLength(2);

    // Not yet: 47 hours later the request is still the host's to answer (who has been reminded of it).
    world.stack.clock.advanceBy(47 * HOUR);
    await world.stack.jobs.expireBookings();
    expect(await statusOf(created.bookingId)).toBe('pending');
    const reminded = await mailsAbout(world, created.reference);
    expect(reminded.slice(before.length).map((m) => m.subject)).toEqual([
      expect.stringContaining('回答期限まであと12時間'),
    ]);

    world.stack.clock.advanceBy(2 * HOUR);
    const result = await world.stack.jobs.expireBookings();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    await world.stack.events.idle();
    expect(await statusOf(created.bookingId)).toBe('expired');

    // The outbox keeps mails in sending order: the new ones follow the request's and the reminder.
    const expiryMails = (await mailsAbout(world, created.reference)).slice(reminded.length);
    expect(expiryMails.map((m) => m.destination.to[0]).sort()).toEqual(
      [body.guest.email, await hostEmailOf(experience.id)].sort(),
    );
    expect(expiryMails.every((m) => /expired|期限切れ|失効/.test(m.subject))).toBe(true);
    world.stack.clock.reset();
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
  });
});

describe('lookup', () => {
  it('answers the booking for the right pair, and one and the same 404 for a wrong e-mail or reference', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const { created, body } = await pendingBooking(world, experience.id, slot!);

    const right = await call<{ booking: Record<string, unknown>; experience: Record<string, unknown> }>(
      world,
      'POST',
      '/api/bookings/lookup',
      { email: body.guest.email.toUpperCase(), reference: created.reference.toLowerCase() },
    );
    expect(right.status).toBe(200);
    expect(right.body.booking).toMatchObject({
      reference: created.reference,
      status: 'pending',
      amount: created.amount,
      currency: 'JPY',
      date: slot!.date,
      time: slot!.time,
    });
    expect(right.body.experience).toMatchObject({ id: experience.id, title: experience.title });

    const wrongEmail = await call(world, 'POST', '/api/bookings/lookup', {
      email: 'someone.else@example.com',
      reference: created.reference,
    });
    const wrongReference = await call(world, 'POST', '/api/bookings/lookup', {
      email: body.guest.email,
      reference: created.reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ',
    });
    expect(wrongEmail.status).toBe(404);
    expect(wrongReference.status).toBe(404);
    expect(wrongEmail.text).toBe(wrongReference.text);
  });

  it('answers 429 with Retry-After past the failures allowed per reference and client', async () => {
    const reference = 'QQ' + Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, 'Q');
    const attempt = () =>
      call<ErrorBody>(world, 'POST', '/api/bookings/lookup', { email: 'guess@example.com', reference });
    for (let i = 0; i < LOOKUP_LIMITS.perReferenceAndClient.limit; i++) {
      expect((await attempt()).status).toBe(404);
    }
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOOKUP_LIMITS.perReferenceAndClient.windowSeconds);
  });
});

describe('catalogue pages', () => {
  it('pages through the published catalogue with a cursor, each card once', async () => {
    const all = await call<{ items: { id: string }[]; cursor?: string }>(
      world,
      'GET',
      '/api/experiences?limit=100',
    );
    expect(all.status).toBe(200);
    expect(all.body.cursor).toBeUndefined();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<{ items: { id: string }[]; cursor?: string }>(
        world,
        'GET',
        `/api/experiences?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.items.map((c) => c.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.items.map((c) => c.id));
    const forged = await call<ErrorBody>(world, 'GET', '/api/experiences?cursor=forged');
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields).toHaveProperty('cursor');
  });
});

describe('catalogue reads', () => {
  it('lists published cards and lets CloudFront keep public reads a minute (browsers ask again)', async () => {
    const res = await call<{ items: { id: string }[] }>(
      world,
      'GET',
      '/api/experiences?sort=lowest_price&limit=5',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-if-error=600');
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.length).toBeLessThanOrEqual(5);

    const categories = await call<{ items: { id: string; name: string }[] }>(world, 'GET', '/api/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.items.map((c) => c.name)).toContain('Nature');
  });

  it('answers the detail and the host of a published experience, and 404 for a private or unknown one', async () => {
    const detail = await call<{ id: string; hostId: string; host: { id: string } | null }>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: SEEDED.id, host: { id: detail.body.hostId } });
    const host = await call(world, 'GET', `/api/hosts/${detail.body.hostId}`);
    expect(host.status).toBe(200);
    expect(Object.keys(host.body as object).sort()).toEqual([
      'avatarUrl',
      'businessName',
      'id',
      'introduction',
    ]);

    const hidden = await addExperience(world, { publicationStatus: 'private' });
    for (const path of [`/api/experiences/${hidden.id}`, '/api/experiences/..', '/api/hosts/%00']) {
      const res = await call<ErrorBody>(world, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('availability answers only free slots in Tokyo time and 400 for a malformed range', async () => {
    const ok = await call<{ timeZone: string }>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}/availability?from=2000-01-01&to=2100-01-01`,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.body.timeZone).toBe('Asia/Tokyo');
    const bad = await call<ErrorBody>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}/availability?from=2025-02-30`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      from: 'The start date (from) must be a real date written yyyy-MM-dd, e.g. 2026-05-01.',
    });
    const reversed = await call<ErrorBody>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}/availability?from=2030-01-02&to=2030-01-01`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields).toEqual({
      to: 'The end date (to) must not be before the start date (from).',
    });
  });

  it('availability without from and to answers the whole bookable window', async () => {
    const whole = await call<{ dates: Record<string, string[]> }>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}/availability`,
    );
    expect(whole.status).toBe(200);
    const explicit = await call<{ dates: Record<string, string[]> }>(
      world,
      'GET',
      `/api/experiences/${SEEDED.id}/availability?from=2000-01-01&to=2100-12-31`,
    );
    expect(Object.keys(whole.body.dates).length).toBeGreaterThan(30);
    expect(whole.body.dates).toEqual(explicit.body.dates);
  });

  it('answers 413 to a body over the 64 KB limit', async () => {
    const res = await call<ErrorBody>(world, 'POST', '/api/bookings', {
      ...bookingBody(SEEDED.id, { date: '2030-01-01', time: '10:00' }),
      pad: 'x'.repeat(70 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});
