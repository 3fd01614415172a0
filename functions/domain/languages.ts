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

/** The site language a guest is mailed in, as the (Japanese) back office names it. */
const SITE_LANGUAGE_NAMES_JA: Record<GuestLocale, string> = {
  en: '英語',
  ja: '日本語',
  'zh-Hant': '繁体字中国語',
  ko: '韓国語',
};

export function siteLanguageNameJa(locale: GuestLocale): string {
  return SITE_LANGUAGE_NAMES_JA[locale];
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HAN = /\p{Script=Han}/u;

/**
 * Whether text the Japanese back office wrote (a host's or an admin's reason) is Japanese, as a guest reading
 * `reader` would need to be told (issue 32 item 12). Kana is Japanese; Han characters alone are Japanese to every
 * reader but a Chinese one, who may read them as Chinese. Never true for a Japanese reader.
 */
export function isJapaneseFor(text: string, reader: GuestLocale): boolean {
  if (reader === 'ja') return false;
  return KANA.test(text) || (reader !== 'zh-Hant' && HAN.test(text));
}
