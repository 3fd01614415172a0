/**
 * Zod errors → the one error shape of the back end: DomainError('validation_failed') whose `fields` map each
 * field path to the message the form shows beside it.
 */
import type * as z from 'zod';
import { DomainError } from './errors';

/** The key of an issue that is about the whole input rather than one field. */
export const ROOT_FIELD = '_root';

/** The 400 message of the back office's routes (DESIGN §6: host and admin 400s speak Japanese). */
export const BACK_OFFICE_INVALID_REQUEST = '入力内容に誤りがあります。各項目のメッセージを確認してください。';

/** Field path (dot-joined: `guest.email`, `mainImages.3`) → the first message reported for it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : ROOT_FIELD;
    // The first issue of a field is the one the schema checks first (required before format).
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses `input` or throws `validation_failed` with the field messages. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message = 'The request is not valid',
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new DomainError('validation_failed', message, fieldErrors(result.error));
  return result.data;
}
