import type { CataloguePart, Messages } from './i18n';

/**
 * The guest site's languages (DESIGN §4e). Adding one is a catalogue folder under `catalogues/` (named as its URL
 * prefix; English's is `en`) and one line here: the URL prefix, the `<html lang>` / `hreflang` value, the language's
 * own name (the switcher's label) and the Open Graph locale. Each catalogue part is its own chunk, loaded only when
 * it is used. English is the root of the site (no prefix); every other language lives under its prefix with the
 * same path.
 */
export const LOCALES = [
  { code: 'en', prefix: '', name: 'English', ogLocale: 'en_US' },
  { code: 'ja', prefix: 'ja', name: '日本語', ogLocale: 'ja_JP' },
  { code: 'zh-Hant', prefix: 'zh-hant', name: '繁體中文', ogLocale: 'zh_TW' },
  { code: 'ko', prefix: 'ko', name: '한국어', ogLocale: 'ko_KR' },
] as const satisfies readonly { code: string; prefix: string; name: string; ogLocale: string }[];

export type Locale = (typeof LOCALES)[number]['code'];
export type LocaleInfo = (typeof LOCALES)[number] & {
  /** A part of the language's catalogue (its own chunk). */
  load: (part: CataloguePart) => Promise<{ default: Partial<Messages> }>;
};
export const DEFAULT_LOCALE: Locale = 'en';

export function localeInfo(locale: Locale): LocaleInfo {
  const info = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
  const folder = info.prefix || 'en';
  return { ...info, load: (part) => import(`./catalogues/${folder}/${part}.ts`) };
}

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}

/** The language of a path: its first segment when that is a language prefix, else English. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return LOCALES.find((l) => l.prefix !== '' && l.prefix === first)?.code ?? DEFAULT_LOCALE;
}

/** The path without its language prefix (`/ko/experiences` → `/experiences`, `/ja` → `/`). */
export function stripLocale(pathname: string): string {
  const { prefix } = localeInfo(localeFromPath(pathname));
  if (!prefix) return pathname || '/';
  const rest = pathname.slice(prefix.length + 1);
  return rest === '' ? '/' : rest;
}

/** A site path (as English has it) in a language: `/experience/x` → `/ko/experience/x`; `/` → `/ko`. */
export function localePath(path: string, locale: Locale): string {
  const { prefix } = localeInfo(locale);
  if (!prefix || !path.startsWith('/')) return path;
  if (path === '/') return `/${prefix}`;
  if (path.startsWith('/?') || path.startsWith('/#')) return `/${prefix}${path.slice(1)}`;
  return `/${prefix}${path}`;
}

/** The same page in another language: the current path (with its prefix, if any) switched to `locale`. */
export function switchLocalePath(pathname: string, locale: Locale): string {
  return localePath(stripLocale(pathname), locale);
}

/** The supported language a browser's preferences ask for first (`zh-TW`/`zh-HK`/`zh-Hant` → zh-Hant), if any. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('ja')) return 'ja';
    if (lower.startsWith('ko')) return 'ko';
    if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant'))
      return 'zh-Hant';
    if (lower.startsWith('en')) return 'en';
  }
  return null;
}
