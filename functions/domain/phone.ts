/**
 * Phone numbers as the guest form handles them (guest spec §5): the input keeps only characters a phone number is
 * written with and carries the selected country's dialling code. Whether it is a phone number, how it is stored
 * (E.164, dialable from anywhere) and how it is shown (international format) is libphonenumber-js's call, not a
 * hand-written rule: a rule on the text would count the dialling code the field added ("+81 0" is five
 * characters) and keep the trunk 0 a Japanese guest types after it (+81 090… cannot be dialled from abroad).
 *
 * The `min` metadata build: the same rules in the browser and in Lambda, at the smallest size (it judges a number
 * by its country's possible lengths and leading digits, which is what a booking form needs).
 */
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/** Dialling code preselected in the phone field (Japan). */
export const DEFAULT_DIAL_CODE = '+81';
/** A number written without a country code is read as a number of this country (the form's default). */
const DEFAULT_COUNTRY = 'JP';

/** The longest text accepted (formatting characters included); E.164 itself is at most 16 characters. */
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

function parse(phone: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(phone.trim(), DEFAULT_COUNTRY);
}

/** A number that can exist in its country (length and leading digits), with or without a `+` country code. */
export function isValidPhone(phone: string): boolean {
  return parse(phone)?.isValid() ?? false;
}

/** The stored form, `+819012345678`; null when the text is not a valid phone number. */
export function toE164(phone: string): string | null {
  const parsed = parse(phone);
  return parsed?.isValid() ? parsed.number : null;
}

/** How a number is shown: `+81 90 1234 5678`. Text that is not a number is shown as it is. */
export function formatPhoneInternational(phone: string): string {
  const parsed = parse(phone);
  return parsed?.isValid() ? parsed.formatInternational() : phone;
}

/**
 * How the back office shows a guest's number (issue 32 item 12): as the number's own country writes it, with
 * that country's grouping. A Japanese number as Japanese hosts dial it (`090-1234-5678`), any other with its
 * country code, since a host in Japan dials it from abroad (`+44 20 7946 0958`). Text that is not a number is
 * shown as it is.
 */
export function formatPhoneForDisplay(phone: string): string {
  const parsed = parse(phone);
  if (!parsed?.isValid()) return phone;
  return parsed.country === DEFAULT_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

/** The `tel:` link of a number (E.164, dialable from anywhere); of text that is no number, its digits. */
export function phoneHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}
