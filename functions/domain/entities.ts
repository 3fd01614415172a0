/**
 * The stored entities of the marketplace, as zod schemas (types are derived from them, never written twice).
 * Field names are camelCase everywhere: in DynamoDB items, in the HTTP API and in the SPA.
 */
import * as z from 'zod';
import { invoiceRegistrantKinds } from './invoice-registration';
import { refundRuleSchema } from './refund-rule';
import { MAX_BUFFER_MINUTES, MAX_DURATION_MINUTES, MIN_DURATION_MINUTES, QUARTER_MINUTES } from './tour-span';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected yyyy-MM-dd');
/**
 * A start time, `HH:mm` on a quarter hour: a rule's hourly starts are on the hour, a host's own start times may be
 * any quarter hour (DESIGN §4j). Bookings made before tours had a length are all on the hour.
 */
export const slotTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'Expected HH:mm on a quarter hour (00, 15, 30 or 45)');
/** An opening-hours bound: `HH:00`, or `23:59` for the end of the day. */
export const hoursBound = z.string().regex(/^(([01]\d|2[0-3]):00|23:59)$/, 'Expected HH:00 or 23:59');
export const isoDateTime = z.string().datetime({ offset: true });

export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export const weekdaySchema = z.enum(weekdays);
export type Weekday = z.infer<typeof weekdaySchema>;

/** What the host reads when a tour's times are wrong (the host API and the form answer in Japanese). */
export const TOUR_RULE_MESSAGES = {
  duration: `所要時間は${MIN_DURATION_MINUTES}分〜${MAX_DURATION_MINUTES / 60}時間の間で、15分単位で入力してください`,
  buffer: `準備時間は0〜${MAX_BUFFER_MINUTES}分の間で、15分単位で入力してください`,
  startTimeFormat: '開始時刻は15分単位（例: 08:00、08:30）で入力してください',
} as const;
const DAY_MINUTES_IN_QUARTERS = (24 * 60) / QUARTER_MINUTES;

/** A tour's length in minutes: 15 to 1,440, in quarter hours. */
export const durationMinutesSchema = z
  .number({ error: TOUR_RULE_MESSAGES.duration })
  .int({ error: TOUR_RULE_MESSAGES.duration })
  .min(MIN_DURATION_MINUTES, { error: TOUR_RULE_MESSAGES.duration })
  .max(MAX_DURATION_MINUTES, { error: TOUR_RULE_MESSAGES.duration })
  .multipleOf(QUARTER_MINUTES, { error: TOUR_RULE_MESSAGES.duration });

/** The weekly availability rule of an experience (DESIGN §3: availability is a rule, not a pre-generated map). */
export const availabilityRuleSchema = z.object({
  /** Opening hours; `start > end` is an overnight range whose early hours fall on the next day. */
  defaultHours: z.object({ start: hoursBound, end: hoursBound }),
  /** 24-hour option: 00:00–23:59, 24 hourly slots; `defaultHours` is ignored while it is on. */
  allDay: z.boolean(),
  regularHolidays: z.array(weekdaySchema),
  /** Closed on Japan's national holidays (国民の祝日, substitute and citizens' holidays included); absent = open. */
  closedOnNationalHolidays: z.boolean().optional(),
  /**
   * How many groups the host runs at the same moment (DESIGN §4j): a start is bookable while, at every moment of
   * its tour and buffer, fewer than this many tours (bookings, unpaid holds, held offers) overlap.
   */
  capacity: z.number().int().min(1),
  /**
   * The host's own start times (`["08:00"]` for a day tour), each a quarter hour inside the hours whose tour ends
   * by closing. Absent or empty: a tour may start every hour from opening, as long as it ends by closing.
   */
  startTimes: z
    .array(z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { error: TOUR_RULE_MESSAGES.startTimeFormat }))
    .max(DAY_MINUTES_IN_QUARTERS, { error: TOUR_RULE_MESSAGES.startTimeFormat })
    .optional(),
  /** Minutes after each tour that keep the guide free to reset or travel (0–240 in quarter hours; absent: 0). */
  bufferMinutes: z
    .number({ error: TOUR_RULE_MESSAGES.buffer })
    .int({ error: TOUR_RULE_MESSAGES.buffer })
    .min(0, { error: TOUR_RULE_MESSAGES.buffer })
    .max(MAX_BUFFER_MINUTES, { error: TOUR_RULE_MESSAGES.buffer })
    .multipleOf(QUARTER_MINUTES, { error: TOUR_RULE_MESSAGES.buffer })
    .optional(),
});
export type AvailabilityRule = z.infer<typeof availabilityRuleSchema>;

export const publicationStatuses = ['private', 'public'] as const;
export const publicationStatusSchema = z.enum(publicationStatuses);
export type PublicationStatus = z.infer<typeof publicationStatusSchema>;

export const experienceSchema = z.object({
  id: z.string().min(1),
  hostId: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  /** JPY per person, tax included, whole yen. */
  price: z.number().int().min(0),
  mainImages: z.array(z.string()).max(10),
  movie: z.string().nullable(),
  detailHeading1: z.string().nullable(),
  detailText1: z.string().nullable(),
  detailImage1: z.string().nullable(),
  detailHeading2: z.string().nullable(),
  detailText2: z.string().nullable(),
  detailImage2: z.string().nullable(),
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  district: z.string(),
  streetAddress: z.string(),
  building: z.string().nullable(),
  mapLat: z.number().nullable(),
  mapLng: z.number().nullable(),
  cancellationPolicy: z.string().nullable(),
  /** The structured refund rule (DESIGN §4c); absent: the host profile's policy (`defaultRefundRule`). */
  refundRule: refundRuleSchema.optional(),
  tags: z.array(z.string()),
  thingsToKnowPrice: z.string().nullable(),
  thingsToKnowItinerary: z.string().nullable(),
  thingsToKnowClothes: z.string().nullable(),
  thingsToKnowNote: z.string().nullable(),
  participantsMin: z.number().int().min(1),
  participantsMax: z.number().int().min(1),
  publicationStatus: publicationStatusSchema,
  /** How long the tour lasts (DESIGN §4j); experiences stored before tours had a length read as 60. */
  durationMinutes: durationMinutesSchema,
  availability: availabilityRuleSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Experience = z.infer<typeof experienceSchema>;

/** The card projection of a published experience (lists, carousels, search). */
export const experienceCardSchema = z.object({
  id: z.string(),
  hostId: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int().min(0),
  /** First main image, or the placeholder. */
  image: z.string(),
  prefecture: z.string(),
  city: z.string(),
  tags: z.array(z.string()),
  /** The tour's length (cards stored before tours had a length read as 60). */
  durationMinutes: z.number().int(),
  createdAt: isoDateTime,
});
export type ExperienceCard = z.infer<typeof experienceCardSchema>;

export const categorySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  isActive: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const hostLanguages = ['japanese', 'english', 'chinese', 'korean'] as const;
export const hostLanguageSchema = z.enum(hostLanguages);

/**
 * A host who signed up alone starts `underReview` and cannot publish until an admin approves them (DESIGN §4d);
 * admin-created hosts start `approved`.
 */
export const hostReviewStatuses = ['underReview', 'approved'] as const;
export type HostReviewStatus = (typeof hostReviewStatuses)[number];

export const hostSchema = z.object({
  /** The identity provider's user id (Cognito `sub`). */
  id: z.string().min(1),
  email: z.string().email(),
  businessName: z.string().min(1),
  introduction: z.string().nullable(),
  businessDescription: z.string().nullable(),
  businessHours: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  languages: z.array(hostLanguageSchema),
  cancellationPolicy: z
    .object({ days: z.number().int().min(0), refundPercentage: z.number().min(0).max(100) })
    .nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: isoDateTime,
  /** Absent on hosts stored before vetting existed (seeded and earlier hosts): they count as approved. */
  reviewStatus: z.enum(hostReviewStatuses).optional(),
  /**
   * Issue 28: the host's invoice registration number (`T` + 13 digits), printed on their monthly statements; null or
   * absent: none. `invoiceRegistrant` says whose it is: a corporation's is checked with the corporate number's
   * check digit (absent: a corporation's).
   */
  invoiceRegistrationNumber: z.string().nullable().optional(),
  invoiceRegistrant: z.enum(invoiceRegistrantKinds).optional(),
});
export type Host = z.infer<typeof hostSchema>;

/** The host's review status; a host stored before vetting existed has none and counts as approved. */
export const reviewStatusOf = (host: Pick<Host, 'reviewStatus'>): HostReviewStatus =>
  host.reviewStatus ?? 'approved';

export const bookingStatuses = [
  'awaiting_payment',
  'pending',
  'approved',
  'denied',
  'expired',
  'cancelled',
  'completed',
] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export const guestLanguages = ['en', 'ja'] as const;
export const guestLanguageSchema = z.enum(guestLanguages);
export type GuestLanguage = z.infer<typeof guestLanguageSchema>;

/**
 * The languages of the guest site (DESIGN §4e): a booking's `guestLocale`, the language of every mail to the guest.
 * Adding one here and to the web's `LOCALES` (with the catalogues of both sides) adds a site language.
 */
export const guestLocales = ['en', 'ja', 'zh-Hant', 'ko'] as const;
export const guestLocaleSchema = z.enum(guestLocales);
export type GuestLocale = z.infer<typeof guestLocaleSchema>;

export const paymentProviders = ['stripe', 'local'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** Who acted on a booking in the back office. */
export const bookingActorSchema = z.object({
  role: z.enum(['host', 'admin']),
  /** The Cognito `sub` of the host or admin. */
  userId: z.string().min(1),
});
export type BookingActor = z.infer<typeof bookingActorSchema>;

export const cancellingParties = ['guest', 'host', 'admin'] as const;
export const cancellingPartySchema = z.enum(cancellingParties);
export type CancellingParty = z.infer<typeof cancellingPartySchema>;

export const refundStatuses = ['pending', 'failed', 'succeeded'] as const;
export const refundStatusSchema = z.enum(refundStatuses);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const bookingSchema = z.object({
  id: z.string().min(1),
  /** 6 characters A–Z0–9, unique. */
  reference: z.string().regex(/^[A-Z0-9]{6}$/),
  experienceId: z.string().min(1),
  hostId: z.string().min(1),
  /** Tokyo calendar date and start time of the tour. */
  date: isoDate,
  time: slotTime,
  /**
   * The tour's length and the guide's buffer after it when the request was made (DESIGN §4j), copied like the
   * refund rule: the calendar entry, completion, payouts and the time the booking holds follow them. Absent on
   * bookings made before tours had a length: those last an hour and hold only their hour's start counter.
   */
  durationMinutes: z.number().int().min(1).optional(),
  bufferMinutes: z.number().int().min(0).optional(),
  guests: z.number().int().min(1),
  language: guestLanguageSchema,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  email: z.string().email(),
  phone: z.string().min(1),
  nationality: z.string().min(1),
  specialRequests: z.string().nullable(),
  /** Unit price at booking time and the amount authorised (unit price × guests), whole JPY. */
  unitPrice: z.number().int().min(0),
  amount: z.number().int().min(0),
  currency: z.literal('JPY'),
  status: bookingStatusSchema,
  paymentProvider: paymentProviderSchema.nullable(),
  paymentIntentId: z.string().nullable(),
  /** When the state must change or the booking expires: the hold (awaiting_payment) or the host's deadline (pending). */
  deadline: isoDateTime.nullable(),
  deniedMessage: z.string().nullable(),
  /**
   * The language of the site the guest booked on: every mail to the guest is written in it. Not `language`, which
   * is the language the tour is held in (a guest reading English may book a Japanese-speaking tour).
   */
  guestLocale: guestLocaleSchema,
  /** The experience's title when the request was made: lists and mails keep it after the experience changes or goes. */
  experienceTitle: z.string(),
  /** Who approved or denied the request: the host, or an admin on the host's behalf. Null while undecided. */
  decidedBy: bookingActorSchema.nullable(),
  decidedAt: isoDateTime.nullable(),
  /** When the host was reminded that the request is about to expire (once, 12 hours before its deadline). */
  reminderSentAt: isoDateTime.nullable(),
  /** The refund rule in force when the request was made (DESIGN §4c); absent on bookings made before it existed. */
  refundRule: refundRuleSchema.optional(),
  /** Set when the booking is cancelled by a person (guest, host or admin). */
  cancelledBy: cancellingPartySchema.nullable().optional(),
  cancellationReason: z.string().nullable().optional(),
  cancelledAt: isoDateTime.nullable().optional(),
  /** Whole yen to give back (0 when nothing was charged or the rule returns nothing). */
  refundAmount: z.number().int().min(0).nullable().optional(),
  /**
   * `pending`: the booking is cancelled and the refund not yet confirmed by the provider (it is being made or will
   * be retried); `failed`: the last attempt failed (admins see it, the expiry job retries); `succeeded`: refunded.
   */
  refundStatus: refundStatusSchema.nullable().optional(),
  /**
   * The host's commission when the request was made (DESIGN §4g), whole percent, and the platform fee it gives on
   * `amount` (rounded down): copied at request time, so a later change of the commission never changes it. Absent
   * on bookings made before hosts were paid (the default commission applies).
   */
  commissionPercent: z.number().int().min(0).max(100).optional(),
  platformFee: z.number().int().min(0).optional(),
  /** The host's connected account the charge goes to (a destination charge); absent or null: none. */
  destinationAccountId: z.string().nullable().optional(),
  /** The provider's refund (`re_…`), once one was made. */
  refundId: z.string().nullable().optional(),
  /** When the host ticked the guest as arrived on the day's manifest (null or absent: not checked in). */
  checkedInAt: isoDateTime.nullable().optional(),
  /**
   * Issue 31: a booking paid through a concierge's offer (`source: 'offer'`) carries the offer's id, and whether the
   * host agreed beforehand (`preApproved`: captured and approved as soon as the card is authorised).
   */
  offerId: z.string().optional(),
  source: z.literal('offer').optional(),
  preApproved: z.boolean().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Booking = z.infer<typeof bookingSchema>;

/** The stored state of one slot: how many units are taken, and the host's override if any. */
export const slotStateSchema = z.object({
  experienceId: z.string(),
  date: isoDate,
  time: slotTime,
  booked: z.number().int().min(0),
  /** Host override: the slot is closed whatever the rule says. */
  blocked: z.boolean(),
  /** Host override of the rule's capacity for this one slot; null when the rule applies. */
  capacity: z.number().int().min(0).nullable(),
});
export type SlotState = z.infer<typeof slotStateSchema>;
