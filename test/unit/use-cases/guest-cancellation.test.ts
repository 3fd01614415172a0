/**
 * The guest's own cancellation needs a mailed code (issue 29): the code request answers nothing either way and
 * mails only a cancellable booking's guest; the cancellation answers 404, 409, then 403 for a bad code, and a code
 * lives 15 minutes, is used once and ends after 5 wrong tries.
 */
import { CANCEL_CODE_MAX_WRONG } from '../../../functions/domain/cancel-code';
import type { Booking } from '../../../functions/domain/entities';
import { guestCancelRequestSchema, lookupRequestSchema } from '../../../functions/domain/schemas/lookup';
import { CANCEL_CODE_LIMITS } from '../../../functions/use-cases/guest-cancellation';
import { makeBooking } from '../../support/fakes/fixtures';
import type { GuestHarness } from '../../support/fakes/guest-harness';
import { harnessWithExperience, rejection } from './booking-flow';

const GUEST = 'Hanako@Example.com';
const REQUESTER = { clientKey: '203.0.113.7', userAgent: 'Mozilla/5.0 (TestBrowser)' };

let h: GuestHarness;
beforeEach(async () => {
  h = await harnessWithExperience();
});

function seed(overrides: Partial<Booking> = {}): Booking {
  const booking = makeBooking({
    id: `b-${Math.random().toString(36).slice(2, 8)}`,
    reference: 'PEND01',
    experienceId: 'e1',
    status: 'pending',
    email: GUEST,
    paymentProvider: 'local',
    // An intent the local gateway does not know: releasing it is logged and skipped, as for a lapsed one.
    paymentIntentId: 'pi_seeded',
    ...overrides,
  });
  h.repos.bookings.seed(booking);
  return booking;
}

const askForCode = (email: string, reference: string, requester = REQUESTER) =>
  h.requestCancelCode(lookupRequestSchema.parse({ email, reference }), requester);
const cancel = (email: string, reference: string, code?: string, requester = REQUESTER) =>
  h.cancelOwnBooking(
    guestCancelRequestSchema.parse({ email, reference, ...(code === undefined ? {} : { code }) }),
    requester,
  );

/** The code of the newest code mail to `to`. */
function mailedCode(to = GUEST): string {
  const mail = h.mailer
    .to(to)
    .filter((m) => /cancellation code/i.test(m.subject))
    .at(-1);
  const code = mail && /Cancellation code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code mail');
  return code;
}
const codeMails = (to = GUEST) => h.mailer.to(to).filter((m) => /cancellation code/i.test(m.subject));

describe('asking for a code', () => {
  it("mails a cancellable booking's guest a code, saying who asked and that nothing happens without it", async () => {
    seed();
    await expect(askForCode(' hanako@example.COM ', 'pend01')).resolves.toBeUndefined();
    const [mail] = codeMails();
    expect(mail!.subject).toBe('Your cancellation code for Booking ID PEND01');
    expect(mail!.text).toMatch(/Cancellation code: \d{6}/);
    expect(mail!.text).toContain('valid for 15 minutes');
    expect(mail!.text).toContain('from the address 203.0.113.7 (Mozilla/5.0 (TestBrowser))');
    expect(mail!.text).toContain('Requested on 2025-05-06');
    expect(mail!.text).toContain('Nothing happens without this code');
    // Only the hash is kept.
    const stored = [...h.cancelCodes.codes.values()][0]!;
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(mailedCode());
    expect(h.logger.at('info').find((e) => e.message === 'Cancellation code mailed')?.context).toMatchObject({
      clientKey: '203.0.113.7',
      reference: 'PEND01',
    });
  });

  it("writes the mail in the booking's language", async () => {
    seed({ guestLocale: 'ja', reference: 'JAPA01', email: 'ja@example.com' });
    await askForCode('ja@example.com', 'JAPA01');
    const [mail] = h.mailer.to('ja@example.com');
    expect(mail!.subject).toBe('【キャンセル確認コード】予約番号 JAPA01');
    expect(mail!.text).toMatch(/キャンセル確認コード：\d{6}/);
    expect(mail!.text).toContain('このコードが入力されない限り、ご予約はキャンセルされません');
  });

  it('answers the same for a wrong pair and a booking that cannot be cancelled, and mails nobody', async () => {
    seed();
    seed({ id: 'b-denied', reference: 'DENY01', status: 'denied' });
    await expect(askForCode(GUEST, 'ZZZZ99')).resolves.toBeUndefined();
    await expect(askForCode('someone@example.com', 'PEND01')).resolves.toBeUndefined();
    await expect(askForCode(GUEST, 'DENY01')).resolves.toBeUndefined();
    expect(h.mailer.sent).toEqual([]);
  });

  it(`mails at most ${CANCEL_CODE_LIMITS.perBooking.limit} codes per booking an hour, from any address`, async () => {
    seed();
    for (let i = 0; i < CANCEL_CODE_LIMITS.perBooking.limit; i++) {
      await askForCode(GUEST, 'PEND01', { clientKey: `198.51.100.${i}`, userAgent: '' });
    }
    const refused = await rejection(
      askForCode(GUEST, 'PEND01', { clientKey: '198.51.100.99', userAgent: '' }),
    );
    expect(refused.code).toBe('rate_limited');
    expect(codeMails()).toHaveLength(CANCEL_CODE_LIMITS.perBooking.limit);
  });
});

describe('cancelling with the code', () => {
  it('cancels with the mailed code, once; logs the client key', async () => {
    const booking = seed();
    await askForCode(GUEST, 'PEND01');
    const code = mailedCode();
    const result = await cancel(GUEST, 'pend01', code.slice(0, 3) + ' ' + code.slice(3));
    expect(result).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    expect((await h.repos.bookings.get(booking.id))!.status).toBe('cancelled');
    expect(
      h.logger.at('info').find((e) => e.message === 'Booking cancelled by the guest')?.context,
    ).toMatchObject({ bookingId: booking.id, clientKey: '203.0.113.7' });
  });

  it('answers 404 before 409 before 403, exactly as the lookup for a wrong pair', async () => {
    seed();
    seed({ id: 'b-denied', reference: 'DENY01', status: 'denied' });
    expect((await rejection(cancel(GUEST, 'ZZZZ99', '123456'))).code).toBe('not_found');
    expect((await rejection(cancel('x@example.com', 'PEND01'))).code).toBe('not_found');
    expect((await rejection(cancel(GUEST, 'DENY01'))).code).toBe('state_conflict');
    expect((await rejection(cancel(GUEST, 'DENY01', '000000'))).code).toBe('state_conflict');
    const missing = await rejection(cancel(GUEST, 'PEND01'));
    expect(missing.code).toBe('invalid_code');
    expect((await rejection(cancel(GUEST, 'PEND01', '12345'))).code).toBe('invalid_code');
    expect((await rejection(cancel(GUEST, 'PEND01', '123456'))).code).toBe('invalid_code');
  });

  it('refuses a used code, a lapsed code and a replaced code', async () => {
    seed();
    seed({ id: 'b-second', reference: 'PEND02' });
    await askForCode(GUEST, 'PEND01');
    const first = mailedCode();
    await askForCode(GUEST, 'PEND01');
    const second = mailedCode();
    if (first !== second) expect((await rejection(cancel(GUEST, 'PEND01', first))).code).toBe('invalid_code');

    await cancel(GUEST, 'PEND01', second);
    // Used: the booking is cancelled, so it is 409 now, before the code is even read.
    expect((await rejection(cancel(GUEST, 'PEND01', second))).code).toBe('state_conflict');

    await askForCode(GUEST, 'PEND02');
    const lapsing = mailedCode();
    h.advanceMinutes(15);
    expect((await rejection(cancel(GUEST, 'PEND02', lapsing))).code).toBe('invalid_code');
  });

  it(`ends a code after ${CANCEL_CODE_MAX_WRONG} wrong tries, even for the right one`, async () => {
    seed();
    await askForCode(GUEST, 'PEND01');
    const code = mailedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CANCEL_CODE_MAX_WRONG; i++) {
      expect((await rejection(cancel(GUEST, 'PEND01', wrong))).code).toBe('invalid_code');
    }
    expect((await rejection(cancel(GUEST, 'PEND01', code))).code).toBe('invalid_code');
    // A new code works again.
    await askForCode(GUEST, 'PEND01');
    await expect(cancel(GUEST, 'PEND01', mailedCode())).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('a code is worth nothing for another booking of the same guest', async () => {
    seed();
    seed({ id: 'b-second', reference: 'PEND02' });
    await askForCode(GUEST, 'PEND01');
    expect((await rejection(cancel(GUEST, 'PEND02', mailedCode()))).code).toBe('invalid_code');
  });
});
