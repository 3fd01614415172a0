/**
 * Building blocks shared by the request and form schemas. Messages are arguments because the same rule speaks
 * English on guest pages and Japanese in the back office.
 */
import * as z from 'zod';
import { isCalendarDate } from '../calendar';
import { slotTime } from '../entities';

/** A real calendar date `yyyy-MM-dd` (rejects 2026-02-30, which the entity's pattern alone would let through). */
export const calendarDate = (message = 'Expected a yyyy-MM-dd date') =>
  z.string().refine(isCalendarDate, { error: message });

/** A slot start `HH:00`. */
export const slotStartTime = slotTime;

/** A further rule on a trimmed, non-empty value: the message when it fails, else null. */
export type TextCheck = (value: string) => string | null;

/**
 * Trimmed text that must not be empty. Each field reports at most one message, required first, then length,
 * then the given checks, so a form shows "Required field" rather than a format error on an empty field.
 *
 * Implemented as one refinement instead of chained checks with `abort: true`, because zod skips object-level
 * refinements (password or e-mail confirmation, participants range) whenever any field aborted explicitly, and
 * those cross-field messages must show while other fields are still empty.
 */
export const requiredText = (
  required: string,
  max: number,
  tooLong = `At most ${max} characters`,
  ...checks: TextCheck[]
) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((value, ctx) => {
      let message: string | null = null;
      if (value === '') message = required;
      else if (value.length > max) message = tooLong;
      else for (const check of checks) if ((message = check(value))) break;
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** Optional free text: trimmed; absent, null or blank become `null` (the entities store null). */
export const optionalText = (max: number, tooLong = `At most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

/** Zod's e-mail pattern: the same in the browser and the server, and strict enough for the mail service. */
export const isEmailAddress = (value: string): boolean => z.regexes.email.test(value);

/** An e-mail address: trimmed, required, at most 254 characters and shaped like one. */
export const emailField = (required: string, invalid: string) =>
  requiredText(required, 254, invalid, (v) => (isEmailAddress(v) ? null : invalid));

/** Case-insensitive e-mail comparison (lookups, confirmation): the domain part is case-insensitive and users do not
 * expect the local part to be different when only its case differs. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** An id in a path or a body: trimmed, non-empty, bounded so keys stay small. */
/**
 * Largest party one request may carry; the experience's own maximum is checked by the use case. Here rather than in
 * booking.ts so that the experience form does not bring the phone rules (and their metadata) into every bundle.
 */
export const MAX_GUESTS_PER_BOOKING = 1000;

export const entityId = z.string().trim().min(1).max(100);

/** `{ id }` of a route like `/api/experiences/{id}`. */
export const idParamsSchema = z.object({ id: entityId });
export type IdParams = z.infer<typeof idParamsSchema>;
