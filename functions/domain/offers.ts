/**
 * The concierge's tailored offers (DESIGN §4h, issue 31): an offer names an experience, a start, a party and its own
 * price, holds that start's time like a booking from the moment it is made, and books through the normal checkout.
 * Pure: no clock, no AWS; the use cases pass `now`.
 *
 * Statuses: `sent` (made, mailed) → `opened` (the guest's first look) → `booked` (paid through its link) | `expired`
 * (its time ran out, the job or a read past `expiresAt` says so) | `withdrawn` (by the concierge). Only `sent` and
 * `opened` hold the slot on the offer's behalf; a `booked` offer's hold belongs to its booking.
 */
import * as z from 'zod';
import { guestLanguageSchema, guestLocales, type GuestLocale } from './entities';
import { pathInLanguage } from './guest-pages';
import { calendarDate } from './schemas/common';
import { bookingGuestSchema } from './schemas/booking';

export const offerStatuses = ['sent', 'opened', 'booked', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export const offerStatusSchema = z.enum(offerStatuses);

/** The statuses in which the offer still holds its slot and can be booked. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['sent', 'opened'];

/** Why a guest's offer books nothing (409 `offer_not_open`), by its status. */
export const OFFER_NOT_OPEN_MESSAGES: Record<OfferStatus, string> = {
  sent: 'This offer can no longer be booked.',
  opened: 'This offer can no longer be booked.',
  booked: 'This offer has already been booked.',
  expired: 'This offer has expired.',
  withdrawn: 'This offer was withdrawn by the concierge.',
};

/** The guest is warned once when this little of the offer's time is left. */
export const OFFER_WARNING_MS = 2 * 60 * 60 * 1000;

export const OFFER_LIMITS = {
  minAmount: 100,
  maxAmount: 10_000_000,
  minHours: 1,
  maxHours: 72,
  message: 5000,
  name: 100,
  email: 254,
} as const;

export interface OfferGuest {
  name: string;
  email: string;
  locale: GuestLocale;
}

/** An offer as stored. */
export interface Offer {
  id: string;
  token: string;
  inquiryId?: string;
  experienceId: string;
  experienceTitle: string;
  experienceImage: string | null;
  hostId: string;
  businessName: string;
  date: string;
  time: string;
  /** The tour's length and buffer when the offer was made: the time it holds, and its booking's. */
  durationMinutes: number;
  bufferMinutes: number;
  guests: number;
  totalAmount: number;
  platformFee: number;
  commissionPercent: number;
  message: string;
  preApproved: boolean;
  guest: OfferGuest;
  status: OfferStatus;
  expiresAt: string;
  /** Set once the `offer-expiring` mail is written (it goes out once). */
  warnedAt?: string;
  bookingId?: string;
  bookingReference?: string;
  createdAt: string;
  updatedAt: string;
}

/** What a guest and the lists see: a `sent`/`opened` offer past its expiry is expired, whether the job ran or not. */
export function effectiveStatus(offer: Pick<Offer, 'status' | 'expiresAt'>, now: Date): OfferStatus {
  if (OPEN_OFFER_STATUSES.includes(offer.status) && Date.parse(offer.expiresAt) <= now.getTime()) {
    return 'expired';
  }
  return offer.status;
}

export const isOpenOffer = (offer: Pick<Offer, 'status' | 'expiresAt'>, now: Date): boolean =>
  OPEN_OFFER_STATUSES.includes(effectiveStatus(offer, now));

/** When the warning falls due (2 h before the expiry; at once for an offer shorter than that). */
export const warningAt = (offer: Pick<Offer, 'expiresAt' | 'createdAt'>): string =>
  new Date(
    Math.max(Date.parse(offer.createdAt), Date.parse(offer.expiresAt) - OFFER_WARNING_MS),
  ).toISOString();

/**
 * The next moment the expiry job owes this offer work: its warning while not warned (and not expired yet), else
 * its expiry; null once it is no longer open.
 */
export function offerDueAt(
  offer: Pick<Offer, 'status' | 'expiresAt' | 'createdAt' | 'warnedAt'>,
): string | null {
  if (!OPEN_OFFER_STATUSES.includes(offer.status)) return null;
  if (!offer.warnedAt && Date.parse(warningAt(offer)) < Date.parse(offer.expiresAt)) return warningAt(offer);
  return offer.expiresAt;
}

/** The guest's link: `<siteUrl><prefix>/offer/<token>`. */
export const offerUrl = (siteUrl: string, token: string, locale: GuestLocale): string =>
  `${siteUrl.replace(/\/+$/, '')}${pathInLanguage(`/offer/${token}`, locale)}`;

/** The offer as the guest sees it (the items of `offers` in `GET /api/inquiries/{token}`). */
export interface GuestOfferView {
  id: string;
  token: string;
  url: string;
  status: OfferStatus;
  experience: { id: string; title: string; image: string | null };
  date: string;
  time: string;
  guests: number;
  totalAmount: number;
  message: string;
  expiresAt: string;
}

/** `GET /api/offers/{token}`: the guest view and what the checkout is prefilled with. */
export interface GuestOfferDetail extends GuestOfferView {
  durationMinutes: number;
  preApproved: boolean;
  guest: OfferGuest;
  bookingReference?: string;
}

export interface AdminOfferView extends GuestOfferView {
  inquiryId?: string;
  platformFee: number;
  preApproved: boolean;
  guest: OfferGuest;
  hostId: string;
  businessName: string;
  createdAt: string;
  bookingId?: string;
  bookingReference?: string;
}

export function guestOfferView(offer: Offer, siteUrl: string, now: Date): GuestOfferView {
  return {
    id: offer.id,
    token: offer.token,
    url: offerUrl(siteUrl, offer.token, offer.guest.locale),
    status: effectiveStatus(offer, now),
    experience: { id: offer.experienceId, title: offer.experienceTitle, image: offer.experienceImage },
    date: offer.date,
    time: offer.time,
    guests: offer.guests,
    totalAmount: offer.totalAmount,
    message: offer.message,
    expiresAt: offer.expiresAt,
  };
}

export function guestOfferDetail(offer: Offer, siteUrl: string, now: Date): GuestOfferDetail {
  return {
    ...guestOfferView(offer, siteUrl, now),
    durationMinutes: offer.durationMinutes,
    preApproved: offer.preApproved,
    guest: offer.guest,
    ...(offer.bookingReference ? { bookingReference: offer.bookingReference } : {}),
  };
}

export function adminOfferView(offer: Offer, siteUrl: string, now: Date): AdminOfferView {
  return {
    ...guestOfferView(offer, siteUrl, now),
    ...(offer.inquiryId ? { inquiryId: offer.inquiryId } : {}),
    platformFee: offer.platformFee,
    preApproved: offer.preApproved,
    guest: offer.guest,
    hostId: offer.hostId,
    businessName: offer.businessName,
    createdAt: offer.createdAt,
    ...(offer.bookingId ? { bookingId: offer.bookingId } : {}),
    ...(offer.bookingReference ? { bookingReference: offer.bookingReference } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests (admin: Japanese messages)

export const offerMessages = {
  notFound: 'オファーが見つかりませんでした。',
  experienceNotFound: '体験が見つかりませんでした。',
  inquiryNotFound: '問い合わせが見つかりませんでした。',
  hostNotBookable:
    'この体験のホストは現在予約を受け付けられません（停止中・審査中、または非公開の体験です）。',
  slotUnavailable: 'この日時は予約できません（満席・休業・過去の日時、または受付期間外です）。',
  guests: (min: number, max: number) => `人数は${min}〜${max}名で指定してください。`,
  amount: `合計金額は${OFFER_LIMITS.minAmount}円〜${OFFER_LIMITS.maxAmount.toLocaleString('ja-JP')}円の整数で入力してください。`,
  platformFee: 'プラットフォーム手数料は0円〜合計金額の整数で入力してください。',
  expiresInHours: `有効期限は${OFFER_LIMITS.minHours}〜${OFFER_LIMITS.maxHours}時間の整数で入力してください。`,
  message: `メッセージは1〜${OFFER_LIMITS.message.toLocaleString('ja-JP')}文字で入力してください。`,
  name: `お名前は1〜${OFFER_LIMITS.name}文字で入力してください。`,
  email: 'メールアドレスの形式が正しくありません。',
  locale: '言語は en / ja / zh-Hant / ko のいずれかを指定してください。',
  date: '日付は yyyy-MM-dd 形式で入力してください。',
  time: '開始時刻は HH:mm 形式で入力してください。',
  booked: 'このオファーはすでに予約済みのため取り下げできません。',
  status: 'ステータスの指定が正しくありません。',
  experienceId: '体験を指定してください。',
  inquiryId: '問い合わせIDの形式が正しくありません。',
  preApproved: 'ホストの事前承諾は true / false で指定してください。',
  guest: 'ゲストの氏名・メールアドレス・言語を指定してください。',
} as const;

const int = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

export const offerGuestSchema = z.strictObject(
  {
    name: z
      .string({ error: offerMessages.name })
      .trim()
      .min(1, { error: offerMessages.name })
      .max(OFFER_LIMITS.name, { error: offerMessages.name }),
    email: z
      .string({ error: offerMessages.email })
      .trim()
      .max(OFFER_LIMITS.email, { error: offerMessages.email })
      .pipe(z.email({ error: offerMessages.email })),
    locale: z.enum(guestLocales, { error: offerMessages.locale }),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? offerMessages.guest : undefined) },
);

/** `POST /api/admin/offers`. */
export const createOfferRequestSchema = z.strictObject({
  inquiryId: z
    .string({ error: offerMessages.inquiryId })
    .trim()
    .min(1, { error: offerMessages.inquiryId })
    .max(100, { error: offerMessages.inquiryId })
    .optional(),
  experienceId: z
    .string({ error: offerMessages.experienceId })
    .trim()
    .min(1, { error: offerMessages.experienceId })
    .max(100, { error: offerMessages.experienceId }),
  date: calendarDate(offerMessages.date),
  time: z
    .string({ error: offerMessages.time })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: offerMessages.time }),
  guests: int(offerMessages.guests(1, 50), 1, 50),
  totalAmount: int(offerMessages.amount, OFFER_LIMITS.minAmount, OFFER_LIMITS.maxAmount),
  platformFee: int(offerMessages.platformFee, 0, OFFER_LIMITS.maxAmount).optional(),
  message: z
    .string({ error: offerMessages.message })
    .trim()
    .min(1, { error: offerMessages.message })
    .max(OFFER_LIMITS.message, { error: offerMessages.message }),
  expiresInHours: int(offerMessages.expiresInHours, OFFER_LIMITS.minHours, OFFER_LIMITS.maxHours),
  preApproved: z.boolean({ error: offerMessages.preApproved }).optional().default(false),
  guest: offerGuestSchema,
});
export type CreateOfferRequest = z.infer<typeof createOfferRequestSchema>;

/** `POST /api/offers/{token}/book` (guest: English messages, as `POST /api/bookings`). */
export const bookOfferRequestSchema = z.strictObject({
  guest: bookingGuestSchema,
  guestLocale: z.enum(guestLocales).optional(),
  language: guestLanguageSchema.optional(),
});

export const adminOffersQuery = z.strictObject({
  status: z.enum(offerStatuses, { error: offerMessages.status }).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
