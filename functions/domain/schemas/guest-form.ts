/**
 * The guest details form of `/booking-form` (guest spec §5), with its English messages. Its output maps onto
 * the `guest` object of `POST /api/bookings` through `toBookingGuest`.
 */
import * as z from 'zod';
import { isValidPhone, toE164 } from '../phone';
import { GUEST_FIELD_LIMITS, INVALID_PHONE_MESSAGE } from './booking';
import { emailField, requiredText, sameEmail } from './common';

export const REQUIRED_FIELD_MESSAGE = 'Required field';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_MISMATCH_MESSAGE = 'Email addresses do not match';

export const guestFormSchema = z
  .object({
    firstName: requiredText(REQUIRED_FIELD_MESSAGE, GUEST_FIELD_LIMITS.name),
    lastName: requiredText(REQUIRED_FIELD_MESSAGE, GUEST_FIELD_LIMITS.name),
    email: emailField(REQUIRED_FIELD_MESSAGE, INVALID_EMAIL_MESSAGE),
    confirmEmail: emailField(REQUIRED_FIELD_MESSAGE, INVALID_EMAIL_MESSAGE),
    phone: requiredText(REQUIRED_FIELD_MESSAGE, GUEST_FIELD_LIMITS.phone, INVALID_PHONE_MESSAGE, (v) =>
      isValidPhone(v) ? null : INVALID_PHONE_MESSAGE,
    ),
    nationality: requiredText(REQUIRED_FIELD_MESSAGE, GUEST_FIELD_LIMITS.nationality),
    specialRequests: z
      .string()
      .trim()
      .max(GUEST_FIELD_LIMITS.specialRequests, {
        error: `At most ${GUEST_FIELD_LIMITS.specialRequests} characters`,
      })
      .optional(),
  })
  .refine((form) => sameEmail(form.email, form.confirmEmail), {
    error: EMAIL_MISMATCH_MESSAGE,
    path: ['confirmEmail'],
    // Compare as soon as both addresses are valid, even while other fields are still missing, so the
    // mismatch shows beside the field the guest just left.
    when: (payload) => {
      const v = payload.value as { email?: unknown; confirmEmail?: unknown } | undefined;
      return (
        typeof v?.email === 'string' &&
        typeof v.confirmEmail === 'string' &&
        !payload.issues.some((i) => i.path?.[0] === 'email' || i.path?.[0] === 'confirmEmail')
      );
    },
  });
export type GuestForm = z.infer<typeof guestFormSchema>;
export type GuestFormValues = z.input<typeof guestFormSchema>;

/** Empty values the form starts with. */
export const emptyGuestForm: GuestFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phone: '',
  nationality: '',
  specialRequests: '',
};

/** The `guest` object of `POST /api/bookings` from a valid form (phone in E.164, blank requests dropped). */
export function toBookingGuest(form: GuestForm): {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationality: string;
  specialRequests?: string;
} {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    // A valid form holds a valid number; the fallback only keeps the type honest.
    phone: toE164(form.phone) ?? form.phone,
    nationality: form.nationality,
    ...(form.specialRequests ? { specialRequests: form.specialRequests } : {}),
  };
}
