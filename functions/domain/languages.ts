/**
 * The names of the languages a tour is held in, as each reader reads them: one table for the booking pages and the
 * mails. No zod here, so pages import it without the schema library.
 */
import type { GuestLanguage } from './entities';

const NAMES: Record<GuestLanguage, Record<GuestLanguage, string>> = {
  en: { en: 'English', ja: 'Japanese' },
  ja: { en: '英語', ja: '日本語' },
};

/** `languageName('ja', 'en')` → 'Japanese'; `languageName('en', 'ja')` → '英語'. */
export function languageName(language: GuestLanguage, reader: GuestLanguage): string {
  return NAMES[reader][language];
}
