import {
  INQUIRY_DATES_TOO_LONG_MESSAGE,
  INQUIRY_GUESTS_MAX,
  INQUIRY_GUESTS_MESSAGE,
  INQUIRY_INVALID_EMAIL_MESSAGE,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_MESSAGE_TOO_LONG_MESSAGE,
  INQUIRY_NAME_MAX,
  INQUIRY_NAME_TOO_LONG_MESSAGE,
  INQUIRY_PREFERRED_DATES_MAX,
  INQUIRY_REQUIRED_MESSAGE,
} from '@domain/schemas/inquiry';
import type { Translator } from '../../../lib/i18n/i18n';

export type InquiryField =
  'name' | 'email' | 'locale' | 'message' | 'experienceId' | 'preferredDates' | 'guests';

/**
 * A field message of the shared schema (English, the API's contract) in the page's language. The server's own
 * wording of a field it refuses may differ from the schema's: then the field's own sentence stands in, so the guest
 * never reads the API's English on a Korean page.
 */
export function inquiryFieldMessage(
  field: InquiryField,
  message: string,
  { t, number }: Pick<Translator, 't' | 'number'>,
): string {
  switch (message) {
    case INQUIRY_REQUIRED_MESSAGE:
      return t('contact.error.required');
    case INQUIRY_INVALID_EMAIL_MESSAGE:
      return t('contact.error.email');
    case INQUIRY_NAME_TOO_LONG_MESSAGE:
      return t('contact.error.tooLong', { max: number(INQUIRY_NAME_MAX) });
    case INQUIRY_MESSAGE_TOO_LONG_MESSAGE:
      return t('contact.error.tooLong', { max: number(INQUIRY_MESSAGE_MAX) });
    case INQUIRY_DATES_TOO_LONG_MESSAGE:
      return t('contact.error.tooLong', { max: number(INQUIRY_PREFERRED_DATES_MAX) });
    case INQUIRY_GUESTS_MESSAGE:
      return t('contact.error.guests', { max: number(INQUIRY_GUESTS_MAX) });
  }
  if (field === 'email') return t('contact.error.email');
  if (field === 'guests') return t('contact.error.guests', { max: number(INQUIRY_GUESTS_MAX) });
  if (field === 'experienceId') return t('contact.error.experience');
  if (field === 'message' && /5,?000|long|characters/i.test(message))
    return t('contact.error.tooLong', { max: number(INQUIRY_MESSAGE_MAX) });
  return t('contact.error.invalid');
}
