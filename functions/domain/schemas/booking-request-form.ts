/**
 * The booking request form of the detail page (guest spec §5): date, time and language, one message for all three.
 * Apart from the request schema of `POST /api/bookings` (booking.ts), so the detail page does not load the phone
 * rules (libphonenumber-js) when the guest presses Next.
 */
import * as z from 'zod';
import { guestLanguages } from '../entities';
import { isCalendarDate } from '../calendar';
import { requiredText, slotStartTime } from './common';

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
