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
  phone: '+1 212 555 0100',
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

  it('needs a real phone number, whatever dialling code the field put before it', () => {
    for (const phone of ['1234', '(-)-(', '+81 -', '+81 0', '+81 12345']) {
      expect(errorsOf({ ...filled(), phone }), phone).toEqual({ phone: 'Please enter a valid phone number' });
    }
    expect(errorsOf({ ...filled(), phone: '+81 090-1234-5678' })).toEqual({});
    expect(errorsOf({ ...filled(), phone: '' })).toEqual({ phone: 'Required field' });
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
      phone: '+12125550100',
      nationality: 'United States',
      specialRequests: 'Window seat',
    });
    expect(toBookingGuest(guestFormSchema.parse({ ...filled(), phone: '+81 090-1234-5678' })).phone).toBe(
      '+819012345678',
    );
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
