import { createBookingRequestSchema } from '@domain/schemas/booking';
import { bookingRequestFormSchema, REQUIRED_FIELDS_MESSAGE } from '@domain/schemas/booking-request-form';
import { fieldErrors } from '@domain/validation';

const valid = () => ({
  experienceId: 'exp-1',
  date: '2026-12-01',
  time: '09:00',
  guests: 2,
  language: 'en',
  guest: {
    firstName: ' Hanako ',
    lastName: 'Yamada',
    email: ' hanako@example.com ',
    phone: '+81 90 1234 5678',
    nationality: 'Japan',
    specialRequests: 'Vegetarian meal, please',
  },
});

const errorsOf = (input: unknown) => {
  const r = createBookingRequestSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('POST /api/bookings request', () => {
  it('accepts the DESIGN §6 shape, trimmed, with the phone stored without spaces', () => {
    const r = createBookingRequestSchema.parse(valid());
    expect(r.guest.firstName).toBe('Hanako');
    expect(r.guest.email).toBe('hanako@example.com');
    expect(r.guest.phone).toBe('+819012345678');
    expect(r.guest.specialRequests).toBe('Vegetarian meal, please');
  });

  it('carries the site language the guest books in (guestLocale), English when absent', () => {
    expect(createBookingRequestSchema.parse(valid()).guestLocale).toBe('en');
    expect(createBookingRequestSchema.parse({ ...valid(), guestLocale: 'ja' }).guestLocale).toBe('ja');
    expect(errorsOf({ ...valid(), guestLocale: 'fr' })).toHaveProperty('guestLocale');
  });

  it('stores the phone in E.164 and refuses what is not a phone number, with a plain message', () => {
    const withPhone = (phone: string) => ({ ...valid(), guest: { ...valid().guest, phone } });
    expect(createBookingRequestSchema.parse(withPhone('+81 090-1234-5678')).guest.phone).toBe(
      '+819012345678',
    );
    expect(createBookingRequestSchema.parse(withPhone('+44 20 7946 0958')).guest.phone).toBe('+442079460958');
    for (const phone of ['+81 -', '+81 0', '-----', '+81 12345']) {
      expect(errorsOf(withPhone(phone)), phone).toEqual({
        'guest.phone': 'Please enter a valid phone number',
      });
    }
  });

  it('treats absent, null or blank special requests as none', () => {
    const base = valid();
    const { specialRequests: _dropped, ...guest } = base.guest;
    expect(createBookingRequestSchema.parse({ ...base, guest }).guest.specialRequests).toBeNull();
    expect(
      createBookingRequestSchema.parse({ ...base, guest: { ...guest, specialRequests: null } }).guest
        .specialRequests,
    ).toBeNull();
    expect(
      createBookingRequestSchema.parse({ ...base, guest: { ...guest, specialRequests: '   ' } }).guest
        .specialRequests,
    ).toBeNull();
  });

  it('rejects an amount, a price or any unknown key (the server computes the amount)', () => {
    expect(createBookingRequestSchema.safeParse({ ...valid(), amount: 1 }).success).toBe(false);
    expect(createBookingRequestSchema.safeParse({ ...valid(), totalPrice: 1 }).success).toBe(false);
    expect(createBookingRequestSchema.safeParse({ ...valid(), unitPrice: 1 }).success).toBe(false);
    expect(
      createBookingRequestSchema.safeParse({ ...valid(), guest: { ...valid().guest, amount: 1 } }).success,
    ).toBe(false);
  });

  it.each([
    ['date', { date: '2026-02-30' }],
    ['date', { date: '01/12/2026' }],
    ['time', { time: '09:20' }],
    ['time', { time: '24:00' }],
    ['guests', { guests: 0 }],
    ['guests', { guests: 1.5 }],
    ['guests', { guests: '2' }],
    ['language', { language: 'fr' }],
    ['experienceId', { experienceId: '   ' }],
  ])('rejects a bad %s', (field, patch) => {
    expect(errorsOf({ ...valid(), ...patch })).toHaveProperty(field);
  });

  it.each([
    ['firstName', { firstName: 'x'.repeat(101) }],
    ['lastName', { lastName: '  ' }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: `${'a'.repeat(250)}@example.com` }],
    ['phone', { phone: '+81 90 1234 5678 9999 0000 1111 22' }],
    ['phone', { phone: '1234' }],
    ['phone', { phone: '(---)' }],
    ['phone', { phone: '090-abcd-5678' }],
    ['nationality', { nationality: 'x'.repeat(101) }],
    ['specialRequests', { specialRequests: 'x'.repeat(2001) }],
  ])('rejects a bad guest.%s', (field, patch) => {
    expect(errorsOf({ ...valid(), guest: { ...valid().guest, ...patch } })).toHaveProperty(`guest.${field}`);
  });

  it('accepts the longest allowed values', () => {
    const guest = {
      ...valid().guest,
      firstName: 'x'.repeat(100),
      nationality: 'x'.repeat(100),
      specialRequests: 'x'.repeat(2000),
    };
    expect(createBookingRequestSchema.safeParse({ ...valid(), guest }).success).toBe(true);
  });
});

describe('booking request form of the detail page', () => {
  it('requires date, time and language with one message', () => {
    const r = bookingRequestFormSchema.safeParse({ date: '', time: '', language: '', participants: 1 });
    expect(r.success).toBe(false);
    const fields = fieldErrors(r.error!);
    expect(fields).toEqual({
      date: REQUIRED_FIELDS_MESSAGE,
      time: REQUIRED_FIELDS_MESSAGE,
      language: REQUIRED_FIELDS_MESSAGE,
    });
    expect(REQUIRED_FIELDS_MESSAGE).toBe('Please fill in all required fields');
  });

  it('accepts a complete choice', () => {
    expect(
      bookingRequestFormSchema.parse({ date: '2026-12-01', time: '10:00', language: 'ja', participants: 2 }),
    ).toEqual({ date: '2026-12-01', time: '10:00', language: 'ja', participants: 2 });
  });
});
