/**
 * The guest site's messages, through Lingui's core (`@lingui/core`, one instance per language): ICU messages in a
 * catalogue per language, in parts (`catalogues/<language>/shell.ts`: the site's frame and the home page; `pages.ts`:
 * the list, search, experience, booking and static pages; `desk.ts`: the pages a guest reaches from a link or after
 * booking — the concierge desk, their booking, a review; `suggestion.ts`: the language band's messages, shown in the
 * language it offers), each its own chunk, loaded only for its language and only when a page needs it. Plural forms
 * are ICU's (`{count, plural, one {# person} other {# people}}`, picked by `Intl.PluralRules`),
 * dates and numbers `Intl`'s. The browser build gets the catalogues precompiled (`web/catalogue-plugin.ts`), so
 * Lingui's message compiler is not in the site's JavaScript; a server render registers it (`compileMessagesWith`).
 * No globals at module load and the language comes from the URL path, so the same code renders on a server.
 */
import { createContext, use, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { setupI18n, type I18n, type Messages as LinguiMessages } from '@lingui/core';
import type { PageKey } from './catalogues/en/pages';
import type { ShellKey } from './catalogues/en/shell';
import type { DeskKey } from './catalogues/en/desk';
import type { SuggestionKey } from './catalogues/en/suggestion';
import { yenIn } from '@domain/yen';
import { DEFAULT_LOCALE, localeInfo, localePath, type Locale } from './locales';

export type MessageKey = ShellKey | PageKey | DeskKey | SuggestionKey;
export type Messages = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;

/**
 * The parts of a catalogue: what every first page needs; what the catalogue's and the booking's pages need; what
 * only the pages reached from a link or after booking need (issue 34: the experience page, where a guest decides,
 * downloads no text of the concierge desk or of a booking's management); and the language band's three messages,
 * which a page shows in another language than its own.
 */
export const CATALOGUE_PARTS = ['shell', 'pages', 'desk', 'suggestion'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];
let compiler: MessageCompiler | undefined;

/**
 * Messages as written (`{name}`, ICU plurals) are compiled by this function when a catalogue loads. The browser
 * build never needs it (its catalogues are compiled at build time); a server render of production code does.
 */
export function compileMessagesWith(compile: MessageCompiler): void {
  compiler = compile;
  for (const i18n of instances.values()) i18n.setMessagesCompiler(compile);
}

const instances = new Map<Locale, I18n>();
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function instanceOf(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    if (compiler) i18n.setMessagesCompiler(compiler);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Loads a part of a language's catalogue once (its own chunk); later calls get the same promise. */
export function loadCatalogue(locale: Locale, part: CataloguePart = 'shell'): Promise<void> {
  const id = `${locale}/${part}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = localeInfo(locale)
      .load(part)
      .then(
        (module) => {
          instanceOf(locale).load(locale, module.default as LinguiMessages);
          loaded.add(id);
        },
        (error: unknown) => {
          // A download that failed (a dropped connection) is tried again by the next page that needs it.
          loading.delete(id);
          throw error;
        },
      );
    loading.set(id, promise);
  }
  return promise;
}

/** Every part (a server render, which may render any page). */
export function loadWholeCatalogue(locale: Locale): Promise<void> {
  return Promise.all(CATALOGUE_PARTS.map((part) => loadCatalogue(locale, part))).then(() => undefined);
}

export function isCatalogueLoaded(locale: Locale, part: CataloguePart = 'shell'): boolean {
  return loaded.has(`${locale}/${part}`);
}

export interface Translator {
  locale: Locale;
  /** A message with its `{placeholders}` filled; a counted message takes its count as `count`. */
  t: (key: MessageKey, values?: MessageValues) => string;
  /** An English site path in the current language (`/about` → `/ja/about`). */
  path: (to: string) => string;
  /** A whole number in the language's format (`1,234`). */
  number: (value: number) => string;
  /** Whole JPY, one way per language (`yenIn`): `¥24,000`, `24,000円`, `¥24,000`, `24,000엔`. */
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

/**
 * A language's formatters, made on first use and kept (issue 34). Every `useT()` used to make a number format for
 * its component whether it formatted a number or not, and a page's first `Intl` formatter loads the browser's ICU
 * data: about 25 ms on this machine's CPU and 100 ms at a phone's, inside the hydration of every guest page. Now only
 * a page that shows a count in words or a date (reviews, a list's total) makes one.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** The translator of a language whose catalogue (the parts the caller uses) is loaded. */
export function createTranslator(locale: Locale): Translator {
  const i18n = instanceOf(locale);
  return {
    locale,
    t: (key, values) => i18n._(key, values),
    path: (to) => localePath(to, locale),
    number: (value) =>
      kept(`number ${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(
        value,
      ),
    yen: (amount) => yenIn(amount, locale),
    date: (isoDate, options = DATE_WITH_WEEKDAY) => {
      const [y, m, d] = isoDate.split('-').map(Number);
      // Noon UTC of the calendar date, read in UTC: the same date on every machine whatever its zone.
      const format = kept(
        `date ${locale} ${JSON.stringify(options)}`,
        () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }),
      );
      return format.format(new Date(Date.UTC(y!, m! - 1, d!, 12)));
    },
  };
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * The language of everything below it. Suspends until the language's shell catalogue is in (the first page awaits
 * it before rendering, so only a language switch waits, inside the router's transition); the other parts are loaded
 * by the routes that need them (`withPageMessages`, `withDeskMessages`).
 */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  if (!isCatalogueLoaded(locale)) use(loadCatalogue(locale));
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

/** The current language (from the URL path, through the provider; English when no provider is above). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The current language's translator. */
export function useT(): Translator {
  const locale = useLocale();
  return useMemo(() => createTranslator(locale), [locale]);
}

/** An English site path in the current language, for links and `navigate()`. */
export function useLocalePath(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localePath(to, locale), [locale]);
}
