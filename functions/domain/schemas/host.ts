/**
 * Host-side forms and requests (back-office spec §2 and §5): registration (Japanese messages), profile and
 * password change (English messages, as the profile screen's toasts are English), and the denial reason.
 */
import * as z from 'zod';
import { emailField, optionalText, requiredText } from './common';

export const PASSWORD_MIN_LENGTH = 8;
/** Cognito refuses longer passwords. */
export const PASSWORD_MAX_LENGTH = 256;

export const hostSignUpMessages = {
  businessNameRequired: 'ビジネス名は必須です',
  emailRequired: 'メールアドレスは必須です',
  emailInvalid: '有効なメールアドレスを入力してください',
  passwordTooShort: 'パスワードは8文字以上必要です',
  passwordMismatch: 'パスワードが一致しません',
  /** Shown when the use case reports `duplicate` for the e-mail. */
  emailTaken: 'このメールアドレスは既に登録されています',
} as const;

const password = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .min(PASSWORD_MIN_LENGTH, { error: tooShort })
    .max(PASSWORD_MAX_LENGTH, { error: `At most ${PASSWORD_MAX_LENGTH} characters` });

export const hostSignUpSchema = z
  .object({
    businessName: requiredText(hostSignUpMessages.businessNameRequired, 100),
    email: emailField(hostSignUpMessages.emailRequired, hostSignUpMessages.emailInvalid),
    password: password(hostSignUpMessages.passwordTooShort),
    passwordConfirmation: z.string({ error: hostSignUpMessages.passwordMismatch }),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    error: hostSignUpMessages.passwordMismatch,
    path: ['passwordConfirmation'],
    when: (p) => {
      const v = p.value as { password?: unknown; passwordConfirmation?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.passwordConfirmation === 'string';
    },
  });
export type HostSignUp = z.infer<typeof hostSignUpSchema>;

export const hostPasswordChangeMessages = {
  currentRequired: 'Please enter your current password',
  newTooShort: 'The new password must be at least 8 characters',
  confirmationTooShort: 'The confirmation password must be at least 8 characters',
  mismatch: 'The new password and the confirmation do not match',
} as const;

/** A password change: current required, new and confirmation at least 8 and equal (mismatch on the confirmation). */
export function passwordChangeSchema(messages: {
  currentRequired: string;
  newTooShort: string;
  confirmationTooShort: string;
  mismatch: string;
}) {
  return z
    .object({
      currentPassword: z
        .string({ error: messages.currentRequired })
        .min(1, { error: messages.currentRequired }),
      newPassword: password(messages.newTooShort),
      confirmPassword: password(messages.confirmationTooShort),
    })
    .refine((f) => f.newPassword === f.confirmPassword, {
      error: messages.mismatch,
      path: ['confirmPassword'],
    });
}

export const hostPasswordChangeSchema = passwordChangeSchema(hostPasswordChangeMessages);

/** The same rules in Japanese, for the back office (the specification quotes the host's messages in English only). */
export const hostPasswordChangeMessagesJa = {
  currentRequired: '現在のパスワードを入力してください',
  newTooShort: '新しいパスワードは8文字以上で入力してください',
  confirmationTooShort: '確認用パスワードは8文字以上で入力してください',
  mismatch: '新しいパスワードと確認用パスワードが一致しません',
} as const;
export const hostPasswordChangeSchemaJa = passwordChangeSchema(hostPasswordChangeMessagesJa);

export type PasswordChange = z.infer<typeof hostPasswordChangeSchema>;

export const hostProfileMessages = {
  businessNameRequired: 'Please enter the business name',
} as const;

/** The profile form (business name and self-introduction, plus the fields the profile update may carry). */
export const hostProfileSchema = z.object({
  businessName: requiredText(hostProfileMessages.businessNameRequired, 100),
  introduction: optionalText(2000),
  businessHours: optionalText(200),
  address: optionalText(300),
  cancellationPolicy: z
    .object({
      days: z.number().int().min(0).max(365),
      refundPercentage: z.number().min(0).max(100),
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type HostProfile = z.infer<typeof hostProfileSchema>;

/** The profile form in Japanese (back office). */
export const hostProfileMessagesJa = {
  businessNameRequired: 'ビジネス名を入力してください',
} as const;
export const hostProfileFormSchemaJa = z.object({
  businessName: requiredText(
    hostProfileMessagesJa.businessNameRequired,
    100,
    '100文字以内で入力してください',
  ),
  introduction: optionalText(2000, '2000文字以内で入力してください'),
  businessHours: optionalText(200, '200文字以内で入力してください'),
  address: optionalText(300, '300文字以内で入力してください'),
});
export type HostProfileForm = z.infer<typeof hostProfileFormSchemaJa>;

/** The default cancellation policy of a host (back-office spec §9). */
export const DEFAULT_CANCELLATION_POLICY = { days: 7, refundPercentage: 100 } as const;

export const DENIAL_REASON_REQUIRED_MESSAGE = 'Please enter the denial reason to send to the customer';
export const DENIAL_REASON_MAX_LENGTH = 2000;

/** `POST /api/host/bookings/{id}/deny`: the reason mailed to the guest, non-empty after trimming. */
export const denyBookingSchema = z.object({
  reason: requiredText(DENIAL_REASON_REQUIRED_MESSAGE, DENIAL_REASON_MAX_LENGTH),
});
export type DenyBooking = z.infer<typeof denyBookingSchema>;

/** The denial reason's message in Japanese, for the back office's reason box. */
export const DENIAL_REASON_REQUIRED_MESSAGE_JA = 'お客様にお送りする否認理由を入力してください';
export const denyBookingSchemaJa = z.object({
  reason: requiredText(
    DENIAL_REASON_REQUIRED_MESSAGE_JA,
    DENIAL_REASON_MAX_LENGTH,
    `${DENIAL_REASON_MAX_LENGTH}文字以内で入力してください`,
  ),
});
