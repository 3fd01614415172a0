/** Steps of the booking flow shared by the confirm, event and expiry tests. */
import type { DomainError } from '../../../functions/domain/errors';
import { createBookingRequestSchema } from '../../../functions/domain/schemas/booking';
import { BOOKABLE_DATE, BOOKABLE_TIME, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { GOOD_CARD, createGuestHarness, type GuestHarness } from '../../support/fakes/guest-harness';

export const HOST_EMAIL = 'host-1@hosts.example.com';
export const GUEST_EMAIL = 'Hanako@Example.com';

/** A harness with one published experience (`e1`, 5,000 JPY, capacity 1) and its host. */
export async function harnessWithExperience(): Promise<GuestHarness> {
  const h = createGuestHarness();
  await h.repos.hosts.create(makeHost({ id: 'host-1', email: HOST_EMAIL }));
  await h.repos.experiences.create(makeExperience({ id: 'e1', hostId: 'host-1', price: 5000 }), []);
  return h;
}

export async function createBooking(
  h: GuestHarness,
  options: { language?: 'en' | 'ja'; time?: string } = {},
) {
  const created = await h.createBooking(
    createBookingRequestSchema.parse({
      experienceId: 'e1',
      date: BOOKABLE_DATE,
      time: options.time ?? BOOKABLE_TIME,
      guests: 2,
      language: options.language ?? 'en',
      guest: {
        firstName: 'Hanako',
        lastName: 'Yamada',
        email: GUEST_EMAIL,
        phone: '+81 90 1234 5678',
        nationality: 'Japan',
      },
    }),
  );
  const booking = await h.repos.bookings.get(created.bookingId);
  return { ...created, paymentIntentId: booking!.paymentIntentId! };
}

/** What the browser does: confirm the card with the local gateway. */
export async function payWithCard(h: GuestHarness, paymentIntentId: string, card = GOOD_CARD) {
  return h.payments.confirmWithTestCard(paymentIntentId, card);
}

export const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

export const slotBooked = (h: GuestHarness, time = BOOKABLE_TIME) =>
  h.repos.slots.booked('e1', BOOKABLE_DATE, time);
