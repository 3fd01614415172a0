/**
 * The booking request `POST /api/bookings` (DESIGN §6). The request carries no price: the server computes every
 * amount (DESIGN §3). The detail page's form is in booking-request-form.ts.
 */
import * as z from 'zod';
import { guestLanguageSchema, guestLocaleSchema } from '../entities';
import { PHONE_MAX_LENGTH, toE164 } from '../phone';
import { calendarDate, entityId, MAX_GUESTS_PER_BOOKING, slotStartTime } from './common';

export const GUEST_FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: PHONE_MAX_LENGTH,
  nationality: 100,
  specialRequests: 2000,
} as const;

export { MAX_GUESTS_PER_BOOKING };

const text = (max: number) => z.string().trim().min(1).max(max);

/** The guest form's message for a phone that is not one (the specification gives the rule, not the wording). */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';

/** A real phone number (a `+` country code, or a Japanese number without one), stored in E.164. */
const phone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, { error: INVALID_PHONE_MESSAGE })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164 === null) ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
    return e164 ?? value;
  });

export const bookingGuestSchema = z.strictObject({
  firstName: text(GUEST_FIELD_LIMITS.name),
  lastName: text(GUEST_FIELD_LIMITS.name),
  email: z.string().trim().max(GUEST_FIELD_LIMITS.email).pipe(z.email()),
  /** Stored in E.164 (guest spec §3 stores it without spaces; E.164 is also dialable from abroad). */
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
  guestLocale: guestLocaleSchema.default('en'),
  guest: bookingGuestSchema,
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;
export type CreateBookingRequestInput = z.input<typeof createBookingRequestSchema>;

/** `POST /api/bookings/{id}/release`: the payment's client secret, which only the guest's browser holds. */
export const releaseHoldRequestSchema = z.strictObject({
  clientSecret: z.string({ error: 'Required field' }).trim().min(1, { error: 'Required field' }).max(300),
});
export type ReleaseHoldRequest = z.infer<typeof releaseHoldRequestSchema>;
