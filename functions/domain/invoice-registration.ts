/**
 * Invoice registration numbers (適格請求書発行事業者の登録番号, issue 28): `T` and 13 digits. A corporation's 13
 * digits are its corporate number (法人番号), whose first digit is a check digit over the other twelve; a sole
 * proprietor's (and an unincorporated association's) are a number the tax office assigns that "uses no My Number
 * and does not overlap any corporate number", for which no check digit rule is published. So the check digit is
 * applied to the numbers a host declares as a corporation's, and only the form to the others (README, "Documents").
 *
 * The rule (法人番号の指定等に関する省令 第2条; National Tax Agency, 「法人番号の構成」): with Pn the n-th digit of the
 * 12-digit base number counted from its lowest digit and Qn = 1 for odd n, 2 for even n, the check digit is
 * 9 − ((Σ Pn × Qn) mod 9), always 1–9. E.g. the NTA's own corporate number 7000012050002.
 */

export const invoiceRegistrantKinds = ['corporation', 'individual'] as const;
export type InvoiceRegistrantKind = (typeof invoiceRegistrantKinds)[number];

export const invoiceRegistrantKindLabels: Record<InvoiceRegistrantKind, string> = {
  corporation: '法人（法人番号）',
  individual: '個人事業者・人格のない社団等',
};

export const invoiceRegistrationMessages = {
  format: '登録番号は「T」に続く13桁の数字で入力してください（例: T7123456789012）',
  checkDigit:
    '登録番号が法人番号の検査用数字と一致しません。番号をご確認ください（個人事業者の番号は区分を「個人事業者・人格のない社団等」にしてください）',
} as const;

const FULL_WIDTH_DIGIT = /[０-９]/g;

/**
 * What a person types, as the number is printed: full-width digits and letters made half-width, `t` upper case,
 * spaces and hyphens (`T 1234-5678-9012-3`) left out. Anything else is kept, so the check below refuses it.
 */
export function normaliseInvoiceRegistrationNumber(raw: string): string {
  return raw
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[Ｔｔt]/g, 'T')
    .replace(/[\s\-‐－ー−]/g, '');
}

/** The check digit of a corporate number's 12-digit base number. */
export function corporateNumberCheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new RangeError(`expected 12 digits, got "${base12}"`);
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Whether 13 digits are a corporate number: the first digit is the check digit of the other twelve. */
export function isCorporateNumber(digits13: string): boolean {
  return /^\d{13}$/.test(digits13) && Number(digits13[0]) === corporateNumberCheckDigit(digits13.slice(1));
}

/** `T` and 13 digits, the first of them 1–9 (no registration number starts with 0). */
export const INVOICE_REGISTRATION_PATTERN = /^T[1-9]\d{12}$/;

/**
 * What is wrong with a (normalised) registration number, in Japanese, or null: the form for every number, the
 * corporate number's check digit for a corporation's.
 */
export function invoiceRegistrationProblem(number: string, kind: InvoiceRegistrantKind): string | null {
  if (!INVOICE_REGISTRATION_PATTERN.test(number)) return invoiceRegistrationMessages.format;
  if (kind === 'corporation' && !isCorporateNumber(number.slice(1)))
    return invoiceRegistrationMessages.checkDigit;
  return null;
}
