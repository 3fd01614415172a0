/**
 * Requests of the host back-office API (DESIGN §6 "Back office") beyond the forms of `host.ts` and
 * `experience-form.ts`: uploads, the experience patch, slot overrides and the booking-list query. The handlers
 * validate with these and the SPA builds its requests from the same types.
 */
import * as z from 'zod';
import { compareDates, isCalendarDate } from '../calendar';
import { hostBookingsQueryMessages, isDateRangeInverted } from './date-range';
import { bookingStatusSchema, hoursBound, isoDateTime, slotTime } from '../entities';
import { calendarDate } from './common';
import { EXPERIENCE_FORM_FIELDS, type ExperienceFormValues } from './experience-form';
import { hostProfileSchema } from './host';
import { hostContactSchema } from './host-contact';
import { hostInvoiceSchema } from './host-invoice';

// ---------------------------------------------------------------------------------------------------------------
// Uploads (presigned POST straight to storage; the API verifies the object when it is attached)

export const uploadPurposes = ['avatar', 'experience-image'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** Back-office spec §9: an avatar at most 5 MB, any other image at most 10 MB. */
export const MAX_UPLOAD_BYTES: Record<UploadPurpose, number> = {
  avatar: 5 * 1024 * 1024,
  'experience-image': 10 * 1024 * 1024,
};

/**
 * The image types hosts may upload: what the photo pipeline decodes and publishes (by the file's bytes, whatever it
 * declares). Not `image/*`: SVG (a script container), TIFF, PDF or HEIC are refused, by the type before the upload
 * and by the bytes after it.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * About 40 megapixels: more than any phone or camera photo a host would post, and the ceiling of what one decode may
 * cost (a small file can declare a huge canvas, a "decompression bomb").
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const isAcceptedImageType = (type: string) =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.trim().toLowerCase());

/** Back-office spec §5 and §8: the messages of the image and avatar checks. */
export const uploadMessages = {
  imageOnly: 'Only image files can be uploaded',
  imageTooLarge: 'Each image must be 10 MB or smaller',
  avatarImageOnly: '画像ファイルのみアップロード可能です',
  avatarTooLarge: '画像サイズは5MB以下にしてください',
  /** The uploaded object is not a readable image (checked by its bytes) or not the host's own. */
  verificationFailed: 'アップロードしたファイルの検証に失敗しました',
} as const;

/**
 * What the back office says about images, in Japanese (back-office spec §5 and §8 quote the experience images'
 * messages in English; the avatar's are Japanese already).
 */
export const uploadMessagesJa = {
  imageOnly: '画像ファイルのみアップロードできます',
  imageTooLarge: '画像は1枚10MB以下にしてください',
  tooManyImages: '画像は10枚までアップロードできます',
  imagesRequired: '画像を1枚以上登録してください',
  noSelection: '画像を選択してください',
  loginRequired: 'ログインが必要です。再度ログインしてください。',
  uploadFailed: '画像のアップロードに失敗しました',
  avatarNoSelection: '画像を選択してください',
  avatarImageOnly: uploadMessages.avatarImageOnly,
  avatarTooLarge: uploadMessages.avatarTooLarge,
  avatarNoSession: 'セッションが見つかりません。再度ログインしてください。',
  verificationFailed: uploadMessages.verificationFailed,
} as const;

/**
 * The first problem with a file the host picked, checked in the browser before anything is uploaded (the API checks
 * the same again); `null` when the file may go.
 */
export function checkImageFile(file: { type: string; size: number }, purpose: UploadPurpose): string | null {
  const avatar = purpose === 'avatar';
  if (!isAcceptedImageType(file.type)) {
    return avatar ? uploadMessagesJa.avatarImageOnly : uploadMessagesJa.imageOnly;
  }
  if (file.size > MAX_UPLOAD_BYTES[purpose]) {
    return avatar ? uploadMessagesJa.avatarTooLarge : uploadMessagesJa.imageTooLarge;
  }
  return null;
}

/** Bytes `sniffFileType` needs from the start of a file. */
export const FILE_SIGNATURE_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Signatures of the accepted image types and of files hosts commonly rename by mistake. */
const SIGNATURES: { type: string; label: string; matches: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', label: 'JPEG', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/png', label: 'PNG', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
  {
    type: 'image/webp',
    label: 'WebP',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  { type: 'application/pdf', label: 'PDF', matches: (b) => startsWith(b, ascii('%PDF')) },
  { type: 'image/gif', label: 'GIF', matches: (b) => startsWith(b, ascii('GIF8')) },
  { type: 'image/heic', label: 'HEIC', matches: (b) => startsWith(b, ascii('ftyphei'), 4) },
  { type: 'application/zip', label: 'ZIP・Office', matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
];

/**
 * What a file really is, by its first bytes (not by its name or the type the browser guessed from the name): one of
 * `ACCEPTED_IMAGE_TYPES`, or a label of what it is instead (`PDF`), or `null` when unknown.
 */
export function sniffFileType(head: Uint8Array): { type: string; label: string } | null {
  const found = SIGNATURES.find((s) => s.matches(head));
  return found ? { type: found.type, label: found.label } : null;
}

/**
 * The message for a file whose bytes are not an accepted image (a PDF renamed `.jpg`), naming the file and what it
 * is; `null` when its bytes are a JPEG, PNG or WebP.
 */
export function checkImageBytes(fileName: string, head: Uint8Array): string | null {
  const sniffed = sniffFileType(head);
  if (sniffed && isAcceptedImageType(sniffed.type)) return null;
  const what = sniffed ? `中身は${sniffed.label}ファイルです` : '中身が画像ではありません';
  return `${fileName}: ${what}。JPEG・PNG・WebPの写真を選び直してください`;
}

/** `POST /api/host/uploads`. */
export const createUploadSchema = z
  .object({
    purpose: uploadPurposeSchema,
    contentType: z.string().trim().toLowerCase().max(100),
    size: z.number().int().min(1),
  })
  .superRefine((u, ctx) => {
    const avatar = u.purpose === 'avatar';
    if (!isAcceptedImageType(u.contentType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['contentType'],
        message: avatar ? uploadMessages.avatarImageOnly : uploadMessages.imageOnly,
      });
    }
    if (u.size > MAX_UPLOAD_BYTES[u.purpose]) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: avatar ? uploadMessages.avatarTooLarge : uploadMessages.imageTooLarge,
      });
    }
  });
export type CreateUpload = z.infer<typeof createUploadSchema>;

/** `201` answer of `POST /api/host/uploads`: a presigned POST (`url` + form `fields`, the file goes last). */
export interface PresignedUpload {
  /** The object's key (`uploads/<host sub>/<uuid>`): what an experience or `PUT /api/host/me/avatar` then names. */
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** `PUT /api/host/me/avatar`. */
export const setAvatarSchema = z.object({ key: z.string().trim().min(1).max(300) });

/** Why an uploaded object cannot be attached (checked by the API when a form names it, before anything changes). */
export type UploadProblem =
  'foreign' | 'missing' | 'not_image' | 'unsupported_format' | 'too_large' | 'too_many_pixels';

/**
 * An image of another format (SVG, TIFF, HEIC, GIF…) by its bytes, whatever the upload declared: refused before any
 * decoder reads it, for avatars and experience images alike.
 */
export const UNSUPPORTED_FORMAT_MESSAGE =
  'JPEG・PNG・WebP形式の画像を選んでください（SVG・TIFF・HEICなどの形式はアップロードできません）';

/** A photo over `MAX_IMAGE_PIXELS`, for avatars and experience images alike. */
export const TOO_MANY_PIXELS_MESSAGE = '画像の画素数が多すぎます。4,000万画素以下の画像を選んでください';

/**
 * The message of each problem (back-office spec §5 and §8): the avatar's in Japanese, as the specification words
 * its checks (the object must be fetchable, then an image); the experience images' as the specification quotes
 * them. A key that is not one of the host's own uploads is the generic verification failure.
 */
export function uploadProblemMessage(purpose: UploadPurpose, problem: UploadProblem): string {
  if (purpose === 'avatar') {
    return {
      foreign: uploadMessages.verificationFailed,
      missing: 'ファイルの検証に失敗しました',
      not_image: '不正なファイル形式です',
      unsupported_format: UNSUPPORTED_FORMAT_MESSAGE,
      too_large: uploadMessages.avatarTooLarge,
      too_many_pixels: TOO_MANY_PIXELS_MESSAGE,
    }[problem];
  }
  return {
    foreign: uploadMessages.verificationFailed,
    missing: 'Failed to upload the image',
    not_image: uploadMessages.imageOnly,
    unsupported_format: UNSUPPORTED_FORMAT_MESSAGE,
    too_large: uploadMessages.imageTooLarge,
    too_many_pixels: TOO_MANY_PIXELS_MESSAGE,
  }[problem];
}

// ---------------------------------------------------------------------------------------------------------------
// Profile

/** `PATCH /api/host/me`: only the fields that changed (at least one). */
export const hostProfilePatchSchema = hostProfileSchema
  .extend(hostContactSchema.shape)
  .extend(hostInvoiceSchema.shape)
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: 'Nothing to change' });
export type HostProfilePatch = z.infer<typeof hostProfilePatchSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Experiences

/**
 * `PATCH /api/host/experiences/{id}`: the changed fields of the edit form (react-hook-form's dirty fields), with
 * `categoryIds` when they changed, and the `updatedAt` the form was loaded with: a save over someone else's newer
 * save is refused (409 `stale`) instead of silently undoing it. Image fields hold the experience's current URLs
 * to keep and upload keys (`uploads/…`) to add.
 *
 * Only the field names are checked here: the use case lays the changes over the stored experience and validates
 * the result with the edit form's schema (`experienceEditFormSchema`), so cross-field rules (the participants
 * range) hold for the saved whole and a partial schema cannot fill absent fields with defaults.
 */
export const experiencePatchSchema = z.strictObject({
  expectedUpdatedAt: isoDateTime,
  ...Object.fromEntries(EXPERIENCE_FORM_FIELDS.map((field) => [field, z.unknown().optional()])),
});
export type ExperiencePatch = { expectedUpdatedAt: string } & Partial<ExperienceFormValues>;

/** The 409 `stale` of an edit saved over a newer save: edits are never silently undone. */
export { EXPERIENCE_CHANGED_MESSAGE } from '../repository-messages';

// ---------------------------------------------------------------------------------------------------------------
// Availability (slot overrides)

/** At most this many days per slot request (a holiday trip of a few weeks, not a year). */
export const MAX_SLOT_RANGE_DAYS = 93;

const slotRange = z
  .object({ from: calendarDate(), to: calendarDate() })
  .refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || compareDates(q.from, q.to) <= 0, {
    error: '`to` must not be before `from`',
    path: ['to'],
  });

/** `GET /api/host/experiences/{id}/slots?from&to` (any dates, past included; at most MAX_SLOT_RANGE_DAYS). */
export const slotsQuery = slotRange;

/**
 * `PUT /api/host/experiences/{id}/slots`: one slot (`date` + `time`), a whole day (`date`) or a range of days
 * (`date` … `toDate`); `blocked` closes (true) or reopens (false); `capacity` sets one slot's capacity (a whole
 * number ≥ 0; `null` returns to the rule's). At least one of the two.
 */
/** The most guests one slot may take (the capacity field of the slot editor). */
export const MAX_SLOT_CAPACITY = 100;

/** What the slot editor says, in Japanese (host routes answer every 400 in Japanese). */
export const slotOverrideMessages = {
  date: '日付を yyyy-MM-dd の形式で指定してください',
  capacity: `受付数は0〜${MAX_SLOT_CAPACITY}の整数で入力してください`,
  nothingToChange: '休止・再開するか、受付数を指定してください',
  capacityOneSlot: '受付数は1つの枠ごとに設定します。日付と時刻を指定してください',
  timeWithRange: '時刻を指定するときは終了日を指定しないでください',
  rangeInverted: '終了日は開始日以降の日付にしてください',
} as const;

export const slotOverrideSchema = z
  .object({
    date: calendarDate(slotOverrideMessages.date),
    time: slotTime.optional(),
    toDate: calendarDate(slotOverrideMessages.date).optional(),
    blocked: z.boolean().optional(),
    capacity: z
      .number({ error: slotOverrideMessages.capacity })
      .int({ error: slotOverrideMessages.capacity })
      .min(0, { error: slotOverrideMessages.capacity })
      .max(MAX_SLOT_CAPACITY, { error: slotOverrideMessages.capacity })
      .nullable()
      .optional(),
  })
  .refine((o) => o.blocked !== undefined || o.capacity !== undefined, {
    error: slotOverrideMessages.nothingToChange,
    path: ['blocked'],
  })
  .refine((o) => o.capacity === undefined || (o.time !== undefined && o.toDate === undefined), {
    error: slotOverrideMessages.capacityOneSlot,
    path: ['capacity'],
  })
  .refine((o) => o.time === undefined || o.toDate === undefined, {
    error: slotOverrideMessages.timeWithRange,
    path: ['toDate'],
  })
  .refine(
    (o) =>
      o.toDate === undefined ||
      !isCalendarDate(o.date) ||
      !isCalendarDate(o.toDate) ||
      compareDates(o.date, o.toDate) <= 0,
    { error: slotOverrideMessages.rangeInverted, path: ['toDate'] },
  );
export type SlotOverrideRequest = z.infer<typeof slotOverrideSchema>;

/** A capacity below what overlapping bookings already use (409). */
export { CAPACITY_BELOW_OVERLAP_MESSAGE } from '../repository-messages';

/** One start in the host's editor: the rule's start with its counters (DESIGN §4j). */
export interface HostSlotView {
  time: string;
  /** When a tour started here ends (`HH:mm`), on a later day when `endDayOffset` is set. */
  end: string;
  endDayOffset?: number;
  capacity: number;
  /** Tours (bookings and unpaid holds) that start here. */
  booked: number;
  /** The most tours holding one moment of a tour started here: the start is full when it reaches `capacity`. */
  inUse: number;
  blocked: boolean;
  /** Booked, but the rule no longer opens it (hours or holidays changed): listed so no booking is hidden. */
  outsideRule?: true;
}

/** `200` of both slot routes: `days` has every date of the range (or of the change) with its rule starts. */
export interface HostSlotsView {
  timeZone: 'Asia/Tokyo';
  /** The experience's tour length now (the spans of new tours). */
  durationMinutes: number;
  days: Record<string, HostSlotView[]>;
}

// ---------------------------------------------------------------------------------------------------------------
// Bookings

/** The booking list's filter messages (issue 21 item 11), shown at the date fields too. */
// The date-range filter's messages and rule live in `./date-range` (the money routes share them without this
// module's form schemas); exported here too for the host bookings screen.
export { hostBookingsQueryMessages, isDateRangeInverted } from './date-range';

const emptyIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/**
 * `GET /api/host/bookings?experienceId&status&from&to&cursor&limit`: `from`/`to` bound the booking's (tour) date;
 * `experienceId` narrows to one of the host's experiences.
 */
export const hostBookingsQuery = z
  .object({
    status: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(bookingStatusSchema.options, { error: hostBookingsQueryMessages.status }).optional(),
    ),
    experienceId: z.preprocess(
      emptyIsAbsent,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: hostBookingsQueryMessages.experienceId })
        .optional(),
    ),
    from: z.preprocess(emptyIsAbsent, calendarDate(hostBookingsQueryMessages.date).optional()),
    to: z.preprocess(emptyIsAbsent, calendarDate(hostBookingsQueryMessages.date).optional()),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !isDateRangeInverted(q.from, q.to), {
    error: hostBookingsQueryMessages.rangeInverted,
    path: ['to'],
  });
export type HostBookingsQuery = z.infer<typeof hostBookingsQuery>;

/** `POST /api/host/bookings/{id}/check-in` `{ checkedIn }`: the guest arrived (true) or the tick is taken back. */
export const checkInSchema = z.strictObject({
  checkedIn: z.boolean({ error: 'checkedIn には true か false を指定してください' }),
});

/** The hours bound type, re-exported for the availability editor's selectors. */
export const hoursBoundSchema = hoursBound;
