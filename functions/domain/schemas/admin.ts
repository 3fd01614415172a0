/**
 * Admin forms (back-office spec §5), with their Japanese messages: host creation and the admin's own password
 * change; plus the booking-list query of the admin API.
 */
import * as z from 'zod';
import { bookingStatusSchema, hostLanguageSchema } from '../entities';
import { HOST_ALREADY_SUSPENDED_MESSAGE, HOST_NOT_SUSPENDED_MESSAGE } from '../repository-messages';
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

/** Page size of the admin lists (bookings, hosts) unless `limit` asks for another (at most 100). */
export const ADMIN_PAGE_SIZE = 50;
const pageLimit = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);
const pageCursor = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(2000).optional());

/**
 * The admin booking list: the status filter (spec: all, pending, approved, denied; we accept every status) and the
 * search box. `q` is a booking reference, a guest's e-mail address, or text in the guest's name or e-mail, the
 * experience title or the host's business name (see `booking-search.ts`).
 */
export const adminBookingsQuery = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), bookingStatusSchema.optional()),
  /** Cancelled bookings whose refund is in this state (`failed`: the admins' to-do list). */
  refund: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pending', 'failed']).optional()),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(200).optional(),
  ),
  cursor: pageCursor,
  limit: pageLimit,
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;

/** The CSV export takes the list's filter and search, never a page: it holds every booking they match. */
export const adminBookingsExportQuery = adminBookingsQuery.pick({ status: true, refund: true, q: true });
export type AdminBookingsExportQuery = z.infer<typeof adminBookingsExportQuery>;

/**
 * `reviewStatus=underReview`: only self-registered hosts still waiting for an admin's approval. `q`: part of a
 * business name or e-mail address (case and letter width ignored).
 */
export const adminHostsQuery = z.object({
  cursor: pageCursor,
  limit: pageLimit,
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: '検索語が正しくありません' })
      .trim()
      .max(200, { error: '検索語は200文字以内で入力してください' })
      .optional(),
  ),
  reviewStatus: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['underReview'], { error: '審査状態の指定が正しくありません' }).optional(),
  ),
});
export type AdminHostsQuery = z.infer<typeof adminHostsQuery>;

export const ADMIN_SUSPENSION_REASON_MAX_LENGTH = 500;

/** `POST /api/admin/hosts/{id}/suspend`: an optional note for the other admins (never shown to the host). */
export const adminSuspendHostSchema = z.object({
  reason: optionalText(
    ADMIN_SUSPENSION_REASON_MAX_LENGTH,
    `停止理由は${ADMIN_SUSPENSION_REASON_MAX_LENGTH}文字以内で入力してください`,
  ),
});
export type AdminSuspendHost = z.infer<typeof adminSuspendHostSchema>;

/** The admin screens' and routes' own messages (back-office spec §2 and §8), for the API and the SPA alike. */
export const adminMessages = {
  noBookings: '予約がありません',
  bookingNotFound: '予約が見つかりませんでした。',
  noHosts: 'ホストが登録されていません',
  hostApproved: 'ホストを承認しました',
  hostChangedMeanwhile:
    'このホストは同時に更新されました。画面を再読み込みしてから、もう一度お試しください。',
  hostNotFound: 'ホストが見つかりません',
  hostCreated: 'ホストを作成しました',
  hostCreationFailed: 'ホストの作成に失敗しました。',
  hostAlreadySuspended: HOST_ALREADY_SUSPENDED_MESSAGE,
  hostNotSuspended: HOST_NOT_SUSPENDED_MESSAGE,
  suspensionFailed: 'ホストの停止に失敗しました。もう一度お試しください。',
  reinstatementFailed: 'ホストの再開に失敗しました。もう一度お試しください。',
  exportTooLarge: (max: number) =>
    `CSVに出力できるのは${max.toLocaleString('en-US')}件までです。ステータスや検索語で絞り込んでください。`,
} as const;
