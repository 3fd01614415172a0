import { DomainError } from '../../../functions/domain/errors';
import { DECLINED_CARD, type GuestHarness } from '../../support/fakes/guest-harness';
import { NOW } from '../../support/fakes/fixtures';
import {
  GUEST_EMAIL,
  HOST_EMAIL,
  createBooking,
  harnessWithExperience,
  payWithCard,
  rejection,
  slotBooked,
} from './booking-flow';

let h: GuestHarness;
beforeEach(async () => {
  h = await harnessWithExperience();
});

describe('confirmPayment', () => {
  it('moves an authorised booking to pending with the 48-hour deadline and mails guest and host once', async () => {
    const { bookingId, reference, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    const view = await h.confirmPayment(bookingId);
    expect(view).toEqual({
      bookingId,
      reference,
      status: 'pending',
      amount: 10000,
      currency: 'JPY',
      date: '2025-06-11',
      time: '10:00',
      durationMinutes: 60,
      guests: 2,
    });
    const stored = await h.repos.bookings.get(bookingId);
    expect(stored!.deadline).toBe(new Date(NOW.getTime() + 48 * 3600_000).toISOString());
    expect(h.mailer.to(GUEST_EMAIL)).toHaveLength(1);
    expect(h.mailer.to(GUEST_EMAIL)[0]!.subject).toBe(
      `Booking request received: Sake brewery tour (Booking ID ${reference})`,
    );
    expect(h.mailer.to(HOST_EMAIL)).toHaveLength(1);
    expect(h.mailer.to(HOST_EMAIL)[0]!.subject).toContain('新しい予約リクエスト');
    expect(h.mailer.sent).toHaveLength(2);
  });

  it('mails the guest in the site language they booked in, not in the tour language', async () => {
    const japaneseTour = await createBooking(h, { language: 'ja' });
    await payWithCard(h, japaneseTour.paymentIntentId);
    await h.confirmPayment(japaneseTour.bookingId);
    expect(h.mailer.to(GUEST_EMAIL)[0]!.subject).toMatch(/^Booking request received: /);
  });

  it('confirmed twice (or concurrently) makes one transition and one pair of mails', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    const transition = vi.spyOn(h.repos.bookings, 'transition');
    const answers = await Promise.all([h.confirmPayment(bookingId), h.confirmPayment(bookingId)]);
    const again = await h.confirmPayment(bookingId);
    expect([...answers, again].map((a) => a.status)).toEqual(['pending', 'pending', 'pending']);
    expect(h.mailer.sent).toHaveLength(2);
    // Whoever lost the race was refused by the condition, not by luck.
    const succeeded = await Promise.allSettled(transition.mock.results.map((r) => r.value));
    expect(succeeded.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
  });

  it('answers state_conflict while the card is not authorised, and after a declined card', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    let e = await rejection(h.confirmPayment(bookingId));
    expect(e.code).toBe('state_conflict');
    expect(e.message).toBe('The payment has not been authorised yet');

    await rejection(payWithCard(h, paymentIntentId, DECLINED_CARD));
    e = await rejection(h.confirmPayment(bookingId));
    expect(e.code).toBe('state_conflict');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('awaiting_payment');
    expect(h.mailer.sent).toHaveLength(0);
  });

  it.each(['requires_action', 'processing', 'requires_confirmation'] as const)(
    'answers state_conflict for an intent that is %s',
    async (status) => {
      const { bookingId } = await createBooking(h);
      const real = h.payments.retrieve.bind(h.payments);
      vi.spyOn(h.payments, 'retrieve').mockImplementation(async (id) => ({ ...(await real(id)), status }));
      expect((await rejection(h.confirmPayment(bookingId))).code).toBe('state_conflict');
    },
  );

  it('refuses an authorisation whose amount differs from the booking, and logs it', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    const real = h.payments.retrieve.bind(h.payments);
    vi.spyOn(h.payments, 'retrieve').mockImplementation(async (id) => ({
      ...(await real(id)),
      amount: 100,
      amountCapturable: 100,
    }));
    const e = await rejection(h.confirmPayment(bookingId));
    expect(e.code).toBe('payment_failed');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('awaiting_payment');
    expect(h.logger.at('error').map((l) => l.message)).toContain(
      'Authorised amount differs from the booking amount',
    );
  });

  it('answers not_found for an unknown booking', async () => {
    const e = await rejection(h.confirmPayment('nope'));
    expect(e).toBeInstanceOf(DomainError);
    expect(e.code).toBe('not_found');
  });

  it('keeps the booking pending when a mail cannot be sent, and leaves the mail in the outbox for a retry', async () => {
    h.mailer.failFor.add(HOST_EMAIL);
    const { bookingId, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    expect((await h.confirmPayment(bookingId)).status).toBe('pending');
    expect(h.mailer.to(GUEST_EMAIL)).toHaveLength(1);
    expect(h.logger.at('warn')).toEqual([
      expect.objectContaining({
        message: 'Mail not sent; will retry',
        context: expect.objectContaining({ bookingId, kind: 'host_new_request', attempts: 1 }),
      }),
    ]);
    const waiting = h.repos.outbox.all().filter((m) => m.status === 'pending');
    expect(waiting.map((m) => m.to)).toEqual([HOST_EMAIL]);
    // Once SES takes it again, the next run delivers it: once.
    h.mailer.failFor.clear();
    h.advanceMinutes(1);
    expect(await h.sendMails.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(await h.sendMails.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(h.mailer.to(HOST_EMAIL)).toHaveLength(1);
  });

  it('releases an authorisation that arrives after the hold expired, and answers state_conflict', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    h.advanceMinutes(16);
    // The job expires the hold just before the guest's card goes through and the confirmation arrives.
    await h.repos.bookings.transition(bookingId, 'awaiting_payment', 'expired', {
      releaseSlot: true,
      deadline: null,
      now: h.clock(),
    });
    await payWithCard(h, paymentIntentId);
    const e = await rejection(h.confirmPayment(bookingId));
    expect(e.code).toBe('state_conflict');
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('canceled');
    expect(slotBooked(h)).toBe(0);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('releases the authorisation when the hold expires between its check and its transition', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    const real = h.repos.bookings.transition.bind(h.repos.bookings);
    vi.spyOn(h.repos.bookings, 'transition').mockImplementationOnce(async (...args) => {
      // The expiry job wins the race by a millisecond.
      await real(bookingId, 'awaiting_payment', 'expired', {
        releaseSlot: true,
        deadline: null,
        now: h.clock(),
      });
      return real(...args);
    });
    const e = await rejection(h.confirmPayment(bookingId));
    expect(e.code).toBe('state_conflict');
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('canceled');
    expect(h.mailer.sent).toHaveLength(0);
  });
});
