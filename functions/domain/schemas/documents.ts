/**
 * Requests of the documents (issue 28): the guest's receipt (`POST /api/bookings/receipt`) and the statement month
 * of `GET /api/host/statements/{yyyy-MM}`. The receipt's texts are printed as typed, so they are bounded and may not
 * carry control characters (a line break or a bidirectional override would change what the PDF shows).
 */
import * as z from 'zod';
import { lookupRequestSchema } from './lookup';

export const RECEIPT_TEXT_MAX_LENGTH = 60;

export const receiptTextMessages = {
  tooLong: `At most ${RECEIPT_TEXT_MAX_LENGTH} characters`,
  controlCharacters: 'Line breaks and control characters are not allowed',
} as const;

/** C0/C1 controls, line and paragraph separators, bidirectional embeddings, overrides and isolates. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Optional printed text: trimmed, ≤ 60 characters, no control characters; blank is the same as absent. */
const receiptText = z
  .string({ error: receiptTextMessages.tooLong })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { error: receiptTextMessages.controlCharacters })
  .transform((v) => v.trim())
  .refine((v) => [...v].length <= RECEIPT_TEXT_MAX_LENGTH, { error: receiptTextMessages.tooLong })
  .nullish()
  .transform((v) => (v ? v : null));

/** `POST /api/bookings/receipt` `{ email, reference, addressee?, purpose? }`. */
export const receiptRequestSchema = lookupRequestSchema.extend({
  addressee: receiptText,
  purpose: receiptText,
});
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;
