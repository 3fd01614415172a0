/**
 * The concierge's offer form and reply box (DESIGN §4h, issue 31) with the back office's Japanese messages: the
 * admin SPA validates with these before it sends `POST /api/admin/offers` and `POST /api/admin/inquiries/{id}/messages`.
 * Kept minimal (the rules of DESIGN §6 and the issue's shared contract): the offers use case checks the slot, the
 * host and the experience's party size itself.
 */
import * as z from 'zod';
import { guestLocales } from '../entities';
import { isEmailAddress } from './common';

export const OFFER_MIN_TOTAL = 100;
export const OFFER_MAX_TOTAL = 10_000_000;
export const OFFER_MIN_EXPIRY_HOURS = 1;
export const OFFER_MAX_EXPIRY_HOURS = 72;
export const OFFER_DEFAULT_EXPIRY_HOURS = 48;
export const CONCIERGE_TEXT_MAX = 5000;
export const INQUIRY_MAX_GUESTS = 50;

export const offerMessages = {
  experienceRequired: '体験を選択してください',
  dateRequired: '日付を選択してください',
  timeRequired: '開始時刻を選択してください',
  guests: `人数は1〜${INQUIRY_MAX_GUESTS}の整数で入力してください`,
  totalAmount: `合計金額は${OFFER_MIN_TOTAL.toLocaleString('ja-JP')}円〜${OFFER_MAX_TOTAL.toLocaleString('ja-JP')}円の整数で入力してください`,
  platformFee: 'プラットフォーム手数料は0円以上、合計金額以下の整数で入力してください',
  expiresInHours: `有効期限は${OFFER_MIN_EXPIRY_HOURS}〜${OFFER_MAX_EXPIRY_HOURS}時間の整数で入力してください`,
  messageRequired: 'お客様へのメッセージを入力してください',
  messageTooLong: `メッセージは${CONCIERGE_TEXT_MAX.toLocaleString('ja-JP')}文字以内で入力してください`,
  guestNameRequired: 'お客様のお名前を入力してください',
  guestNameTooLong: 'お名前は100文字以内で入力してください',
  guestEmailInvalid: '有効なメールアドレスを入力してください',
  guestLocale: 'お客様の言語を選択してください',
  replyRequired: '返信内容を入力してください',
} as const;

const m = offerMessages;

/** A whole number typed into a text field (`'12'` → 12; blank → undefined, which the field's rule refuses). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );

/** What the concierge writes to a guest (a reply, an offer's message): 1–5,000 characters after trimming. */
export const conciergeText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(CONCIERGE_TEXT_MAX, { error: m.messageTooLong });

/** `POST /api/admin/inquiries/{id}/messages`. */
export const conciergeReplySchema = z.object({ text: conciergeText(m.replyRequired) });

/** The guest an offer is for (as `POST /api/inquiries` validates them). */
export const offerGuestSchema = z.object({
  name: z
    .string({ error: m.guestNameRequired })
    .trim()
    .min(1, { error: m.guestNameRequired })
    .max(100, { error: m.guestNameTooLong }),
  email: z
    .string({ error: m.guestEmailInvalid })
    .trim()
    .max(254, { error: m.guestEmailInvalid })
    .refine(isEmailAddress, { error: m.guestEmailInvalid }),
  locale: z.enum(guestLocales, { error: m.guestLocale }),
});

/**
 * `POST /api/admin/offers` (DESIGN §6 wave 4). `platformFee` left blank is omitted (the server's default: the host's
 * commission of the total, rounded down as the ledger does).
 */
export const adminOfferSchema = z
  .object({
    inquiryId: z.string().trim().min(1).max(100).optional(),
    experienceId: z.string({ error: m.experienceRequired }).trim().min(1, { error: m.experienceRequired }),
    date: z.string({ error: m.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.dateRequired }),
    time: z.string({ error: m.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.timeRequired }),
    guests: wholeNumber(m.guests, 1, INQUIRY_MAX_GUESTS),
    totalAmount: wholeNumber(m.totalAmount, OFFER_MIN_TOTAL, OFFER_MAX_TOTAL),
    platformFee: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
      z
        .number({ error: m.platformFee })
        .int({ error: m.platformFee })
        .min(0, { error: m.platformFee })
        .max(OFFER_MAX_TOTAL, { error: m.platformFee })
        .optional(),
    ),
    message: conciergeText(m.messageRequired),
    expiresInHours: wholeNumber(m.expiresInHours, OFFER_MIN_EXPIRY_HOURS, OFFER_MAX_EXPIRY_HOURS),
    preApproved: z.boolean().optional(),
    guest: offerGuestSchema,
  })
  .refine((o) => o.platformFee === undefined || o.platformFee <= o.totalAmount, {
    path: ['platformFee'],
    error: m.platformFee,
    // Compared as soon as both amounts are whole numbers, whatever else of the form is still missing.
    when: (payload) => {
      const v = payload.value as { totalAmount?: unknown; platformFee?: unknown } | undefined;
      return (
        typeof v?.totalAmount === 'number' &&
        !payload.issues.some((i) => i.path?.[0] === 'totalAmount' || i.path?.[0] === 'platformFee')
      );
    },
  });
export type AdminOfferRequest = z.output<typeof adminOfferSchema>;
