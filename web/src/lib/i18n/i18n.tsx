/**
 * The guest site's messages: a typed catalogue per language (`catalogues/*.ts`, one chunk each, only the active one
 * loaded) and `Intl` for dates, numbers and plural forms. No globals at module load and the language comes from the
 * URL path, so the same code renders on a server (load the catalogue with `loadCatalogue`, then render).
 */
import { createContext, use, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { MessageKey, Messages } from './catalogues/en';
import { DEFAULT_LOCALE, localeInfo, localePath, type Locale } from './locales';

export type { MessageKey, Messages };
export type MessageValues = Record<string, string | number>;

const loaded = new Map<Locale, Messages>();
const loading = new Map<Locale, Promise<Messages>>();

/** Loads a language's catalogue once (its own chunk); later calls get the same promise. */
export function loadCatalogue(locale: Locale): Promise<Messages> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = localeInfo(locale)
      .load()
      .then((module) => {
        loaded.set(locale, module.default);
        return module.default;
      });
    loading.set(locale, promise);
  }
  return promise;
}

export function isCatalogueLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** `{name}` placeholders filled from `values`; an unknown placeholder stays visible rather than vanishing. */
export function interpolate(message: string, values?: MessageValues): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Keys with plural forms end in `.one` / `.other`; `Intl.PluralRules` of the language picks the form. */
type PluralBase = MessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

export interface Translator {
  locale: Locale;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A counted message: `{count}` is the number in the language's digits, the form from its plural rules. */
  plural: (base: PluralBase, count: number, values?: MessageValues) => string;
  /** An English site path in the current language (`/about` → `/ja/about`). */
  path: (to: string) => string;
  /** A whole number in the language's format (`1,234`). */
  number: (value: number) => string;
  /** Whole JPY: `JPY 24,000` in English (as the site always wrote it), `24,000円` in Japanese, else `¥24,000`. */
  yen: (amount: number) => string;
  /** A stored `yyyy-MM-dd` as a date with its weekday, in the language's own order. */
  date: (isoDate: string, options?: Intl.DateTimeFormatOptions) => string;
}

const DATE_WITH_WEEKDAY: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  weekday: 'short',
};

export function createTranslator(locale: Locale, messages: Messages): Translator {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const plurals = new Intl.PluralRules(locale);
  const t = (key: MessageKey, values?: MessageValues) => interpolate(messages[key], values);
  return {
    locale,
    t,
    plural: (base, count, values) => {
      const form = `${base}.${plurals.select(count)}` as MessageKey;
      const key = form in messages ? form : (`${base}.other` as MessageKey);
      return t(key, { ...values, count: numbers.format(count) });
    },
    path: (to) => localePath(to, locale),
    number: (value) => numbers.format(value),
    yen: (amount) => {
      const digits = numbers.format(amount);
      if (locale === 'en') return `JPY ${digits}`;
      return locale === 'ja' ? `${digits}円` : `¥${digits}`;
    },
    date: (isoDate, options = DATE_WITH_WEEKDAY) => {
      const [y, m, d] = isoDate.split('-').map(Number);
      // Noon UTC of the calendar date, read in UTC: the same date on every machine whatever its zone.
      const instant = new Date(Date.UTC(y!, m! - 1, d!, 12));
      return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(instant);
    },
  };
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * The language of everything below it. Suspends until the language's catalogue is in (the first page awaits it
 * before rendering, so only a language switch waits, inside the router's transition).
 */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  if (!loaded.has(locale)) use(loadCatalogue(locale));
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

/** The current language (from the URL path, through the provider; English when no provider is above). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The current language's translator. Its catalogue is loaded (the provider saw to it). */
export function useT(): Translator {
  const locale = useLocale();
  const messages = loaded.get(locale) ?? loaded.get(DEFAULT_LOCALE);
  if (!messages) throw new Error(`The ${locale} catalogue is not loaded: render inside <I18nProvider>.`);
  return useMemo(() => createTranslator(locale, messages), [locale, messages]);
}

/** An English site path in the current language, for links and `navigate()`. */
export function useLocalePath(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localePath(to, locale), [locale]);
}
