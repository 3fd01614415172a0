import type { Messages } from './catalogues/en';

/**
 * The guest site's languages (DESIGN §4e). Adding one is a catalogue file under `catalogues/` and one line here:
 * the URL prefix, the `<html lang>` / `hreflang` value, the language's own name (the switcher's label), the
 * Open Graph locale and the catalogue's lazy import (one chunk per language, loaded only when it is used).
 * English is the root of the site (no prefix); every other language lives under its prefix with the same path.
 */
export const LOCALES = [
  { code: 'en', prefix: '', name: 'English', ogLocale: 'en_US', load: () => import('./catalogues/en') },
  { code: 'ja', prefix: 'ja', name: '日本語', ogLocale: 'ja_JP', load: () => import('./catalogues/ja') },
  {
    code: 'zh-Hant',
    prefix: 'zh-hant',
    name: '繁體中文',
    ogLocale: 'zh_TW',
    load: () => import('./catalogues/zh-hant'),
  },
  { code: 'ko', prefix: 'ko', name: '한국어', ogLocale: 'ko_KR', load: () => import('./catalogues/ko') },
] as const satisfies readonly {
  code: string;
  prefix: string;
  name: string;
  ogLocale: string;
  load: () => Promise<{ default: Messages }>;
}[];

export type Locale = (typeof LOCALES)[number]['code'];
export type LocaleInfo = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function localeInfo(locale: Locale): LocaleInfo {
  return LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
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
