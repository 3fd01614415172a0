/**
 * The names of the languages a tour is held in, as each reader reads them: one table for the booking pages and the
 * mails. No zod here, so pages import it without the schema library.
 */
import type { GuestLanguage, GuestLocale } from './entities';

const NAMES: Record<GuestLocale, Record<GuestLanguage, string>> = {
  en: { en: 'English', ja: 'Japanese' },
  ja: { en: '英語', ja: '日本語' },
  'zh-Hant': { en: '英語', ja: '日語' },
  ko: { en: '영어', ja: '일본어' },
};

/** `languageName('ja', 'en')` → 'Japanese'; `languageName('en', 'ja')` → '英語'. */
export function languageName(language: GuestLanguage, reader: GuestLocale): string {
  return NAMES[reader][language];
}
