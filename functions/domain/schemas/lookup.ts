/**
 * `POST /api/bookings/lookup` and the Manage Booking form (guest spec §5): both fields required, the reference
 * forced to upper case. A well-formed pair that matches nothing is the use case's "not found", never a
 * validation error, so the answer does not tell which of the two was wrong.
 */
import * as z from 'zod';
import { isBookingReference, normaliseBookingReference } from '../booking-reference';
import { emailField, requiredText, sameEmail } from './common';

export const LOOKUP_REQUIRED_MESSAGE = 'Required field';
export const LOOKUP_INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const LOOKUP_INVALID_REFERENCE_MESSAGE = 'A booking ID has 6 letters and digits';

export const lookupRequestSchema = z.object({
  email: emailField(LOOKUP_REQUIRED_MESSAGE, LOOKUP_INVALID_EMAIL_MESSAGE),
  reference: requiredText(LOOKUP_REQUIRED_MESSAGE, 6, LOOKUP_INVALID_REFERENCE_MESSAGE, (v) =>
    isBookingReference(normaliseBookingReference(v)) ? null : LOOKUP_INVALID_REFERENCE_MESSAGE,
  ).transform(normaliseBookingReference),
});
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

/**
 * `POST /api/bookings/cancel` (issue 29): the lookup's pair and the mailed code. The code is not validated here: a
 * missing or malformed code is the use case's 403 `invalid_code`, answered only after the booking was found and is
 * cancellable, as the contract orders the answers.
 */
export const guestCancelRequestSchema = lookupRequestSchema.extend({
  code: z.string().max(100).optional(),
});
export type GuestCancelRequest = z.infer<typeof guestCancelRequestSchema>;

/** Does the stored booking's e-mail match what the guest typed (case-insensitive, DESIGN §3)? */
export const lookupEmailMatches = (stored: string, typed: string): boolean => sameEmail(stored, typed);
