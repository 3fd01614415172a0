/**
 * Phone numbers as the guest form handles them (guest spec §5): the input keeps only characters a phone number
 * is written with and carries the selected country's dialling code; storage drops the spaces.
 */

/** Dialling code preselected in the phone field (Japan). */
export const DEFAULT_DIAL_CODE = '+81';

/** At least this many characters after trimming. */
export const PHONE_MIN_LENGTH = 5;
export const PHONE_MAX_LENGTH = 30;

/**
 * Filters what the guest typed: keeps digits, spaces, `+`, `(`, `)` and `-`, and prepends the dialling code
 * when the number does not already start with `+`. An empty field stays empty (the guest cleared it, or has not
 * typed yet), and a number that already carries a code (any leading `+`) is left alone, so the code is never
 * added twice while typing.
 */
export function filterPhoneInput(raw: string, dialCode: string = DEFAULT_DIAL_CODE): string {
  const kept = raw.replace(/[^\d +()-]/g, '');
  const start = kept.trimStart();
  if (start === '') return '';
  if (start.startsWith('+')) return start;
  const code = dialCode.trim();
  return code === '' ? start : `${code} ${start}`;
}

/** The stored form: every whitespace removed (guest spec §3: "spaces removed"). */
export function normalisePhone(phone: string): string {
  return phone.replace(/\s+/g, '');
}

/** The rule of the guest form: at least 5 characters after trimming and at least one digit. */
export function isPlausiblePhone(phone: string): boolean {
  const trimmed = phone.trim();
  return trimmed.length >= PHONE_MIN_LENGTH && /\d/.test(trimmed);
}
