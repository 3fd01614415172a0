import { paymentEventTypes } from '../../../functions/adapters/payments/payment-events';
import { DomainError } from '../../../functions/domain/errors';
import type { GuestHarness } from '../../support/fakes/guest-harness';
import {
  GUEST_EMAIL,
  HOST_EMAIL,
  createBooking,
  harnessWithExperience,
  payWithCard,
  rejection,
  slotBooked,
} from './booking-flow';
import { DECLINED_CARD } from '../../support/fakes/guest-harness';

let h: GuestHarness;
beforeEach(async () => {
  h = await harnessWithExperience();
});

const statusOf = async (id: string) => (await h.repos.bookings.get(id))!.status;

describe('expireBookings: lapsed holds', () => {
  it('leaves a hold alone until its 15 minutes are over', async () => {
    const { bookingId } = await createBooking(h);
    h.advanceMinutes(14);
    expect(await h.expireBookings()).toMatchObject({ examined: 0, expired: 0 });
    expect(await statusOf(bookingId)).toBe('awaiting_payment');
  });

  it('expires a lapsed hold silently: slot released, authorisation cancelled, no mail about a booking the guest never had', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    h.advanceMinutes(15);
    expect(await h.expireBookings()).toEqual({
      examined: 1,
      expired: 1,
      confirmed: 0,
      skipped: 0,
      failed: 0,
      refunded: 0,
    });
    expect(await h.repos.bookings.get(bookingId)).toMatchObject({ status: 'expired', deadline: null });
    expect(slotBooked(h)).toBe(0);
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('canceled');
    // The guest never saw this Booking ID (the card was never authorised): nobody is mailed about it.
    expect(h.mailer.sent).toEqual([]);
    // The slot is bookable again, and a second run finds nothing to do.
    await createBooking(h);
    expect((await h.expireBookings()).examined).toBe(0);
  });

  it('confirms instead of expiring when the guest paid at the last second and the confirmation was lost', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await payWithCard(h, paymentIntentId);
    h.advanceMinutes(16);
    expect(await h.expireBookings()).toMatchObject({ examined: 1, expired: 0, confirmed: 1 });
    expect(await statusOf(bookingId)).toBe('pending');
    expect(slotBooked(h)).toBe(1);
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('requires_capture');
    expect(h.mailer.to(GUEST_EMAIL)[0]!.subject).toContain('Booking request received');
    expect(h.mailer.to(HOST_EMAIL)).toHaveLength(1);
  });

  it('the cancellation event the job causes is left to the job and changes nothing afterwards', async () => {
    const { bookingId } = await createBooking(h);
    h.advanceMinutes(15);
    await h.expireBookings();
    const event = h.events.ofType(paymentEventTypes.canceled)[0]!;
    expect((await h.handlePaymentEvent(event)).outcome).toBe('unchanged');
    expect(await statusOf(bookingId)).toBe('expired');
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('expires a hold whose card was declined silently too', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await rejection(payWithCard(h, paymentIntentId, DECLINED_CARD));
    h.advanceMinutes(15);
    expect(await h.expireBookings()).toMatchObject({ expired: 1 });
    expect(await statusOf(bookingId)).toBe('expired');
    expect(h.mailer.sent).toEqual([]);
  });

  it('skips, silently, a hold confirmed by the guest between the job’s check and its transition', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    h.advanceMinutes(16);
    const real = h.repos.bookings.transition.bind(h.repos.bookings);
    vi.spyOn(h.repos.bookings, 'transition').mockImplementationOnce(async (...args) => {
      await payWithCard(h, paymentIntentId);
      await h.confirmPayment(bookingId);
      return real(...args);
    });
    expect(await h.expireBookings()).toMatchObject({ expired: 0, skipped: 1, failed: 0 });
    expect(await statusOf(bookingId)).toBe('pending');
    // Nothing was cancelled behind the confirmed booking's back.
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('requires_capture');
    expect(h.logger.at('error')).toEqual([]);
  });
});

describe('expireBookings: unanswered requests', () => {
  async function pendingRequest() {
    const booking = await createBooking(h);
    await payWithCard(h, booking.paymentIntentId);
    await h.confirmPayment(booking.bookingId);
    h.mailer.sent.length = 0;
    return booking;
  }

  it('keeps a request open for 48 hours', async () => {
    const { bookingId } = await pendingRequest();
    h.advanceMinutes(48 * 60 - 1);
    expect((await h.expireBookings()).examined).toBe(0);
    expect(await statusOf(bookingId)).toBe('pending');
  });

  it('expires it after 48 hours: authorisation cancelled, slot released, guest and host mailed', async () => {
    const { bookingId, paymentIntentId, reference } = await pendingRequest();
    h.advanceMinutes(48 * 60);
    expect(await h.expireBookings()).toEqual({
      examined: 1,
      expired: 1,
      confirmed: 0,
      skipped: 0,
      failed: 0,
      refunded: 0,
    });
    expect(await h.repos.bookings.get(bookingId)).toMatchObject({ status: 'expired', deadline: null });
    expect(slotBooked(h)).toBe(0);
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('canceled');
    const guest = h.mailer.to(GUEST_EMAIL);
    expect(guest.map((m) => m.subject)).toEqual([
      `Your booking request has expired (Booking ID ${reference})`,
    ]);
    expect(guest[0]!.text).toContain('did not answer your booking request within 48 hours');
    const host = h.mailer.to(HOST_EMAIL);
    expect(host).toHaveLength(1);
    expect(host[0]!.subject).toContain('予約リクエスト失効');
    // The cancellation event that follows changes nothing.
    const event = h.events.ofType(paymentEventTypes.canceled)[0]!;
    expect((await h.handlePaymentEvent(event)).outcome).toBe('unchanged');
    expect(h.mailer.sent).toHaveLength(2);
  });

  it('leaves a request the host approved (captured) meanwhile to the approval', async () => {
    const { bookingId } = await pendingRequest();
    h.advanceMinutes(48 * 60);
    vi.spyOn(h.payments, 'cancel').mockRejectedValueOnce(
      new DomainError('state_conflict', 'The payment cannot be cancelled: it is succeeded'),
    );
    expect(await h.expireBookings()).toMatchObject({ expired: 0, skipped: 1, failed: 0 });
    expect(await statusOf(bookingId)).toBe('pending');
    expect(h.mailer.sent).toEqual([]);
  });
});

describe('expireBookings: failures', () => {
  it('one booking’s failure does not stop the others, and the failed one stays due for the next run', async () => {
    const first = await createBooking(h, { time: '10:00' });
    const second = await createBooking(h, { time: '11:00' });
    h.advanceMinutes(20);
    const real = h.payments.retrieve.bind(h.payments);
    vi.spyOn(h.payments, 'retrieve').mockImplementation(async (id) => {
      if (id === first.paymentIntentId) throw new DomainError('payment_failed', 'Stripe is unreachable');
      return real(id);
    });
    expect(await h.expireBookings()).toEqual({
      examined: 2,
      expired: 1,
      confirmed: 0,
      skipped: 0,
      failed: 1,
      refunded: 0,
    });
    expect(await statusOf(first.bookingId)).toBe('awaiting_payment');
    expect(await statusOf(second.bookingId)).toBe('expired');
    expect(h.logger.at('error')).toContainEqual(
      expect.objectContaining({ context: expect.objectContaining({ bookingId: first.bookingId }) }),
    );

    vi.mocked(h.payments.retrieve).mockRestore();
    expect(await h.expireBookings()).toMatchObject({ examined: 1, expired: 1, failed: 0 });
    expect(await statusOf(first.bookingId)).toBe('expired');
  });
});
