/**
 * The booking requests: `POST /api/bookings` (DESIGN §6) and the booking request form of the detail page
 * (guest spec §5). The request carries no price: the server computes every amount (DESIGN §3).
 */
import { z } from 'zod';
import { guestLanguageSchema, guestLanguages } from '../entities';
import { normalisePhone, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../phone';
import { isCalendarDate } from '../calendar';
import { calendarDate, entityId, requiredText, slotStartTime } from './common';

export const GUEST_FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: PHONE_MAX_LENGTH,
  nationality: 100,
  specialRequests: 2000,
} as const;

/** Largest party one request may carry; the experience's own maximum is checked by the use case. */
export const MAX_GUESTS_PER_BOOKING = 1000;

const text = (max: number) => z.string().trim().min(1).max(max);

/** Only the characters the phone input lets through, at least one digit, at least 5 characters. */
const phone = z
  .string()
  .trim()
  .min(PHONE_MIN_LENGTH)
  .max(PHONE_MAX_LENGTH)
  .regex(/^[\d +()-]+$/, { error: 'Use digits, spaces, +, ( ) and - only' })
  .regex(/\d/, { error: 'Enter at least one digit' })
  .transform(normalisePhone);

export const bookingGuestSchema = z.strictObject({
  firstName: text(GUEST_FIELD_LIMITS.name),
  lastName: text(GUEST_FIELD_LIMITS.name),
  email: z.string().trim().max(GUEST_FIELD_LIMITS.email).pipe(z.email()),
  /** Stored without spaces (guest spec §3). */
  phone,
  nationality: text(GUEST_FIELD_LIMITS.nationality),
  /** Absent, null or blank → null. */
  specialRequests: z
    .string()
    .trim()
    .max(GUEST_FIELD_LIMITS.specialRequests)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * `POST /api/bookings`. Strict: an unknown key (notably `amount`, `price` or `unitPrice`) is rejected rather
 * than ignored, so a client cannot believe it chose the amount.
 */
export const createBookingRequestSchema = z.strictObject({
  experienceId: entityId,
  date: calendarDate(),
  time: slotStartTime,
  guests: z.number().int().min(1).max(MAX_GUESTS_PER_BOOKING),
  /** The language the tour is held in (the guest's choice on the detail page). */
  language: guestLanguageSchema,
  /**
   * The language of the site the guest books on, which every mail to the guest is written in (an addition to
   * DESIGN §6; absent = English, the only site language today).
   */
  guestLocale: guestLanguageSchema.default('en'),
  guest: bookingGuestSchema,
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;
export type CreateBookingRequestInput = z.input<typeof createBookingRequestSchema>;

/** The toast of the detail page when date, time or language is missing (guest spec §5 and §8). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const REQUIRED_FIELDS_MESSAGE_JA = '必須項目をすべて入力してください';

export const guestLanguageOptions: readonly { value: (typeof guestLanguages)[number]; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: 'Japanese' },
];

/**
 * The booking request form of the detail page. The form starts with empty strings; all three choices are
 * required and share one message because the page shows it as a single toast.
 */
export const bookingRequestFormSchema = z.object({
  date: requiredText(REQUIRED_FIELDS_MESSAGE, 10, REQUIRED_FIELDS_MESSAGE, (v) =>
    isCalendarDate(v) ? null : REQUIRED_FIELDS_MESSAGE,
  ),
  time: requiredText(REQUIRED_FIELDS_MESSAGE, 5, REQUIRED_FIELDS_MESSAGE, (v) =>
    slotStartTime.safeParse(v).success ? null : REQUIRED_FIELDS_MESSAGE,
  ),
  language: z.enum(guestLanguages, { error: REQUIRED_FIELDS_MESSAGE }),
  participants: z.number().int().min(1),
});
export type BookingRequestForm = z.infer<typeof bookingRequestFormSchema>;
