/**
 * The code a guest types to cancel their own booking (DESIGN §4c, issue 29): e-mail and reference are known to the
 * host and to anyone shown the calendar entry, so cancelling also needs a 6-digit code mailed to the booking's
 * address. A code lives 15 minutes, is used once, and ends after 5 wrong tries; a new code replaces the previous
 * one. Only its hash is stored (`use-cases/guest-cancel-codes.ts`), bound to the booking.
 */

export const CANCEL_CODE_DIGITS = 6;
export const CANCEL_CODE_VALID_MINUTES = 15;
/** Wrong codes that end a code (the guest then asks for a new one). */
export const CANCEL_CODE_MAX_WRONG = 5;

/** What a guest is told for a missing, wrong, used or lapsed code (the SPA shows its own words by the code). */
export const INVALID_CANCEL_CODE_MESSAGE =
  'The code is not valid. Please check the code in your e-mail, or ask for a new one.';

/** Six digits, with the spaces and dashes a guest may type or paste removed; `null` when it cannot be a code. */
export function normaliseCancelCode(typed: unknown): string | null {
  if (typeof typed !== 'string') return null;
  const digits = typed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${CANCEL_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** A new code from `randomInt` (a cryptographic source), zero-padded: `000000` … `999999`. */
export const newCancelCode = (randomInt: (maxExclusive: number) => number): string =>
  String(randomInt(10 ** CANCEL_CODE_DIGITS)).padStart(CANCEL_CODE_DIGITS, '0');
