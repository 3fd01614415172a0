/**
 * Building blocks shared by the request and form schemas. Messages are arguments because the same rule speaks
 * English on guest pages and Japanese in the back office.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { slotTime } from '../entities';

/** A real calendar date `yyyy-MM-dd` (rejects 2026-02-30, which the entity's pattern alone would let through). */
export const calendarDate = (message = 'Expected a yyyy-MM-dd date') =>
  z.string().refine(isCalendarDate, { error: message });

/** A slot start `HH:00`. */
export const slotStartTime = slotTime;

/** Trimmed text that must not be empty; the required message is reported alone, before any length check. */
export const requiredText = (message: string, max: number, tooLong = `At most ${max} characters`) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, { error: tooLong });

/** Optional free text: trimmed; absent, null or blank become `null` (the entities store null). */
export const optionalText = (max: number, tooLong = `At most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

/** An e-mail address: trimmed, required, and shaped like one (zod's pattern, the same in browser and server). */
export const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .pipe(z.email({ error: invalid }));

/** Case-insensitive e-mail comparison (lookups, confirmation): the domain part is case-insensitive and users do not
 * expect the local part to be different when only its case differs. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** An id in a path or a body: trimmed, non-empty, bounded so keys stay small. */
export const entityId = z.string().trim().min(1).max(100);

/** `{ id }` of a route like `/api/experiences/{id}`. */
export const idParamsSchema = z.object({ id: entityId });
export type IdParams = z.infer<typeof idParamsSchema>;
