import {
  EMAIL_MISMATCH_MESSAGE,
  emptyGuestForm,
  guestFormSchema,
  INVALID_EMAIL_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  toBookingGuest,
} from '@domain/schemas/guest-form';
import { createBookingRequestSchema } from '@domain/schemas/booking';
import { fieldErrors } from '@domain/validation';

const filled = () => ({
  firstName: 'John',
  lastName: 'Smith',
  email: 'john@example.com',
  confirmEmail: 'john@example.com',
  phone: '+1 555 0100',
  nationality: 'United States',
  specialRequests: '',
});

const errorsOf = (input: unknown) => {
  const r = guestFormSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('guest form', () => {
  it('uses the specification messages', () => {
    expect(REQUIRED_FIELD_MESSAGE).toBe('Required field');
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address');
    expect(EMAIL_MISMATCH_MESSAGE).toBe('Email addresses do not match');
  });

  it('says "Required field" for every empty or blank required field, and nothing else', () => {
    expect(errorsOf(emptyGuestForm)).toEqual({
      firstName: 'Required field',
      lastName: 'Required field',
      email: 'Required field',
      confirmEmail: 'Required field',
      phone: 'Required field',
      nationality: 'Required field',
    });
    expect(errorsOf({ ...filled(), firstName: '   ' })).toEqual({ firstName: 'Required field' });
  });

  it('rejects a malformed e-mail, including one with spaces inside', () => {
    expect(errorsOf({ ...filled(), email: 'john@', confirmEmail: 'john@' })).toEqual({
      email: 'Please enter a valid email address',
      confirmEmail: 'Please enter a valid email address',
    });
    expect(errorsOf({ ...filled(), email: 'jo hn@example.com' })).toHaveProperty(
      'email',
      'Please enter a valid email address',
    );
  });

  it('reports a mismatch on the confirmation, even while other fields are still empty', () => {
    expect(errorsOf({ ...filled(), confirmEmail: 'jon@example.com' })).toEqual({
      confirmEmail: 'Email addresses do not match',
    });
    expect(
      errorsOf({ ...emptyGuestForm, email: 'a@example.com', confirmEmail: 'b@example.com' }),
    ).toHaveProperty('confirmEmail', 'Email addresses do not match');
  });

  it('compares the addresses ignoring case and surrounding spaces', () => {
    expect(errorsOf({ ...filled(), confirmEmail: ' John@Example.com ' })).toEqual({});
  });

  it('needs a phone of at least 5 characters with a digit', () => {
    expect(errorsOf({ ...filled(), phone: '1234' })).toHaveProperty('phone');
    expect(errorsOf({ ...filled(), phone: '(-)-(' })).toHaveProperty('phone');
    expect(errorsOf({ ...filled(), phone: '12345' })).toEqual({});
  });

  it('leaves special requests optional', () => {
    const { specialRequests: _omitted, ...rest } = filled();
    expect(guestFormSchema.safeParse(rest).success).toBe(true);
  });

  it('turns into the guest of a valid booking request', () => {
    const guest = toBookingGuest(guestFormSchema.parse({ ...filled(), specialRequests: ' Window seat ' }));
    expect(guest).toEqual({
      firstName: 'John',
      lastName: 'Smith',
      email: 'john@example.com',
      phone: '+15550100',
      nationality: 'United States',
      specialRequests: 'Window seat',
    });
    const withoutRequests = toBookingGuest(guestFormSchema.parse(filled()));
    expect(withoutRequests).not.toHaveProperty('specialRequests');
    const request = {
      experienceId: 'e',
      date: '2026-12-01',
      time: '10:00',
      guests: 1,
      language: 'en',
      guest: withoutRequests,
    };
    expect(createBookingRequestSchema.safeParse(request).success).toBe(true);
  });
});
