import type { GuestLocale } from '@domain/entities';
import { inquiryFieldTexts } from '@domain/schemas/inquiries';

export type InquiryField =
  'name' | 'email' | 'locale' | 'message' | 'experienceId' | 'preferredDates' | 'guests';

/**
 * A field the API refused, in the page's language. The API words its field messages in the language the guest
 * asked to be replied in (`locale` of the body), which may not be the page's: then the field's own sentence of the
 * page's language stands in, so the guest never reads Korean on an English page.
 */
export function serverFieldMessage(
  field: InquiryField,
  message: string,
  sentIn: GuestLocale,
  page: GuestLocale,
): string {
  if (sentIn === page) return message;
  const t = inquiryFieldTexts[page];
  const sentence: Record<InquiryField, string> = {
    name: t.nameRequired,
    email: t.emailInvalid,
    locale: t.locale,
    message: t.messageRequired,
    experienceId: t.experience,
    preferredDates: t.preferredDatesTooLong,
    guests: t.guests,
  };
  return sentence[field];
}
