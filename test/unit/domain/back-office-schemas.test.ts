import { adminBookingsQuery, adminCreateHostSchema, adminPasswordChangeSchema } from '@domain/schemas/admin';
import {
  denyBookingSchema,
  hostPasswordChangeSchema,
  hostProfileSchema,
  hostSignUpSchema,
} from '@domain/schemas/host';
import { fieldErrors } from '@domain/validation';
import type * as z from 'zod';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('host sign-up', () => {
  const valid = {
    businessName: 'Matsuyama Tea House',
    email: 'host@example.com',
    password: 'correct horse',
    passwordConfirmation: 'correct horse',
  };

  it('accepts a complete registration', () => {
    expect(hostSignUpSchema.parse(valid)).toEqual(valid);
  });

  it('says パスワードが一致しません on the confirmation when the passwords differ', () => {
    expect(errorsOf(hostSignUpSchema, { ...valid, passwordConfirmation: 'correct horse!' })).toEqual({
      passwordConfirmation: 'パスワードが一致しません',
    });
    // Even while the business name is still empty.
    expect(
      errorsOf(hostSignUpSchema, { ...valid, businessName: '', passwordConfirmation: 'other password' }),
    ).toMatchObject({
      businessName: 'ビジネス名は必須です',
      passwordConfirmation: 'パスワードが一致しません',
    });
  });

  it('requires every field and a password of 8 characters', () => {
    expect(
      errorsOf(hostSignUpSchema, { businessName: '', email: '', password: '', passwordConfirmation: '' }),
    ).toEqual({
      businessName: 'ビジネス名は必須です',
      email: 'メールアドレスは必須です',
      password: 'パスワードは8文字以上必要です',
    });
    expect(errorsOf(hostSignUpSchema, { ...valid, email: 'host@' })).toEqual({
      email: '有効なメールアドレスを入力してください',
    });
  });
});

describe('host password change (English)', () => {
  const valid = { currentPassword: 'old', newPassword: 'new password', confirmPassword: 'new password' };

  it('uses the back-office §5 messages', () => {
    expect(
      errorsOf(hostPasswordChangeSchema, { currentPassword: '', newPassword: 'short', confirmPassword: 'x' }),
    ).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'The new password must be at least 8 characters',
      confirmPassword: 'The confirmation password must be at least 8 characters',
    });
    expect(errorsOf(hostPasswordChangeSchema, { ...valid, confirmPassword: 'new passw0rd' })).toEqual({
      confirmPassword: 'The new password and the confirmation do not match',
    });
    expect(hostPasswordChangeSchema.safeParse(valid).success).toBe(true);
  });
});

describe('admin password change (Japanese)', () => {
  it('uses the back-office §5 messages', () => {
    expect(
      errorsOf(adminPasswordChangeSchema, {
        currentPassword: '',
        newPassword: 'short',
        confirmPassword: 'short',
      }),
    ).toMatchObject({
      currentPassword: '現在のパスワードを入力してください',
      newPassword: '新しいパスワードは8文字以上必要です',
    });
    expect(
      errorsOf(adminPasswordChangeSchema, {
        currentPassword: 'x',
        newPassword: 'long enough',
        confirmPassword: 'long enougH',
      }),
    ).toEqual({ confirmPassword: '新しいパスワードと確認用パスワードが一致しません' });
  });
});

describe('admin host creation', () => {
  const valid = {
    email: 'new-host@example.com',
    password: 'password1',
    businessName: 'Uwajima Pearls',
    languages: ['japanese', 'english'],
  };

  it('fills the optional fields with null', () => {
    expect(adminCreateHostSchema.parse(valid)).toEqual({
      ...valid,
      introduction: null,
      businessDescription: null,
      businessHours: null,
      address: null,
      phone: null,
      website: null,
      locationLat: null,
      locationLng: null,
    });
  });

  it('uses the Japanese messages of back-office §5', () => {
    expect(
      errorsOf(adminCreateHostSchema, { email: 'x', password: 'short', businessName: ' ', languages: [] }),
    ).toEqual({
      email: '有効なメールアドレスを入力してください',
      password: 'パスワードは8文字以上必要です',
      businessName: 'ビジネス名は必須です',
      languages: '言語を1つ以上選択してください',
    });
  });

  it('accepts only the four host languages and coordinates in range', () => {
    expect(errorsOf(adminCreateHostSchema, { ...valid, languages: ['french'] })).toHaveProperty(
      'languages.0',
    );
    expect(
      adminCreateHostSchema.parse({ ...valid, locationLat: '33.84', locationLng: 132.77 }),
    ).toMatchObject({
      locationLat: 33.84,
      locationLng: 132.77,
    });
    expect(errorsOf(adminCreateHostSchema, { ...valid, locationLat: 91 })).toHaveProperty('locationLat');
    expect(errorsOf(adminCreateHostSchema, { ...valid, locationLng: 'east' })).toHaveProperty('locationLng');
  });

  it('reads the booking list filter, "all" meaning none', () => {
    expect(adminBookingsQuery.parse({ status: 'all', q: ' ' })).toEqual({});
    expect(adminBookingsQuery.parse({ status: 'pending', q: ' Tanaka ' })).toEqual({
      status: 'pending',
      q: 'Tanaka',
    });
    expect(adminBookingsQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('host profile and denial', () => {
  it('requires a business name and stores blanks as null', () => {
    expect(hostProfileSchema.parse({ businessName: ' Tea ', introduction: '  ' })).toEqual({
      businessName: 'Tea',
      introduction: null,
      businessHours: null,
      address: null,
      cancellationPolicy: null,
    });
    expect(errorsOf(hostProfileSchema, { businessName: '' })).toEqual({
      businessName: 'Please enter the business name',
    });
  });

  it('requires a denial reason that is not blank', () => {
    const message = 'Please enter the denial reason to send to the customer';
    expect(errorsOf(denyBookingSchema, { reason: '   ' })).toEqual({ reason: message });
    expect(errorsOf(denyBookingSchema, {})).toEqual({ reason: message });
    expect(denyBookingSchema.parse({ reason: ' Fully booked that day ' })).toEqual({
      reason: 'Fully booked that day',
    });
  });
});
