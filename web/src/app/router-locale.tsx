import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { createBrowserRouter } from 'react-router';
import { I18nProvider, isCatalogueLoaded, loadCatalogue } from '../lib/i18n/i18n';
import { localeFromPath, type Locale } from '../lib/i18n/locales';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The language of the page the router shows (its path's prefix), for everything the router renders, its error
 * page included; `<html lang>` follows it (a server render writes the same value into its HTML). A language whose
 * catalogue is still downloading (back and forward across a switch) shows the previous one for those moments
 * rather than blanking the page.
 */
export function RouterLocale({ router, children }: { router: Router; children: ReactNode }) {
  const current = () => localeFromPath(router.state.location.pathname);
  // The same value for hydration: a page from the server (issue 17) was rendered in its path's language.
  const locale = useSyncExternalStore((onChange) => router.subscribe(onChange), current, current);
  const [, setLoaded] = useState<Locale | null>(null);
  const lastReady = useRef<Locale>(locale);
  const ready = isCatalogueLoaded(locale);
  if (ready) lastReady.current = locale;
  useEffect(() => {
    if (!ready) void loadCatalogue(locale).then(() => setLoaded(locale));
  }, [locale, ready]);
  const shown = lastReady.current;
  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);
  return <I18nProvider locale={shown}>{children}</I18nProvider>;
}
