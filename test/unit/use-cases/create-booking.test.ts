import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import {
  createBookingRequestSchema,
  type CreateBookingRequestInput,
} from '../../../functions/domain/schemas/booking';
import { BOOKABLE_DATE, BOOKABLE_TIME, NOW, makeExperience } from '../../support/fakes/fixtures';
import { createGuestHarness, type GuestHarness } from '../../support/fakes/guest-harness';

let h: GuestHarness;
beforeEach(async () => {
  h = createGuestHarness();
  await h.repos.experiences.create(
    makeExperience({ id: 'e1', price: 5000, participantsMin: 2, participantsMax: 4 }),
    [],
  );
});

const request = (overrides: Partial<CreateBookingRequestInput> = {}) =>
  createBookingRequestSchema.parse({
    experienceId: 'e1',
    date: BOOKABLE_DATE,
    time: BOOKABLE_TIME,
    guests: 3,
    language: 'ja',
    guest: {
      firstName: ' Hanako ',
      lastName: 'Yamada',
      email: '  Hanako.Yamada@Example.com ',
      phone: '+81 90 1234 5678',
      nationality: 'Japan',
      specialRequests: '  Vegetarian  ',
    },
    ...overrides,
  });

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

describe('createBooking', () => {
  it('holds the slot, computes the amount on the server and answers the client secret', async () => {
    const result = await h.createBooking(request());
    expect(result).toMatchObject({
      status: 'awaiting_payment',
      amount: 15000, // 5,000 × 3
      currency: 'JPY',
      payment: { provider: 'local' },
    });
    expect(result.reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(result.payment.clientSecret).toMatch(/_secret_/);

    const stored = await h.repos.bookings.get(result.bookingId);
    expect(stored).toMatchObject({
      reference: result.reference,
      status: 'awaiting_payment',
      unitPrice: 5000,
      amount: 15000,
      hostId: 'host-1',
      language: 'ja',
      firstName: 'Hanako',
      email: 'Hanako.Yamada@Example.com', // trimmed, case kept for display
      phone: '+819012345678', // spaces removed
      specialRequests: 'Vegetarian',
      paymentProvider: 'local',
      // The hold lapses 15 minutes from now.
      deadline: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
    });
    expect(h.repos.slots.booked('e1', BOOKABLE_DATE, BOOKABLE_TIME)).toBe(1);

    // The card authorisation is for the same amount and is tied to the booking.
    const intent = await h.payments.retrieve(stored!.paymentIntentId!);
    expect(intent).toMatchObject({ amount: 15000, currency: 'JPY', bookingId: result.bookingId });
    const raw = await h.paymentStore.get(intent.id);
    expect(raw).toMatchObject({ capture_method: 'manual', receipt_email: 'Hanako.Yamada@Example.com' });
    expect(raw!.description).toContain(result.reference);
  });

  it('keeps the tour language and the site language the guest booked in apart', async () => {
    const english = await h.createBooking(request({ language: 'ja' }));
    expect(await h.repos.bookings.get(english.bookingId)).toMatchObject({
      language: 'ja',
      guestLocale: 'en',
    });
    await h.repos.slots.setOverride('e1', BOOKABLE_DATE, BOOKABLE_TIME, { capacity: 2 });
    const japanese = await h.createBooking(request({ language: 'en', guestLocale: 'ja' }));
    expect(await h.repos.bookings.get(japanese.bookingId)).toMatchObject({
      language: 'en',
      guestLocale: 'ja',
    });
  });

  it('answers slot_unavailable with the specification’s message when the slot is already taken', async () => {
    await h.createBooking(request());
    const e = await rejection(h.createBooking(request()));
    expect(e.code).toBe('slot_unavailable');
    expect(e.message).toBe(SLOT_UNAVAILABLE_MESSAGE);
    expect(h.repos.slots.booked('e1', BOOKABLE_DATE, BOOKABLE_TIME)).toBe(1);
  });

  it('refuses a full slot at once: no hold lease, no transaction, no card authorisation (issue 33)', async () => {
    await h.createBooking(request());
    const hold = vi.spyOn(h.repos.bookings, 'createWithSlotHold');
    const authorise = vi.spyOn(h.payments, 'createAuthorization');
    const e = await rejection(
      h.createBooking(
        request({
          guest: {
            firstName: 'Ken',
            lastName: 'Sato',
            email: 'ken@example.com',
            phone: '+81 90 1234 5678',
            nationality: 'Japan',
          },
        }),
      ),
    );
    expect(e.code).toBe('slot_unavailable');
    expect(hold).not.toHaveBeenCalled();
    expect(authorise).not.toHaveBeenCalled();
  });

  it('refuses a slot the host blocked', async () => {
    await h.repos.slots.setOverride('e1', BOOKABLE_DATE, BOOKABLE_TIME, { blocked: true });
    expect((await rejection(h.createBooking(request()))).code).toBe('slot_unavailable');
  });

  it.each([
    ['a date before today + 3 days', { date: '2025-05-08' }],
    ['a date more than 85 days ahead', { date: '2025-07-31' }],
    ['a date in the past', { date: '2025-01-15' }],
    ['a regular holiday (Monday)', { date: '2025-06-09' }],
    ['a time outside the opening hours', { time: '18:00' }],
    ['the closing hour itself', { time: '17:00' }],
  ])('refuses %s with slot_unavailable, holding nothing', async (_label, overrides) => {
    const e = await rejection(h.createBooking(request(overrides)));
    expect(e.code).toBe('slot_unavailable');
    expect(e.message).toBe(SLOT_UNAVAILABLE_MESSAGE);
    expect(h.repos.bookings.items.size).toBe(0);
  });

  it.each([1, 5])(
    'refuses %i guests outside the experience’s 2–4 with a guests field message',
    async (guests) => {
      const e = await rejection(h.createBooking(request({ guests })));
      expect(e.code).toBe('validation_failed');
      expect(e.fields?.guests).toBe('Choose between 2 and 4 people');
      expect(h.repos.bookings.items.size).toBe(0);
    },
  );

  it('accepts the bounds of the range', async () => {
    expect((await h.createBooking(request({ guests: 2 }))).amount).toBe(10000);
    expect((await h.createBooking(request({ guests: 4, time: '11:00' }))).amount).toBe(20000);
  });

  it('answers not_found for a private or missing experience', async () => {
    await h.repos.experiences.create(makeExperience({ id: 'private', publicationStatus: 'private' }), []);
    for (const experienceId of ['private', 'missing']) {
      const e = await rejection(h.createBooking(request({ experienceId })));
      expect(e.code).toBe('not_found');
      expect(e.message).toBe('Experience not found');
    }
  });

  it('releases the slot and cancels the booking when the card authorisation cannot be created', async () => {
    const failure = new DomainError('payment_failed', 'The payment provider is unavailable');
    vi.spyOn(h.payments, 'createAuthorization').mockRejectedValueOnce(failure);
    const e = await rejection(h.createBooking(request()));
    expect(e).toBe(failure);
    expect(h.repos.slots.booked('e1', BOOKABLE_DATE, BOOKABLE_TIME)).toBe(0);
    const [booking] = h.repos.bookings.items.values();
    expect(booking).toMatchObject({ status: 'cancelled', deadline: null });
    // The slot is bookable again straight away.
    expect((await h.createBooking(request())).status).toBe('awaiting_payment');
  });

  it('undoes booking and authorisation when the authorisation cannot be attached', async () => {
    vi.spyOn(h.repos.bookings, 'attachPayment').mockRejectedValueOnce(new Error('DynamoDB timeout'));
    await expect(h.createBooking(request())).rejects.toThrow('DynamoDB timeout');
    expect(h.repos.slots.booked('e1', BOOKABLE_DATE, BOOKABLE_TIME)).toBe(0);
    const [booking] = h.repos.bookings.items.values();
    expect(booking!.status).toBe('cancelled');
    const intent = await h.paymentStore.findByBookingId(booking!.id);
    expect(intent?.status).toBe('canceled');
  });

  it('draws another reference when the first is taken', async () => {
    // Six draws of index 0 give AAAAAA twice, then index 1 gives BBBBBB.
    const draws = [...Array(12).fill(0), ...Array(6).fill(1)];
    const harness = createGuestHarness({ randomInt: () => draws.shift() ?? 2 });
    await harness.repos.experiences.create(makeExperience({ id: 'e1' }), []);
    const first = await harness.createBooking(request({ guests: 2 }));
    const second = await harness.createBooking(request({ guests: 2, time: '11:00' }));
    expect(first.reference).toBe('AAAAAA');
    expect(second.reference).toBe('BBBBBB');
  });

  it('gives up after a bounded number of reference collisions', async () => {
    const harness = createGuestHarness({ randomInt: () => 0 });
    await harness.repos.experiences.create(makeExperience({ id: 'e1' }), []);
    await harness.createBooking(request({ guests: 2 }));
    const e = await rejection(harness.createBooking(request({ guests: 2, time: '11:00' })));
    expect(e.code).toBe('duplicate');
    expect(harness.repos.slots.booked('e1', BOOKABLE_DATE, '11:00')).toBe(0);
  });
});
