/**
 * The concierge desk's guest requests (DESIGN §4h, §6 wave 4): `POST /api/inquiries` and a message of a
 * conversation (`POST /api/inquiries/{token}/messages`, the admin's reply). The contact form validates with the same
 * schema as the handler; its English messages are constants the guest site maps to its catalogues.
 */
import * as z from 'zod';
import { guestLocales } from '../entities';
import { emailField, requiredText } from './common';

export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
export const INQUIRY_PREFERRED_DATES_MAX = 200;
export const INQUIRY_GUESTS_MAX = 50;

export const INQUIRY_REQUIRED_MESSAGE = 'Required field';
export const INQUIRY_INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const INQUIRY_NAME_TOO_LONG_MESSAGE = `At most ${INQUIRY_NAME_MAX} characters`;
export const INQUIRY_MESSAGE_TOO_LONG_MESSAGE = `At most ${INQUIRY_MESSAGE_MAX} characters`;
export const INQUIRY_DATES_TOO_LONG_MESSAGE = `At most ${INQUIRY_PREFERRED_DATES_MAX} characters`;
export const INQUIRY_GUESTS_MESSAGE = `A whole number from 1 to ${INQUIRY_GUESTS_MAX}`;
export const INQUIRY_LOCALE_MESSAGE = 'Choose a language';

/** A message of a conversation: 1–5,000 characters after trimming. */
export const inquiryText = () =>
  requiredText(INQUIRY_REQUIRED_MESSAGE, INQUIRY_MESSAGE_MAX, INQUIRY_MESSAGE_TOO_LONG_MESSAGE);

/** `POST /api/inquiries`. */
export const createInquirySchema = z.object({
  name: requiredText(INQUIRY_REQUIRED_MESSAGE, INQUIRY_NAME_MAX, INQUIRY_NAME_TOO_LONG_MESSAGE),
  email: emailField(INQUIRY_REQUIRED_MESSAGE, INQUIRY_INVALID_EMAIL_MESSAGE),
  locale: z.enum(guestLocales, { error: INQUIRY_LOCALE_MESSAGE }),
  message: inquiryText(),
  experienceId: z.string().trim().min(1).max(100).optional(),
  preferredDates: z
    .string()
    .trim()
    .max(INQUIRY_PREFERRED_DATES_MAX, { error: INQUIRY_DATES_TOO_LONG_MESSAGE })
    .optional(),
  guests: z
    .number({ error: INQUIRY_GUESTS_MESSAGE })
    .int({ error: INQUIRY_GUESTS_MESSAGE })
    .min(1, { error: INQUIRY_GUESTS_MESSAGE })
    .max(INQUIRY_GUESTS_MAX, { error: INQUIRY_GUESTS_MESSAGE })
    .optional(),
});
export type CreateInquiryRequest = z.infer<typeof createInquirySchema>;

/** `POST /api/inquiries/{token}/messages` and the concierge's reply. */
export const inquiryMessageSchema = z.object({ text: inquiryText() });
export type InquiryMessageRequest = z.infer<typeof inquiryMessageSchema>;
