import { lookupRequestSchema } from '../../../functions/domain/schemas/lookup';
import { RateLimitedError } from '../../../functions/use-cases/lookup-booking';
import { makeBooking } from '../../support/fakes/fixtures';
import type { GuestHarness } from '../../support/fakes/guest-harness';
import { harnessWithExperience, rejection } from './booking-flow';

let h: GuestHarness;
beforeEach(async () => {
  h = await harnessWithExperience();
  h.repos.bookings.seed(
    makeBooking({
      id: 'b-pending',
      reference: 'PEND01',
      experienceId: 'e1',
      status: 'pending',
      email: 'Hanako@Example.com',
      paymentProvider: 'local',
      paymentIntentId: 'pi_secret_internal',
      specialRequests: 'Vegetarian',
    }),
  );
});

const lookup = (email: string, reference: string, client = '203.0.113.7') =>
  h.lookupBooking(lookupRequestSchema.parse({ email, reference }), client);

describe('lookupBooking', () => {
  it('finds the booking by e-mail (any case, spaces trimmed) and reference (any case)', async () => {
    const result = await lookup('  hanako@EXAMPLE.com ', 'pend01');
    expect(result.booking).toEqual({
      reference: 'PEND01',
      status: 'pending',
      date: '2025-06-11',
      time: '10:00',
      guests: 2,
      amount: 10000,
      currency: 'JPY',
      firstName: 'Hanako',
      lastName: 'Yamada',
      email: 'Hanako@Example.com',
      phone: '+819000000000',
      specialRequests: 'Vegetarian',
      language: 'en',
      createdAt: '2025-05-06T01:00:00.000Z',
    });
    expect(result.experience).toEqual({
      id: 'e1',
      title: 'Sake brewery tour',
      businessName: 'Dogo Tours',
      price: 5000,
      postalCode: '790-0001',
      prefecture: 'Ehime',
      city: 'Matsuyama',
      district: 'Ichibancho',
      streetAddress: '1-1',
      building: null,
      mapLat: 33.84,
      mapLng: 132.77,
      cancellationPolicy: 'Free cancellation up to 7 days before.',
    });
    const json = JSON.stringify(result);
    expect(json).not.toContain('pi_secret_internal');
    expect(json).not.toContain('host-1');
  });

  it('answers the same not_found for a wrong e-mail and a wrong reference', async () => {
    const wrongEmail = await rejection(lookup('someone@example.com', 'PEND01'));
    const wrongReference = await rejection(lookup('hanako@example.com', 'ZZZ999'));
    expect(wrongEmail.code).toBe('not_found');
    expect(wrongReference.code).toBe('not_found');
    expect(wrongEmail.message).toBe(wrongReference.message);
  });

  it('does not show a booking that was never paid', async () => {
    h.repos.bookings.seed(makeBooking({ id: 'b-wait', reference: 'WAIT01', status: 'awaiting_payment' }));
    h.repos.bookings.seed(
      makeBooking({ id: 'b-undone', reference: 'UNDO01', status: 'cancelled', paymentIntentId: null }),
    );
    expect((await rejection(lookup('hanako@example.com', 'WAIT01'))).code).toBe('not_found');
    expect((await rejection(lookup('hanako@example.com', 'UNDO01'))).code).toBe('not_found');
  });

  it('shows an expired hold the guest was mailed about, with its status', async () => {
    h.repos.bookings.seed(
      makeBooking({
        id: 'b-exp',
        reference: 'EXPD01',
        experienceId: 'e1',
        status: 'expired',
        paymentIntentId: 'pi_1',
      }),
    );
    expect((await lookup('hanako@example.com', 'EXPD01')).booking.status).toBe('expired');
  });

  it('still shows the booking when its experience has since been deleted', async () => {
    await h.repos.experiences.delete('e1');
    const result = await lookup('hanako@example.com', 'PEND01');
    expect(result.booking.reference).toBe('PEND01');
    expect(result.experience).toBeNull();
  });

  it('allows 10 attempts per reference per 15 minutes, then answers rate_limited until the window ends', async () => {
    for (let i = 0; i < 10; i++) {
      // From different clients: the per-reference limit holds whoever asks.
      await rejection(lookup(`guess${i}@example.com`, 'PEND01', `198.51.100.${i}`));
    }
    const limited = await rejection(lookup('hanako@example.com', 'PEND01', '198.51.100.99'));
    expect(limited.code).toBe('rate_limited');
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((limited as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(limited.message).toBe('Too many attempts. Please try again later.');

    h.advanceMinutes(15);
    expect((await lookup('hanako@example.com', 'PEND01')).booking.reference).toBe('PEND01');
  });

  it('allows 30 attempts per client per 15 minutes across references', async () => {
    for (let i = 0; i < 30; i++) {
      const reference = `Q${String(i).padStart(5, '0')}`;
      expect((await rejection(lookup('hanako@example.com', reference))).code).toBe('not_found');
    }
    expect((await rejection(lookup('hanako@example.com', 'PEND01'))).code).toBe('rate_limited');
    // Another client is not affected.
    expect((await lookup('hanako@example.com', 'PEND01', '192.0.2.1')).booking.status).toBe('pending');
  });
});
