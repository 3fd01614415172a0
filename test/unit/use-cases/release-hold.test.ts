import { BOOKABLE_DATE, BOOKABLE_TIME } from '../../support/fakes/fixtures';
import { DECLINED_CARD, type GuestHarness } from '../../support/fakes/guest-harness';
import { paymentEventTypes } from '../../../functions/adapters/payments/payment-events';
import { createBooking, harnessWithExperience, payWithCard, rejection, slotBooked } from './booking-flow';

let h: GuestHarness;
beforeEach(async () => {
  h = await harnessWithExperience();
});

describe('releaseHold (a guest leaving the booking form gives the slot back)', () => {
  it('cancels the unpaid booking, frees the slot at once and cancels the authorisation, mailing nobody', async () => {
    const created = await createBooking(h);
    await rejection(payWithCard(h, created.paymentIntentId, DECLINED_CARD));
    expect(await h.releaseHold(created.bookingId, created.payment.clientSecret)).toEqual({
      bookingId: created.bookingId,
      status: 'cancelled',
    });
    expect(await h.repos.bookings.get(created.bookingId)).toMatchObject({
      status: 'cancelled',
      deadline: null,
    });
    expect(slotBooked(h)).toBe(0);
    expect((await h.payments.retrieve(created.paymentIntentId)).status).toBe('canceled');
    // The cancellation's event finds the booking closed and tells nobody either.
    for (const event of h.events.ofType(paymentEventTypes.canceled)) await h.handlePaymentEvent(event);
    expect(h.mailer.sent).toEqual([]);
    // The slot can be requested again straight away, and a repeated release (a retried beacon) is harmless.
    await createBooking(h);
    expect(slotBooked(h)).toBe(1);
    expect((await h.releaseHold(created.bookingId, created.payment.clientSecret)).status).toBe('cancelled');
    expect(slotBooked(h)).toBe(1);
  });

  it('needs what the guest’s browser holds: the client secret of the booking’s payment', async () => {
    const created = await createBooking(h);
    const other = await createBooking(h, { time: '11:00' });
    for (const secret of [
      '',
      'nope',
      other.payment.clientSecret,
      `${created.paymentIntentId}_secret_guess`,
    ]) {
      const e = await rejection(h.releaseHold(created.bookingId, secret));
      expect(e.code, secret).toBe('not_found');
    }
    expect((await rejection(h.releaseHold('missing', created.payment.clientSecret))).code).toBe('not_found');
    expect((await h.repos.bookings.get(created.bookingId))!.status).toBe('awaiting_payment');
    expect(slotBooked(h)).toBe(1);
  });

  it('never releases a booking whose card is authorised, nor one that went on to the host', async () => {
    const paid = await createBooking(h);
    await payWithCard(h, paid.paymentIntentId);
    // Authorised but not yet confirmed (the browser's confirmation is in flight): not releasable.
    expect((await rejection(h.releaseHold(paid.bookingId, paid.payment.clientSecret))).code).toBe(
      'state_conflict',
    );
    expect((await h.repos.bookings.get(paid.bookingId))!.status).toBe('awaiting_payment');
    await h.confirmPayment(paid.bookingId);
    expect((await rejection(h.releaseHold(paid.bookingId, paid.payment.clientSecret))).code).toBe(
      'state_conflict',
    );
    expect((await h.repos.bookings.get(paid.bookingId))!.status).toBe('pending');
    expect(h.repos.slots.booked('e1', BOOKABLE_DATE, BOOKABLE_TIME)).toBe(1);
    expect((await h.payments.retrieve(paid.paymentIntentId)).status).toBe('requires_capture');
  });
});
