/**
 * Payment events as EventBridge delivers them: duplicated, out of order and racing the browser's
 * payment-confirmed call. Whatever the order, the booking moves to `pending` once and the guest and the host get
 * one mail each. The events go through `functions/events/payment-events.ts`, the handler the Lambda runs.
 */
import { randomUUID } from 'node:crypto';
import { paymentIntentIdFromClientSecret } from '../../../functions/adapters/payments/local-payment-gateway';
import { paymentEventTypes } from '../../../functions/adapters/payments/payment-events';
import { handler, type EventBridgeEvent } from '../../../functions/events/payment-events';
import type { StripeLikeEvent } from '../../../functions/use-cases/ports';
import {
  DECLINED_CARD,
  addExperience,
  bookingBody,
  call,
  createBooking,
  freeSlots,
  mailsAbout,
  payWithCard,
  startApiWorld,
  type ApiWorld,
} from './support';

let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld('api-events-');
});
afterAll(async () => {
  await world?.stop();
});

function stripeEvent(
  type: string,
  paymentIntentId: string,
  bookingId: string,
  created: number,
): StripeLikeEvent {
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created,
    data: { object: { id: paymentIntentId, object: 'payment_intent', metadata: { bookingId } } },
  };
}

const envelope = (event: StripeLikeEvent): EventBridgeEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': event.type,
  source: 'aws.partner/stripe.com/ed_test',
  time: new Date(event.created * 1000).toISOString(),
  detail: event,
});

async function bookAndAuthorise() {
  const experience = await addExperience(world);
  const [slot] = await freeSlots(world, experience.id);
  const created = await createBooking(world, bookingBody(experience.id, slot!));
  const paymentIntentId = paymentIntentIdFromClientSecret(created.payment.clientSecret)!;
  return { created, paymentIntentId };
}

describe('payment events', () => {
  it('handles the same event twice and stale events out of order with one transition and one pair of mails', async () => {
    const { created, paymentIntentId } = await bookAndAuthorise();
    // A declined attempt first (its payment_failed event is published), then the card that works.
    expect((await payWithCard(world, created.payment.clientSecret, DECLINED_CARD)).status).toBe(402);
    expect((await payWithCard(world, created.payment.clientSecret)).status).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const authorised = stripeEvent(paymentEventTypes.authorized, paymentIntentId, created.bookingId, now);
    const staleFailure = stripeEvent(paymentEventTypes.failed, paymentIntentId, created.bookingId, now - 60);
    const staleCancel = stripeEvent(paymentEventTypes.canceled, paymentIntentId, created.bookingId, now - 30);

    // The same event twice at once, racing the bus's own delivery and the browser's confirmation.
    const [first, second, confirm] = await Promise.all([
      handler(envelope(authorised)),
      handler(envelope(authorised)),
      call(world, 'POST', `/api/bookings/${created.bookingId}/payment-confirmed`),
    ]);
    expect(confirm.status).toBe(200);
    for (const result of [first, second]) {
      expect(['confirmed', 'unchanged', 'duplicate']).toContain(result.outcome);
    }
    // Redelivered later: recognised by its id.
    expect(await handler(envelope(authorised))).toEqual({ outcome: 'duplicate' });
    // Older events arriving after it: the intent is re-read, it is authorised, nothing changes.
    expect((await handler(envelope(staleFailure))).outcome).toBe('unchanged');
    expect((await handler(envelope(staleCancel))).outcome).toBe('unchanged');
    await world.stack.events.idle();

    expect((await world.repo.bookings.get(created.bookingId))?.status).toBe('pending');
    const mails = await mailsAbout(world, created.reference);
    expect(mails).toHaveLength(2);
    expect(world.stack.events.stats.deadLettered).toBe(0);
  });

  it('confirms the booking from the event alone when the browser never calls payment-confirmed', async () => {
    const { created } = await bookAndAuthorise();
    expect((await payWithCard(world, created.payment.clientSecret)).status).toBe(200);
    await world.stack.events.idle();
    expect((await world.repo.bookings.get(created.bookingId))?.status).toBe('pending');
    expect(await mailsAbout(world, created.reference)).toHaveLength(2);
  });

  it('drops a malformed event without retrying it, and ignores an intent it does not know', async () => {
    expect(await handler({ ...envelope(stripeEvent('x', 'pi', 'b', 0)), detail: { nope: true } })).toEqual({
      outcome: 'malformed',
    });
    const unknown = stripeEvent(paymentEventTypes.authorized, 'pi_local_unknown', randomUUID(), 0);
    expect((await handler(envelope(unknown))).outcome).toBe('ignored');
  });
});
