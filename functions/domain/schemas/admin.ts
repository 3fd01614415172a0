/**
 * Admin forms (back-office spec §5), with their Japanese messages: host creation and the admin's own password
 * change; plus the booking-list query of the admin API.
 */
import * as z from 'zod';
import { bookingStatusSchema, hostLanguageSchema } from '../entities';
import { optionalText } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordChangeSchema } from './host';

export const adminHostCreationMessages = {
  emailInvalid: '有効なメールアドレスを入力してください',
  passwordTooShort: 'パスワードは8文字以上必要です',
  businessNameRequired: 'ビジネス名は必須です',
  languagesRequired: '言語を1つ以上選択してください',
  latitudeInvalid: '緯度は-90から90の数値を入力してください',
  longitudeInvalid: '経度は-180から180の数値を入力してください',
  /** Shown when the use case reports `duplicate` for the e-mail. */
  emailTaken: 'このメールアドレスは既に登録されています',
} as const;

const m = adminHostCreationMessages;

/** An optional coordinate: blank or absent → null; a numeric string (form input) is accepted. */
const coordinate = (limit: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message }).nullable(),
  );

export const adminCreateHostSchema = z.object({
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(254, { error: m.emailInvalid })
    .pipe(z.email({ error: m.emailInvalid })),
  password: z
    .string({ error: m.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: m.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH),
  businessName: z
    .string({ error: m.businessNameRequired })
    .trim()
    .min(1, { error: m.businessNameRequired })
    .max(100),
  introduction: optionalText(2000),
  businessDescription: optionalText(4000),
  businessHours: optionalText(200),
  address: optionalText(300),
  phone: optionalText(30),
  website: optionalText(500),
  locationLat: coordinate(90, m.latitudeInvalid),
  locationLng: coordinate(180, m.longitudeInvalid),
  languages: z
    .array(hostLanguageSchema, { error: m.languagesRequired })
    .min(1, { error: m.languagesRequired })
    .transform((langs) => [...new Set(langs)]),
});
export type AdminCreateHost = z.infer<typeof adminCreateHostSchema>;

export const adminPasswordChangeMessages = {
  currentRequired: '現在のパスワードを入力してください',
  newTooShort: '新しいパスワードは8文字以上必要です',
  /** The specification gives no separate wording for a short confirmation; this one is ours. */
  confirmationTooShort: '確認用パスワードは8文字以上必要です',
  mismatch: '新しいパスワードと確認用パスワードが一致しません',
} as const;

export const adminPasswordChangeSchema = passwordChangeSchema(adminPasswordChangeMessages);

/** The status filter of the admin booking list (spec: all, pending, approved, denied; we accept every status). */
export const adminBookingsQuery = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), bookingStatusSchema.optional()),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(200).optional(),
  ),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;
