import { paymentEventTypes } from '../../../functions/adapters/payments/payment-events';
import type { StripeLikeEvent } from '../../../functions/use-cases/ports';
import { DECLINED_CARD, type GuestHarness } from '../../support/fakes/guest-harness';
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

/** The one event of `type` the local gateway emitted (as EventBridge would deliver it). */
const emitted = (type: string): StripeLikeEvent => {
  const events = h.events.ofType(type);
  expect(events).toHaveLength(1);
  return events[0]!;
};

async function bookAndPay() {
  const booking = await createBooking(h);
  await payWithCard(h, booking.paymentIntentId);
  return booking;
}

describe('handlePaymentEvent: amount_capturable_updated', () => {
  it('moves the booking to pending and sends the pair of mails', async () => {
    const { bookingId } = await bookAndPay();
    const result = await h.handlePaymentEvent(emitted(paymentEventTypes.authorized));
    expect(result).toEqual({ outcome: 'confirmed', bookingId });
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('pending');
    expect(h.mailer.to(GUEST_EMAIL)).toHaveLength(1);
    expect(h.mailer.to(HOST_EMAIL)).toHaveLength(1);
  });

  it('the same event delivered twice makes one transition and one pair of mails', async () => {
    const { bookingId } = await bookAndPay();
    const transition = vi.spyOn(h.repos.bookings, 'transition');
    const event = emitted(paymentEventTypes.authorized);
    expect((await h.handlePaymentEvent(event)).outcome).toBe('confirmed');
    expect(await h.handlePaymentEvent(structuredClone(event))).toEqual({ outcome: 'duplicate' });
    expect(transition).toHaveBeenCalledTimes(1);
    expect(h.mailer.sent).toHaveLength(2);
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('pending');
  });

  it('arriving after the HTTP confirmation changes nothing and mails nobody again', async () => {
    const { bookingId } = await bookAndPay();
    await h.confirmPayment(bookingId);
    expect(await h.handlePaymentEvent(emitted(paymentEventTypes.authorized))).toEqual({
      outcome: 'unchanged',
      bookingId,
    });
    expect(h.mailer.sent).toHaveLength(2);
  });

  it('finds the booking by the payment intent when the metadata carries no booking id', async () => {
    const { bookingId } = await bookAndPay();
    const event = structuredClone(emitted(paymentEventTypes.authorized));
    event.data.object.metadata = {};
    expect(await h.handlePaymentEvent(event)).toEqual({ outcome: 'confirmed', bookingId });
  });

  it('trusts the re-read intent, not the event: a forged "authorised" event for an unpaid intent does nothing', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    const forged: StripeLikeEvent = {
      id: 'evt_forged',
      type: paymentEventTypes.authorized,
      created: 0,
      data: { object: { id: paymentIntentId, object: 'payment_intent', metadata: { bookingId } } },
    };
    expect((await h.handlePaymentEvent(forged)).outcome).toBe('unchanged');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('awaiting_payment');
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('releases an authorisation for a booking that has already expired', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await h.repos.bookings.transition(bookingId, 'awaiting_payment', 'expired', {
      releaseSlot: true,
      deadline: null,
      now: h.clock(),
    });
    await payWithCard(h, paymentIntentId);
    expect(await h.handlePaymentEvent(emitted(paymentEventTypes.authorized))).toEqual({
      outcome: 'released',
      bookingId,
    });
    expect((await h.payments.retrieve(paymentIntentId)).status).toBe('canceled');
  });
});

describe('handlePaymentEvent: canceled', () => {
  it('cancels an unpaid booking whose intent was cancelled, releases the slot and tells the guest', async () => {
    const { bookingId, paymentIntentId, reference } = await createBooking(h);
    await h.payments.cancel(paymentIntentId, { bookingId });
    expect(await h.handlePaymentEvent(emitted(paymentEventTypes.canceled))).toEqual({
      outcome: 'cancelled',
      bookingId,
    });
    expect(await h.repos.bookings.get(bookingId)).toMatchObject({ status: 'cancelled', deadline: null });
    expect(slotBooked(h)).toBe(0);
    expect(h.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [GUEST_EMAIL, `Your booking request has expired (Booking ID ${reference})`],
    ]);
  });

  it('cancels a pending request whose authorisation disappeared, telling the guest it cannot go ahead', async () => {
    const { bookingId, paymentIntentId } = await bookAndPay();
    await h.confirmPayment(bookingId);
    await h.payments.cancel(paymentIntentId, { bookingId });
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.canceled))).outcome).toBe('cancelled');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('cancelled');
    expect(slotBooked(h)).toBe(0);
    expect(h.mailer.to(GUEST_EMAIL).map((m) => m.subject)).toEqual([
      expect.stringContaining('Booking request received'),
      expect.stringContaining('could not be accepted'),
    ]);
  });

  it('out of order: canceled handled before amount_capturable_updated changes the booking once', async () => {
    const { bookingId, paymentIntentId } = await bookAndPay();
    await h.payments.cancel(paymentIntentId, { bookingId });
    const authorised = emitted(paymentEventTypes.authorized);
    const canceled = emitted(paymentEventTypes.canceled);
    const transition = vi.spyOn(h.repos.bookings, 'transition');

    expect((await h.handlePaymentEvent(canceled)).outcome).toBe('cancelled');
    // The stale "authorised" event re-reads a cancelled intent: no confirmation, no "request received" mail.
    expect((await h.handlePaymentEvent(authorised)).outcome).toBe('unchanged');
    expect(transition).toHaveBeenCalledTimes(1);
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('cancelled');
    expect(h.mailer.sent).toHaveLength(1);
    expect(slotBooked(h)).toBe(0);
  });

  it('out of order the other way round: the authorised event read after cancellation does not confirm', async () => {
    const { bookingId, paymentIntentId } = await bookAndPay();
    await h.payments.cancel(paymentIntentId, { bookingId });
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.authorized))).outcome).toBe('cancelled');
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.canceled))).outcome).toBe('unchanged');
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('leaves a booking past its deadline to the expiry job', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    h.advanceMinutes(16);
    await h.payments.cancel(paymentIntentId, { bookingId });
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.canceled))).outcome).toBe('unchanged');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('awaiting_payment');
    expect(h.mailer.sent).toHaveLength(0);
  });
});

describe('handlePaymentEvent: other events and failures', () => {
  it('payment_failed changes nothing: the guest may try another card while the hold lasts', async () => {
    const { bookingId, paymentIntentId } = await createBooking(h);
    await rejection(payWithCard(h, paymentIntentId, DECLINED_CARD));
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.failed))).outcome).toBe('unchanged');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('awaiting_payment');
    expect(h.logger.entries).toContainEqual(
      expect.objectContaining({
        message: 'Card payment attempt failed',
        context: expect.objectContaining({ code: 'card_declined' }),
      }),
    );
    // … and the retry with a good card still goes through.
    await payWithCard(h, paymentIntentId);
    expect((await h.confirmPayment(bookingId)).status).toBe('pending');
  });

  it('succeeded (a capture) changes nothing', async () => {
    const { bookingId, paymentIntentId } = await bookAndPay();
    await h.confirmPayment(bookingId);
    await h.payments.capture(paymentIntentId, { bookingId });
    expect((await h.handlePaymentEvent(emitted(paymentEventTypes.succeeded))).outcome).toBe('unchanged');
    expect((await h.repos.bookings.get(bookingId))!.status).toBe('pending');
  });

  it('ignores, without throwing, events for no known booking and events that are not about payment intents', async () => {
    const unknown: StripeLikeEvent = {
      id: 'evt_unknown',
      type: paymentEventTypes.authorized,
      created: 0,
      data: { object: { id: 'pi_nobody', object: 'payment_intent', metadata: { bookingId: 'nobody' } } },
    };
    expect(await h.handlePaymentEvent(unknown)).toEqual({ outcome: 'ignored' });
    expect(await h.processedEvents.isProcessed('evt_unknown')).toBe(true);
    const charge: StripeLikeEvent = {
      id: 'evt_charge',
      type: 'charge.refunded',
      created: 0,
      data: { object: { id: 'ch_1', object: 'charge' } },
    };
    expect(await h.handlePaymentEvent(charge)).toEqual({ outcome: 'ignored' });
  });

  it('does not mark a failed event processed, so its redelivery finishes the work once', async () => {
    const { bookingId } = await bookAndPay();
    const event = emitted(paymentEventTypes.authorized);
    vi.spyOn(h.repos.bookings, 'transition').mockRejectedValueOnce(
      new Error('ProvisionedThroughputExceeded'),
    );
    await expect(h.handlePaymentEvent(event)).rejects.toThrow('ProvisionedThroughputExceeded');
    expect(await h.processedEvents.isProcessed(event.id)).toBe(false);
    expect(h.mailer.sent).toHaveLength(0);

    expect(await h.handlePaymentEvent(event)).toEqual({ outcome: 'confirmed', bookingId });
    expect(await h.handlePaymentEvent(event)).toEqual({ outcome: 'duplicate' });
    expect(h.mailer.sent).toHaveLength(2);
  });
});
