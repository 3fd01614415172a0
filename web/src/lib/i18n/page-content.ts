/**
 * A feature's long texts (static pages, /ehime) in each language: one module per language, its own chunk, loaded
 * only for the page's language and never with the home page. The route's loader awaits the module (the server render
 * runs loaders before rendering, the browser before its first render and hydration), so the page reads it at once.
 * English is required; a language without a module of its own shows the English text, marked as English.
 */
import { use } from 'react';
import type { LoaderFunction } from 'react-router';
import { useLocale } from './i18n';
import { DEFAULT_LOCALE, localeFromPath, type Locale } from './locales';

type ContentModule<T> = () => Promise<{ default: T }>;
export type ContentModules<T> = { en: ContentModule<T> } & Partial<Record<Locale, ContentModule<T>>>;

export interface PageContent<T> {
  content: T;
  /** The language the text is written in: the page's, or English where the page's has no module yet. */
  lang: Locale;
}

export function pageContent<T>(modules: ContentModules<T>) {
  const loaded = new Map<Locale, T>();
  const loading = new Map<Locale, Promise<T>>();
  const langOf = (locale: Locale): Locale => (modules[locale] ? locale : DEFAULT_LOCALE);

  function load(locale: Locale): Promise<T> {
    const lang = langOf(locale);
    let promise = loading.get(lang);
    if (!promise) {
      promise = (modules[lang] ?? modules.en)().then(
        (module) => {
          loaded.set(lang, module.default);
          return module.default;
        },
        (error: unknown) => {
          loading.delete(lang); // a failed chunk download is tried again on the next visit
          throw error;
        },
      );
      loading.set(lang, promise);
    }
    return promise;
  }

  /** The route loader: the page's language module is in before the page renders. */
  const loader: LoaderFunction = async ({ request }) => {
    await load(localeFromPath(new URL(request.url).pathname));
    return null;
  };

  /** The texts in the page's language (suspends only when rendered without the route's loader, as in tests). */
  function useContent(): PageContent<T> {
    const lang = langOf(useLocale());
    return { content: loaded.get(lang) ?? use(load(lang)), lang };
  }

  return { load, loader, useContent };
}
