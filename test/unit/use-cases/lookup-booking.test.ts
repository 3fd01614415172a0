import { lookupRequestSchema } from '../../../functions/domain/schemas/lookup';
import { RateLimitedError } from '../../../functions/domain/errors';
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
      durationMinutes: 60,
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
      // A request is never charged: cancelling it releases the authorisation.
      refundRule: [{ daysBefore: 7, refundPercentage: 100 }],
      cancellation: { allowed: true, refundPercentage: 100, refundAmount: 0 },
      cancelledBy: null,
      cancellationReason: null,
      refundAmount: null,
      refundStatus: null,
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

  it('allows 10 failed attempts per reference and client per 15 minutes, then answers rate_limited until the window ends', async () => {
    const stranger = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      expect((await rejection(lookup(`guess${i}@example.com`, 'PEND01', stranger))).code).toBe('not_found');
    }
    const limited = await rejection(lookup('guess10@example.com', 'PEND01', stranger));
    expect(limited.code).toBe('rate_limited');
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((limited as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(limited.message).toBe('Too many attempts. Please try again later.');
    // Even the right pair is refused to that client now: the limit is checked before the booking is read.
    expect((await rejection(lookup('hanako@example.com', 'PEND01', stranger))).code).toBe('rate_limited');

    h.advanceMinutes(15);
    expect((await lookup('hanako@example.com', 'PEND01', stranger)).booking.reference).toBe('PEND01');
  });

  it('never lets a stranger who knows a reference lock its owner out', async () => {
    // A stranger spends every attempt on the owner's reference, from many addresses.
    for (let client = 0; client < 5; client++) {
      for (let i = 0; i < 12; i++)
        await rejection(lookup(`guess${i}@example.com`, 'PEND01', `198.51.100.${client}`));
    }
    // The owner, from their own address, still finds the booking.
    expect((await lookup('hanako@example.com', 'PEND01', '203.0.113.7')).booking.status).toBe('pending');
  });

  it('never counts a successful lookup against its owner', async () => {
    for (let i = 0; i < 40; i++) {
      expect((await lookup('hanako@example.com', 'PEND01')).booking.reference).toBe('PEND01');
    }
    // Nor against the owner's address: failures there still have their whole allowance.
    for (let i = 0; i < 10; i++) {
      expect((await rejection(lookup(`typo${i}@example.com`, 'PEND01'))).code).toBe('not_found');
    }
    expect((await rejection(lookup('typo10@example.com', 'PEND01'))).code).toBe('rate_limited');
  });

  it('allows 30 failed attempts per client per 15 minutes across references', async () => {
    for (let i = 0; i < 30; i++) {
      const reference = `Q${String(i).padStart(5, '0')}`;
      expect((await rejection(lookup('hanako@example.com', reference))).code).toBe('not_found');
    }
    expect((await rejection(lookup('hanako@example.com', 'PEND01'))).code).toBe('rate_limited');
    // Another client is not affected.
    expect((await lookup('hanako@example.com', 'PEND01', '192.0.2.1')).booking.status).toBe('pending');
  });
});
