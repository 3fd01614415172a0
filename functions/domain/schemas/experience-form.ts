/**
 * The host's experience form (back-office spec §2 and §5): the create screen speaks English, the edit screen
 * Japanese; both share one set of rules. The host API validates with the same schemas (create → create
 * schema, full replacement on edit → edit schema), so the browser and the server never disagree.
 */
import { refundRuleSchema } from '../refund-rule';
import * as z from 'zod';
import { defaultAvailabilityRule, tourTimeProblems } from '../availability';
import { availabilityRuleSchema, durationMinutesSchema, publicationStatusSchema } from '../entities';
import { policyConflictMessage, policyConflicts } from '../policy-notes';
import { DEFAULT_DURATION_MINUTES } from '../tour-span';
import { findPrefecture } from '../prefectures';
import { MAX_CHARGE_JPY } from '../pricing';
import { MAX_GUESTS_PER_BOOKING, optionalText, requiredText, type TextCheck } from './common';

export const MAX_MAIN_IMAGES = 10;
export const MAX_TAGS = 20;
export const MAX_CATEGORIES = 20;

/** Values a new experience form starts with (participants 1 to 3, private, the default opening hours). */
export const experienceFormDefaults = {
  participantsMin: 1,
  participantsMax: 3,
  publicationStatus: 'private',
  durationMinutes: DEFAULT_DURATION_MINUTES,
  availability: defaultAvailabilityRule,
} as const;

export interface ExperienceFormMessages {
  titleRequired: string;
  priceRequired: string;
  priceNotNegative: string;
  priceTooHigh: string;
  postalCodeRequired: string;
  prefectureRequired: string;
  prefectureUnknown: string;
  cityRequired: string;
  districtRequired: string;
  streetAddressRequired: string;
  participantsMinAtLeastOne: string;
  participantsMaxAtLeastMin: string;
  /** Shown on the minimum when it exceeds the maximum; the create screen has no such message. */
  participantsMinAtMostMax: string | null;
  /** Either participant number above MAX_GUESTS_PER_BOOKING. */
  participantsTooMany: string;
  /** A price that is not a number at all (letters, symbols): says how to write it, not that it is negative. */
  priceNotANumber: string;
  tooManyImages: string;
  tooManyTags: string;
  /** Publishing (on create or edit) needs a main image; a private draft may have none. */
  imagesRequired: string;
  /** Publishing needs a price above 0; a private draft may keep 0. */
  priceRequiredToPublish: string;
  invalidUrl: string;
  tooLong: (max: number) => string;
}

export const experienceCreateMessages: ExperienceFormMessages = {
  titleRequired: 'Please enter a title',
  priceRequired: 'Please enter a price',
  priceNotNegative: 'Enter a number of 0 or more',
  priceTooHigh: 'Enter a price of JPY 99,999,999 or less',
  postalCodeRequired: 'Please enter the postal code',
  prefectureRequired: 'Please enter the prefecture',
  prefectureUnknown: 'Please choose a prefecture from the list',
  cityRequired: 'Please enter the city',
  districtRequired: 'Please enter the district',
  streetAddressRequired: 'Please enter the street address',
  participantsMinAtLeastOne: '1人以上を入力してください',
  participantsMaxAtLeastMin: '最大人数は最少人数以上にしてください',
  participantsMinAtMostMax: null,
  participantsTooMany: 'Enter at most 1,000 participants',
  priceNotANumber: 'Enter the price in digits, for example 12000',
  tooManyImages: 'You can upload up to 10 images',
  tooManyTags: 'You can add up to 20 tags',
  imagesRequired: 'At least one image is required',
  priceRequiredToPublish: 'Please enter a price',
  invalidUrl: 'Please enter a valid URL',
  tooLong: (max) => `At most ${max} characters`,
};

export const experienceEditMessages: ExperienceFormMessages = {
  titleRequired: 'タイトルは必須です',
  // The specification names no price messages for the edit screen; these follow its wording.
  priceRequired: '料金は必須です',
  priceNotNegative: '0以上の数値を入力してください',
  priceTooHigh: '99,999,999円以下で入力してください',
  postalCodeRequired: '郵便番号は必須です',
  prefectureRequired: '都道府県は必須です',
  prefectureUnknown: '都道府県を一覧から選択してください',
  cityRequired: '市区町村は必須です',
  districtRequired: '地区は必須です',
  streetAddressRequired: '番地は必須です',
  participantsMinAtLeastOne: '1人以上を入力してください',
  participantsMaxAtLeastMin: '最大人数は最少人数以上にしてください',
  participantsMinAtMostMax: '最少人数は最大人数以下にしてください',
  participantsTooMany: '参加人数は1,000人以下で入力してください',
  priceNotANumber: '料金は数字で入力してください（例: 12000）',
  tooManyImages: 'You can upload up to 10 images',
  tooManyTags: 'タグは20個まで登録できます',
  imagesRequired: 'At least one image is required',
  priceRequiredToPublish: '公開するには1円以上の料金を入力してください',
  invalidUrl: '有効なURLを入力してください',
  tooLong: (max) => `${max}文字以内で入力してください`,
};

/**
 * The messages the browser shows on the create screen. The issue asks for a back office in Japanese wherever the
 * specification quotes a message only in English, so the SPA validates with these; the API keeps
 * `experienceCreateMessages` (a request that gets past the browser is a client bug, not a host's typo).
 */
export const experienceCreateMessagesJa: ExperienceFormMessages = {
  titleRequired: 'タイトルを入力してください',
  priceRequired: '料金を入力してください',
  priceNotNegative: '0以上の数値を入力してください',
  priceTooHigh: '99,999,999円以下で入力してください',
  postalCodeRequired: '郵便番号を入力してください',
  prefectureRequired: '都道府県を入力してください',
  prefectureUnknown: '都道府県を一覧から選択してください',
  cityRequired: '市区町村を入力してください',
  districtRequired: '地区を入力してください',
  streetAddressRequired: '番地を入力してください',
  participantsMinAtLeastOne: '1人以上を入力してください',
  participantsMaxAtLeastMin: '最大人数は最少人数以上にしてください',
  participantsMinAtMostMax: null,
  participantsTooMany: '参加人数は1,000人以下で入力してください',
  priceNotANumber: '料金は数字で入力してください（例: 12000）',
  tooManyImages: '画像は10枚までアップロードできます',
  tooManyTags: 'タグは20個まで登録できます',
  imagesRequired: '公開するには画像を1枚以上登録してください',
  priceRequiredToPublish: '公開するには1円以上の料金を入力してください',
  invalidUrl: '有効なURLを入力してください',
  tooLong: (max) => `${max}文字以内で入力してください`,
};

/** The edit screen's messages with the two image messages the specification gives in English, in Japanese. */
export const experienceEditMessagesJa: ExperienceFormMessages = {
  ...experienceEditMessages,
  tooManyImages: '画像は10枚までアップロードできます',
  imagesRequired: '公開するには画像を1枚以上登録してください',
};

/** Toasts of the two screens (back-office spec §5). */
export const PARTICIPANTS_RANGE_INVALID_TOAST =
  '参加人数の設定が無効です。最少人数と最大人数をご確認ください。';
export const EDIT_REQUIRED_MISSING_TOAST = '必須項目が入力されていません。';
/**
 * Why a host under review cannot publish (DESIGN §4d): the API's 409 `host_under_review`, and what the form's
 * publication setting says before the host chooses (issue 32 item 11).
 */
export const HOST_UNDER_REVIEW_MESSAGE =
  'ホストアカウントは審査中のため、体験を公開できません。非公開のまま準備を進めてください。審査が完了するとメールでお知らせします。';

/**
 * What a Japanese input method types into a number field, read as ASCII: full-width digits, commas, minus and
 * spaces (NFKC), the yen sign before and 円 after, thousands separators. '１２，０００円' is 12000.
 */
export function normaliseNumberText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\s,、]/g, '')
    .replace(/^[¥\\]/, '')
    .replace(/円$/, '')
    .replace(/^[−ー‐]/, '-');
}

/** A number typed as text, read: blank → undefined, digits → the number, anything else → NaN. */
function numberFromText(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'string') return v;
  const t = normaliseNumberText(v);
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * A whole number from a number input or a text field: blank → missing (the "required" message), anything that is
 * not a number → `notANumber` (by default the range message), a fraction → the range message.
 */
const wholeNumber = (required: string, invalid: string, notANumber = invalid) =>
  z.preprocess(
    numberFromText,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? required : Number.isNaN(issue.input) ? notANumber : invalid,
      })
      .int({ error: invalid }),
  );

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      z
        .string()
        .refine((v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v), { error: message })
        .nullable(),
    );

const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .nullish()
    .transform((v) => v ?? null);

/** The refund rule as the form holds it (each tier's numbers typed as text), read into numbers and checked. */
export const refundRuleFormSchema = z.preprocess(
  (tiers) =>
    Array.isArray(tiers)
      ? tiers.map((tier: unknown) =>
          tier && typeof tier === 'object'
            ? Object.fromEntries(Object.entries(tier).map(([k, v]) => [k, numberFromText(v)]))
            : tier,
        )
      : tiers,
  refundRuleSchema,
);

/** The key prefix of uploaded objects (presigned POST), private until the API verifies and publishes them. */
export const UPLOAD_KEY_PREFIX = 'uploads/';

/**
 * An image of the experience: one it already shows (a path on our own origin, `/images/…`, or an absolute http(s)
 * URL) or a new upload's key (`uploads/<host>/<id>`), which the API verifies and publishes on save.
 */
const imageRef = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(\/(?!\/)|https?:\/\/|uploads\/)\S+$/i, { error: 'Expected an image path, URL or upload key' });

/** The form's fields and their own rules, without the cross-field range check (`experienceFormSchema` adds it). */
function experienceFormObject(messages: ExperienceFormMessages) {
  const requiredField = (required: string, max: number, ...checks: TextCheck[]) =>
    requiredText(required, max, messages.tooLong(max), ...checks);
  const optionalField = (max: number) => optionalText(max, messages.tooLong(max));
  const participants = (message: string) =>
    wholeNumber(message, message).pipe(
      z
        .number()
        .min(1, { error: message })
        .max(MAX_GUESTS_PER_BOOKING, { error: messages.participantsTooMany }),
    );
  return z.object({
    title: requiredField(messages.titleRequired, 200),
    description: optionalField(10_000).transform((v) => v ?? ''),
    price: wholeNumber(messages.priceRequired, messages.priceNotNegative, messages.priceNotANumber).pipe(
      z
        .number()
        .min(0, { error: messages.priceNotNegative })
        .max(MAX_CHARGE_JPY, { error: messages.priceTooHigh }),
    ),
    mainImages: z.array(imageRef).max(MAX_MAIN_IMAGES, { error: messages.tooManyImages }).default([]),
    movie: httpUrl(messages.invalidUrl),
    detailHeading1: optionalField(200),
    detailText1: optionalField(10_000),
    detailImage1: imageRef.nullish().transform((v) => v ?? null),
    detailHeading2: optionalField(200),
    detailText2: optionalField(10_000),
    detailImage2: imageRef.nullish().transform((v) => v ?? null),
    postalCode: requiredField(messages.postalCodeRequired, 20),
    /** Any spelling of a prefecture ('ehime', '愛媛県') is stored as the English name guests filter by. */
    prefecture: requiredField(messages.prefectureRequired, 50, (v) =>
      findPrefecture(v) ? null : messages.prefectureUnknown,
    ).transform((v) => findPrefecture(v)?.name ?? v),
    city: requiredField(messages.cityRequired, 100),
    district: requiredField(messages.districtRequired, 100),
    streetAddress: requiredField(messages.streetAddressRequired, 200),
    building: optionalField(200),
    mapLat: coordinate(90),
    mapLng: coordinate(180),
    cancellationPolicy: optionalField(4000),
    /** The structured refund rule (DESIGN §4c), its numbers typed as text in the form; absent: the host profile's policy. */
    refundRule: refundRuleFormSchema.optional(),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(50, { error: messages.tooLong(50) }),
      )
      .max(MAX_TAGS, { error: messages.tooManyTags })
      .default([])
      .transform((tags) => [...new Set(tags)]),
    thingsToKnowPrice: optionalField(4000),
    thingsToKnowItinerary: optionalField(4000),
    thingsToKnowClothes: optionalField(4000),
    thingsToKnowNote: optionalField(4000),
    participantsMin: participants(messages.participantsMinAtLeastOne),
    participantsMax: participants(messages.participantsMaxAtLeastMin),
    publicationStatus: publicationStatusSchema.default('private'),
    /** The tour's length (DESIGN §4j): 15–1,440 minutes in quarter hours; absent on create: an hour. */
    durationMinutes: z.preprocess(numberFromText, durationMinutesSchema).default(DEFAULT_DURATION_MINUTES),
    availability: availabilityRuleSchema
      .transform((rule) => {
        // Start times once each and in order; none at all is the same as "every hour from opening".
        const { startTimes, ...rest } = rule;
        const starts = [...new Set(startTimes ?? [])].sort();
        return {
          ...rest,
          regularHolidays: [...new Set(rule.regularHolidays)],
          ...(starts.length > 0 ? { startTimes: starts } : {}),
        };
      })
      .default(defaultAvailabilityRule),
    categoryIds: z
      .array(z.string().trim().min(1).max(100))
      .max(MAX_CATEGORIES)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  });
}

/** The names of the form's fields (what an edit may send). */
export const EXPERIENCE_FORM_FIELDS = Object.keys(experienceFormObject(experienceCreateMessages).shape) as [
  string,
  ...string[],
];

type RangeInput = { participantsMin?: unknown; participantsMax?: unknown };
type TourInput = { durationMinutes?: unknown; availability?: unknown };
type PublishInput = { publicationStatus?: unknown; mainImages?: unknown; price?: unknown };

/**
 * Builds the form schema for one screen's messages. The rules are the same for create and edit (issue 21 item 6):
 * a private draft may lack photos and a price; publishing needs at least one main image and a price above 0.
 */
export function experienceFormSchema(messages: ExperienceFormMessages) {
  return experienceFormObject(messages)
    .superRefine(
      (form, ctx) => {
        // A start outside the hours, a tour ending after closing, hours too short for the tour (DESIGN §4j).
        for (const problem of tourTimeProblems(form.availability, form.durationMinutes)) {
          ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
        }
      },
      {
        when: (payload) => {
          const v = payload.value as TourInput | undefined;
          return (
            typeof v?.durationMinutes === 'number' &&
            typeof v.availability === 'object' &&
            !payload.issues.some((i) => i.path?.[0] === 'durationMinutes' || i.path?.[0] === 'availability')
          );
        },
      },
    )
    .superRefine(
      (form, ctx) => {
        // One policy: the host's notes may not promise what the refund rule does not give. Without a rule of its
        // own the experience follows the host profile's, which the use case checks against.
        if (!form.refundRule) return;
        const conflicts = policyConflicts(form.cancellationPolicy, form.refundRule);
        if (conflicts.length === 0) return;
        ctx.addIssue({
          code: 'custom',
          path: ['cancellationPolicy'],
          message: policyConflictMessage(conflicts, form.refundRule),
        });
      },
      {
        when: (payload) =>
          !payload.issues.some((i) => i.path?.[0] === 'cancellationPolicy' || i.path?.[0] === 'refundRule'),
      },
    )
    .superRefine(
      (form, ctx) => {
        if (form.participantsMax >= form.participantsMin) return;
        ctx.addIssue({
          code: 'custom',
          path: ['participantsMax'],
          message: messages.participantsMaxAtLeastMin,
        });
        if (messages.participantsMinAtMostMax) {
          ctx.addIssue({
            code: 'custom',
            path: ['participantsMin'],
            message: messages.participantsMinAtMostMax,
          });
        }
      },
      {
        // Check the range as soon as both numbers are valid, whatever else is still missing.
        when: (payload) => {
          const v = payload.value as RangeInput | undefined;
          return (
            typeof v?.participantsMin === 'number' &&
            typeof v.participantsMax === 'number' &&
            !payload.issues.some(
              (i) => i.path?.[0] === 'participantsMin' || i.path?.[0] === 'participantsMax',
            )
          );
        },
      },
    )
    .superRefine(
      (form, ctx) => {
        if (form.publicationStatus !== 'public') return;
        if (form.mainImages.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['mainImages'], message: messages.imagesRequired });
        }
        if (form.price === 0) {
          ctx.addIssue({ code: 'custom', path: ['price'], message: messages.priceRequiredToPublish });
        }
      },
      {
        // Like the range: say what publishing needs while other fields are still being filled in.
        when: (payload) => {
          const v = payload.value as PublishInput | undefined;
          return v?.publicationStatus === 'public' && Array.isArray(v.mainImages);
        },
      },
    );
}

export const experienceCreateFormSchema = experienceFormSchema(experienceCreateMessages);
export const experienceEditFormSchema = experienceFormSchema(experienceEditMessages);
/** The schemas of the SPA's two screens (Japanese messages throughout). */
export const experienceCreateFormSchemaJa = experienceFormSchema(experienceCreateMessagesJa);
export const experienceEditFormSchemaJa = experienceFormSchema(experienceEditMessagesJa);
/** The validated experience content a use case stores (identical for both screens). */
export type ExperienceFormData = z.infer<typeof experienceCreateFormSchema>;
export type ExperienceFormValues = z.input<typeof experienceCreateFormSchema>;
