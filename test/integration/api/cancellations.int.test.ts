/**
 * Cancellations over real HTTP through the local stack (DESIGN §4c, §6): the guest from the lookup (refund by the
 * booking's rule), the host (approved only, whole charge, slot stays closed), an admin (pending or approved, any
 * refund up to the charge); bad input and races answer a clear 4xx with nothing changed and never a second refund;
 * a failed refund shows as failed and the expiry job retries it.
 */
import type { Booking, Host } from '../../../functions/domain/entities';
import type { LookupBookingResult } from '../../../functions/domain/booking-views';
import { DEMO_ADMIN, DEMO_HOST, SEED_HOST_PASSWORD, SEED_HOSTS } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  call,
  freeSlots,
  guestCancelWithCode,
  icsOf,
  mailedCancelCode,
  mailsAbout,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
let hostToken: string;
let otherHostToken: string;
let adminToken: string;
let host: Host;

const DAY = 24 * 60 * 60_000;
const OTHER_HOST = SEED_HOSTS.find((h) => h.email !== DEMO_HOST.email)!;

beforeAll(async () => {
  world = await startApiWorld('cancel-');
  hostToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  otherHostToken = await signIn(world, 'host', OTHER_HOST.email, SEED_HOST_PASSWORD);
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
  host = (await call<Host>(world, 'GET', '/api/host/me', undefined, bearer(hostToken))).body;
});
afterAll(async () => {
  await world?.stop();
});
afterEach(async () => {
  world.stack.clock.reset();
  await call(world, 'POST', '/api/local-faults', { refunds: 'up' });
});

interface Made {
  id: string;
  reference: string;
  email: string;
  amount: number;
  slot: Slot;
  experienceId: string;
}

/** A request of the demo host's own experience, `daysAhead` or more days out. */
async function request(daysAhead = 20): Promise<Made> {
  const experience = await addExperience(world, { hostId: host.id });
  const slots = await freeSlots(world, experience.id);
  const earliest = Date.now() + daysAhead * DAY;
  const slot = slots.find((s) => Date.parse(`${s.date}T${s.time}:00+09:00`) >= earliest)!;
  const { created, body } = await pendingBooking(world, experience.id, slot);
  return {
    id: created.bookingId,
    reference: created.reference,
    email: body.guest.email,
    amount: created.amount,
    slot,
    experienceId: experience.id,
  };
}

async function approved(daysAhead = 20): Promise<Made> {
  const made = await request(daysAhead);
  const res = await call(world, 'POST', `/api/host/bookings/${made.id}/approve`, {}, bearer(hostToken));
  expect(res.status).toBe(200);
  return made;
}

type GuestCancelAnswer = { status: string; refundAmount: number; chargedAmount: number } & ErrorBody;
/** The guest's way (issue 29): a code mailed to the booking's address, then the cancellation with it. */
const guestCancel = (m: Pick<Made, 'email' | 'reference'>) =>
  guestCancelWithCode<GuestCancelAnswer>(world, { email: m.email, reference: m.reference });
/** The cancellation alone, with whatever code is given (none is mailed for a booking that cannot be cancelled). */
const guestCancelWith = (m: Pick<Made, 'email' | 'reference'>, code: string) =>
  call<GuestCancelAnswer>(world, 'POST', '/api/bookings/cancel', {
    email: m.email,
    reference: m.reference,
    code,
  });
const lookup = (m: Made) =>
  call<LookupBookingResult>(world, 'POST', '/api/bookings/lookup', {
    email: m.email,
    reference: m.reference,
  });
const hostCancel = (id: string, body: unknown, token = hostToken) =>
  call<{ status: string; refundAmount: number; refundStatus: string } & ErrorBody>(
    world,
    'POST',
    `/api/host/bookings/${id}/cancel`,
    body,
    bearer(token),
  );
const adminCancel = (id: string, body: unknown, token = adminToken) =>
  call<{ status: string; refundAmount: number; chargedAmount: number; refundStatus: string } & ErrorBody>(
    world,
    'POST',
    `/api/admin/bookings/${id}/cancel`,
    body,
    bearer(token),
  );
const stored = async (id: string): Promise<Booking> => (await world.repo.bookings.get(id))!;
const intentOf = async (id: string) => world.stack.payments.retrieve((await stored(id)).paymentIntentId!);
const slotIsFree = async (m: Made) =>
  (await freeSlots(world, m.experienceId)).some((s) => s.date === m.slot.date && s.time === m.slot.time);

describe('guest cancellation from the lookup', () => {
  it('shows what cancelling returns; a request is released and nothing is charged', async () => {
    const made = await request();
    const before = await lookup(made);
    expect(before.body.booking.cancellation).toEqual({
      allowed: true,
      refundPercentage: 100,
      refundAmount: 0,
    });
    expect(before.body.booking.refundRule).toEqual([{ daysBefore: 7, refundPercentage: 100 }]);

    const res = await guestCancel(made);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 0, chargedAmount: 0 });
    expect((await intentOf(made.id)).status).toBe('canceled');
    expect(await slotIsFree(made)).toBe(true);
    const after = await lookup(made);
    expect(after.body.booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guest',
      cancellation: { allowed: false },
    });
    await world.stack.jobs.sendMails();
    const subjects = (await mailsAbout(world, made.reference)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('cancelled') || s.includes('キャンセル'))).toHaveLength(2);
  });

  it('an approved booking well ahead is refunded in full, once; a second cancel is 409', async () => {
    const made = await approved();
    expect((await lookup(made)).body.booking.cancellation).toEqual({
      allowed: true,
      refundPercentage: 100,
      refundAmount: made.amount,
    });
    const res = await guestCancel(made);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      refundAmount: made.amount,
      chargedAmount: made.amount,
    });
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
    expect((await lookup(made)).body.booking).toMatchObject({
      refundStatus: 'succeeded',
      refundAmount: made.amount,
    });

    const again = await guestCancelWith(made, await mailedCancelCode(world, made.reference));
    expect(again.status).toBe(409);
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
  });

  it('inside the last 7 days nothing comes back; after the start the guest cannot cancel', async () => {
    const late = await approved(10);
    const start = Date.parse(`${late.slot.date}T${late.slot.time}:00+09:00`);
    world.stack.clock.advanceBy(start - 2 * DAY - Date.now());
    expect((await lookup(late)).body.booking.cancellation).toEqual({
      allowed: true,
      refundPercentage: 0,
      refundAmount: 0,
    });
    world.stack.clock.advanceBy(2 * DAY + 60_000);
    const res = await guestCancelWith(late, '123456');
    expect(res.status).toBe(409);
    expect((await stored(late.id)).status).toBe('approved');
    world.stack.clock.reset();

    const early = await approved(10);
    world.stack.clock.advanceBy(
      Date.parse(`${early.slot.date}T${early.slot.time}:00+09:00`) - 2 * DAY - Date.now(),
    );
    const zero = await guestCancel(early);
    expect(zero.body).toMatchObject({ status: 'cancelled', refundAmount: 0, chargedAmount: early.amount });
    expect((await intentOf(early.id)).amountRefunded).toBe(0);
  });

  it('answers 404 exactly as the lookup for a wrong e-mail or reference, and 400 for a bad body', async () => {
    const made = await request();
    const wrong = await guestCancelWith(
      { email: 'someone@example.com', reference: made.reference },
      '123456',
    );
    const missing = await call<ErrorBody>(world, 'POST', '/api/bookings/lookup', {
      email: 'someone@example.com',
      reference: made.reference,
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe(missing.body.error.message);
    expect((await call(world, 'POST', '/api/bookings/cancel', { reference: made.reference })).status).toBe(
      400,
    );
    expect((await stored(made.id)).status).toBe('pending');
  });

  it('two concurrent cancels of one approved booking with its code: one 200, one refund', async () => {
    const made = await approved();
    expect((await call(world, 'POST', '/api/bookings/cancel-code', made)).status).toBe(202);
    const code = await mailedCancelCode(world, made.reference);
    const answers = await Promise.all([guestCancelWith(made, code), guestCancelWith(made, code)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    // The code is single use (403), or the booking already final (409).
    expect([403, 409]).toContain(statuses[1]);
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
  });
});

describe('host cancellation', () => {
  it('refunds the whole charge, mails the guest the reason, and keeps the slot closed', async () => {
    const made = await approved(10);
    // Even inside the rule's window the host's cancellation returns everything.
    world.stack.clock.advanceBy(
      Date.parse(`${made.slot.date}T${made.slot.time}:00+09:00`) - DAY - Date.now(),
    );
    const res = await hostCancel(made.id, { reason: '台風のため船が出せません' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      refundAmount: made.amount,
      refundStatus: 'succeeded',
    });
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
    world.stack.clock.reset();
    expect(await slotIsFree(made)).toBe(false);
    const booking = await stored(made.id);
    expect(booking).toMatchObject({ cancelledBy: 'host', cancellationReason: '台風のため船が出せません' });
    await world.stack.jobs.sendMails();
    const mails = await mailsAbout(world, made.reference);
    const guestMail = mails.find(
      (m) => m.destination.to.includes(made.email) && m.subject.includes('cancelled'),
    );
    expect(guestMail?.body.text).toContain('台風のため船が出せません');
    // The approval's calendar invitation is withdrawn: the same event (UID), METHOD:CANCEL.
    const ics = icsOf(guestMail);
    expect(ics?.get('METHOD')).toEqual(['CANCEL']);
    expect(ics?.get('UID')).toEqual([`${made.id}@localhost`]);
  });

  it('refuses a blank reason (400, Japanese), a request (409), another host (404); nothing changes', async () => {
    const made = await approved();
    const blank = await hostCancel(made.id, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields?.reason).toMatch(/キャンセル理由/);
    const foreign = await hostCancel(made.id, { reason: '雨' }, otherHostToken);
    expect(foreign.status).toBe(404);
    expect((await stored(made.id)).status).toBe('approved');

    const pending = await request();
    const conflict = await hostCancel(pending.id, { reason: '雨' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.message).toMatch(/確定済み/);
    expect((await stored(pending.id)).status).toBe('pending');
  });
});

describe('admin cancellation', () => {
  it('refunds the amount given (partial), records cancelledBy admin', async () => {
    const made = await approved();
    const res = await adminCancel(made.id, { reason: '苦情対応', refundAmount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 1000, chargedAmount: made.amount });
    expect((await intentOf(made.id)).amountRefunded).toBe(1000);
    expect(await stored(made.id)).toMatchObject({ cancelledBy: 'admin', refundStatus: 'succeeded' });
    expect(await slotIsFree(made)).toBe(true);
  });

  it('cancels a request (the refund amount is ignored: nothing was charged)', async () => {
    const made = await request();
    const res = await adminCancel(made.id, { reason: 'ゲストから連絡', refundAmount: 500 });
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 0, chargedAmount: 0 });
    expect((await intentOf(made.id)).status).toBe('canceled');
  });

  it('refuses a refund above the charge, a negative one, a blank reason, a host token; nothing changes', async () => {
    const made = await approved();
    const above = await adminCancel(made.id, { reason: '苦情', refundAmount: made.amount + 1 });
    expect(above.status).toBe(400);
    expect(above.body.error.message).toMatch(/請求額/);
    expect(above.body.error.fields?.refundAmount).toMatch(/請求額/);
    expect((await adminCancel(made.id, { reason: '苦情', refundAmount: -1 })).status).toBe(400);
    expect((await adminCancel(made.id, { reason: '', refundAmount: 0 })).status).toBe(400);
    expect((await adminCancel(made.id, { reason: '苦情', refundAmount: 0 }, hostToken)).status).toBe(401);
    expect((await stored(made.id)).status).toBe('approved');
    expect((await intentOf(made.id)).amountRefunded).toBe(0);
  });

  it('refuses an approved booking without a refund amount (missing, null or blank): 400 in Japanese, nothing changes (issue 32)', async () => {
    const made = await approved();
    for (const body of [
      { reason: '特例で一部返金' },
      { reason: '特例で一部返金', refundAmount: null },
      { reason: '特例で一部返金', refundAmount: '' },
      { reason: '特例で一部返金', refundAmount: '  ' },
    ]) {
      const res = await adminCancel(made.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message).toMatch(/[\u3040-\u30ff]/);
      expect(res.body.error.fields).toEqual({ refundAmount: '返金額を入力してください' });
    }
    // A wrong type is its own message, also Japanese.
    const text = await adminCancel(made.id, { reason: '特例', refundAmount: 'abc' });
    expect(text.status).toBe(400);
    expect(text.body.error.fields?.refundAmount).toBe('返金額は0円以上の整数（円）で入力してください');
    expect((await stored(made.id)).status).toBe('approved');
    expect((await intentOf(made.id)).amountRefunded).toBe(0);
  });

  it('cancels a request without a refund amount (missing or null: nothing was charged)', async () => {
    const missing = await request();
    const res = await adminCancel(missing.id, { reason: 'ゲストから電話で連絡' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundAmount: 0, chargedAmount: 0 });
    const nulled = await request();
    expect((await adminCancel(nulled.id, { reason: '重複予約', refundAmount: null })).status).toBe(200);
  });

  it("mails the guest what really comes back, in the guest's language, and flags the admin's Japanese reason", async () => {
    const guestMail = async (made: Made) => {
      await world.stack.jobs.sendMails();
      const mail = (await mailsAbout(world, made.reference)).find(
        (m) => m.destination.to.includes(made.email) && m.subject.includes('cancelled'),
      );
      expect(mail).toBeDefined();
      return mail!.body.text ?? '';
    };
    const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

    const partial = await approved();
    expect((await adminCancel(partial.id, { reason: '特例で一部返金', refundAmount: 1000 })).status).toBe(
      200,
    );
    const partialText = await guestMail(partial);
    expect(partialText).toContain(
      `¥1,000 of the ${yen(partial.amount)} you paid will be refunded to your card`,
    );
    expect(partialText).not.toContain('not refunded');
    // The reason is the admin's Japanese words: the English mail says so, then shows them as written.
    expect(partialText).toContain('Our support team wrote this in Japanese:\n特例で一部返金');

    const none = await approved();
    expect((await adminCancel(none.id, { reason: 'No-show policy applies', refundAmount: 0 })).status).toBe(
      200,
    );
    const noneText = await guestMail(none);
    expect(noneText).toContain(
      `No refund is made for this cancellation: the ${yen(none.amount)} you paid is not refunded.`,
    );
    expect(noneText).not.toContain('will be refunded');
    expect(noneText).not.toContain('wrote this in Japanese');

    const full = await approved();
    expect((await adminCancel(full.id, { reason: '全額返金', refundAmount: full.amount })).status).toBe(200);
    expect(await guestMail(full)).toContain(
      `The full amount you paid, ${yen(full.amount)}, will be refunded`,
    );
  });

  it('refuses a denied booking (409)', async () => {
    const made = await request();
    await call(
      world,
      'POST',
      `/api/host/bookings/${made.id}/deny`,
      { reason: '満席です' },
      bearer(hostToken),
    );
    const res = await adminCancel(made.id, { reason: '苦情', refundAmount: 0 });
    expect(res.status).toBe(409);
    expect((await stored(made.id)).status).toBe('denied');
  });
});

describe('races and failures', () => {
  it('a cancel racing an approval: one wins, and the guest is never charged for a cancelled booking', async () => {
    for (let i = 0; i < 3; i++) {
      const made = await request();
      expect((await call(world, 'POST', '/api/bookings/cancel-code', made)).status).toBe(202);
      const code = await mailedCancelCode(world, made.reference);
      const [approve, cancel] = await Promise.all([
        call(world, 'POST', `/api/host/bookings/${made.id}/approve`, {}, bearer(hostToken)),
        guestCancelWith(made, code),
      ]);
      // Either order is possible: a cancel that reads the booking after the approval finished cancels an
      // approved booking (200 and a refund); one that loses the conditional write to it answers 409.
      expect(cancel.status === 200 || approve.status === 200).toBe(true);
      expect([200, 409]).toContain(approve.status);
      expect([200, 409]).toContain(cancel.status);
      const booking = await stored(made.id);
      const intent = await intentOf(made.id);
      if (booking.status === 'cancelled') {
        // Either the authorisation was released, or a capture that slipped in was refunded in full.
        expect(intent.status === 'canceled' || intent.amountRefunded === made.amount).toBe(true);
      } else {
        expect(cancel.status).toBe(409);
        expect(booking.status).toBe('approved');
        expect(intent.status).toBe('succeeded');
        expect(intent.amountRefunded).toBe(0);
      }
    }
  });

  it('a failed refund shows as failed, never as refunded, and the expiry job retries it once', async () => {
    const made = await approved();
    await call(world, 'POST', '/api/local-faults', { refunds: 'down' });
    const res = await adminCancel(made.id, { reason: '天候不良', refundAmount: made.amount });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundStatus: 'failed' });
    expect((await intentOf(made.id)).amountRefunded).toBe(0);
    expect((await lookup(made)).body.booking.refundStatus).toBe('failed');
    const failedList = async () =>
      (
        await call<{ items: Booking[] }>(
          world,
          'GET',
          '/api/admin/bookings?refund=failed',
          undefined,
          bearer(adminToken),
        )
      ).body.items.map((b) => b.id);
    expect(await failedList()).toContain(made.id);
    const csv = await call(
      world,
      'GET',
      `/api/admin/bookings.csv?q=${made.reference}`,
      undefined,
      bearer(adminToken),
    );
    expect(csv.text).toContain('返金失敗');
    expect(csv.text).toContain('天候不良');

    // Still down: the job's retry fails too and the booking stays failed.
    world.stack.clock.advanceBy(6 * 60_000);
    await world.stack.jobs.expireBookings();
    expect((await stored(made.id)).refundStatus).toBe('failed');

    await call(world, 'POST', '/api/local-faults', { refunds: 'up' });
    world.stack.clock.advanceBy(6 * 60_000);
    const run = await world.stack.jobs.expireBookings();
    expect(run.refunded).toBeGreaterThanOrEqual(1);
    expect(await stored(made.id)).toMatchObject({ refundStatus: 'succeeded', deadline: null });
    expect(await failedList()).not.toContain(made.id);
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
    // Settled: the next run does not touch it again.
    world.stack.clock.advanceBy(6 * 60_000);
    await world.stack.jobs.expireBookings();
    expect((await intentOf(made.id)).amountRefunded).toBe(made.amount);
  });
});
