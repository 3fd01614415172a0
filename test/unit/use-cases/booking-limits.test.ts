import { RateLimitedError } from '../../../functions/domain/errors';
import { createBookingRequestSchema } from '../../../functions/domain/schemas/booking';
import { BOOKING_LIMITS } from '../../../functions/use-cases/create-booking';
import { BOOKABLE_DATE, makeExperience } from '../../support/fakes/fixtures';
import { createGuestHarness, GOOD_CARD, type GuestHarness } from '../../support/fakes/guest-harness';

let h: GuestHarness;
beforeEach(async () => {
  h = createGuestHarness({ bookingLimits: BOOKING_LIMITS });
  await h.repos.experiences.create(makeExperience({ id: 'e1', participantsMin: 1, participantsMax: 4 }), []);
});

const TIMES = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
let next = 0;
const request = (email: string, time = TIMES[next++ % TIMES.length]!) =>
  createBookingRequestSchema.parse({
    experienceId: 'e1',
    date: BOOKABLE_DATE,
    time,
    guests: 1,
    language: 'en',
    guest: {
      firstName: 'Emma',
      lastName: 'Stone',
      email,
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
    },
  });

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a refusal'),
    (e: unknown) => e as RateLimitedError,
  );

describe('createBooking limits', () => {
  beforeEach(() => {
    next = 0;
  });

  it('refuses the fourth unpaid hold of a client with too_many_requests and the seconds until the first hold ends', async () => {
    for (let i = 0; i < 3; i++) await h.createBooking(request(`g${i}@example.com`), '198.51.100.7');
    h.advanceMinutes(5);
    const e = await refusal(h.createBooking(request('g9@example.com'), '198.51.100.7'));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e.code).toBe('too_many_requests');
    expect(e.retryAfterSeconds).toBe(10 * 60);
    // Another client is not affected.
    await expect(h.createBooking(request('other@example.com'), '198.51.100.8')).resolves.toMatchObject({
      status: 'awaiting_payment',
    });
  });

  it('a paid hold frees its place; so does one the guest released', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await h.createBooking(request(`p${i}@example.com`), '203.0.113.1'));
    const paid = await h.repos.bookings.get(held[0]!.bookingId);
    await h.payments.confirmWithTestCard(paid!.paymentIntentId!, GOOD_CARD);
    await h.confirmPayment(held[0]!.bookingId);
    await h.releaseHold(held[1]!.bookingId, held[1]!.payment.clientSecret);
    await h.createBooking(request('p3@example.com'), '203.0.113.1');
    await h.createBooking(request('p4@example.com'), '203.0.113.1');
    expect((await refusal(h.createBooking(request('p5@example.com'), '203.0.113.1'))).code).toBe(
      'too_many_requests',
    );
  });

  it('counts the e-mail case-insensitively across clients', async () => {
    for (let i = 0; i < 3; i++) await h.createBooking(request('Same@Example.com'), `192.0.2.${i}`);
    const e = await refusal(h.createBooking(request(' same@example.COM '), '192.0.2.99'));
    expect(e.code).toBe('too_many_requests');
  });

  it('a request refused for its slot takes no place', async () => {
    await h.createBooking(request('a@example.com', '09:00'), '192.0.2.50');
    for (let i = 0; i < 3; i++) {
      await expect(h.createBooking(request('b@example.com', '09:00'), '192.0.2.51')).rejects.toMatchObject({
        code: 'slot_unavailable',
      });
    }
    await expect(h.createBooking(request('b@example.com', '10:00'), '192.0.2.51')).resolves.toBeDefined();
  });
});
