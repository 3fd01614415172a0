import { lazy, Suspense, useEffect, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { loadCatalogue, useT } from '../lib/i18n/i18n';
import { earlyTap, useEarlyTap } from '../lib/early-taps';
import { isLocale, LOCALES, preferredLocale, switchLocalePath, type Locale } from '../lib/i18n/locales';

/** The guest's own choice of language (the switcher), kept in this browser. */
const CHOICE_KEY = 'site-language';
/** Set once the browser-language note has been answered or dismissed: it is offered once, never again. */
export const NOTE_KEY = 'site-language-note';
/** Set when the note offering the guest's own choice is dismissed: not offered again in this tab. */
export const CHOICE_NOTE_KEY = 'site-language-choice-note';

export function storage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage blocked (private mode settings): the switcher still works, it is just not remembered
  }
}

export function rememberedLocale(): Locale | null {
  const value = storage()?.getItem(CHOICE_KEY);
  return isLocale(value) ? value : null;
}

/** Goes to the same page and query in `locale`, once its catalogue is in (the page never shows half-translated). */
export function useSwitchLocale() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return async (locale: Locale) => {
    storage()?.setItem(CHOICE_KEY, locale);
    storage()?.setItem(NOTE_KEY, 'done');
    await loadCatalogue(locale);
    await navigate(`${switchLocalePath(pathname, locale)}${search}${hash}`);
  };
}

/**
 * Guest spec (issue 19): the language menu of the header and the phone menu. A native select: every phone has a
 * good picker for it, and it costs the home page no script. Each language is named in itself.
 */
export function LanguageSwitcher() {
  const { t, locale } = useT();
  const switchLocale = useSwitchLocale();
  // A language chosen before the page hydrated (issue 34) is switched to once it has.
  useEarlyTap('language', (chosen) => {
    if (isLocale(chosen) && chosen !== locale) void switchLocale(chosen);
  });
  return (
    <Box
      component="select"
      {...earlyTap('language')}
      aria-label={t('language.label')}
      value={locale}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => {
        if (isLocale(e.target.value)) void switchLocale(e.target.value);
      }}
      sx={{
        font: 'inherit',
        fontSize: '0.9rem',
        color: 'inherit',
        bgcolor: 'transparent',
        border: '1px solid rgba(255,255,255,0.45)',
        borderRadius: 1,
        py: 0.5,
        px: 1,
        my: 1,
        '& option': { color: '#000' },
      }}
    >
      {LOCALES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </option>
      ))}
    </Box>
  );
}

/** The band offering another language: its own chunk, loaded only when there is one to offer (issue 34). */
const LanguageSuggestionBand = lazy(async () => ({
  default: (await import('./language-suggestion-band')).LanguageSuggestionBand,
}));

/** How long the page must have been still after a scroll before the band comes in. */
const SCROLL_SETTLED_MS = 200;

/**
 * True once the guest has scrolled the page away from its top and the scroll has come to rest (at once if the page
 * already is away from its top). Not during the scroll: content inserted while a scroll is animating is counted as a
 * layout shift although scroll anchoring keeps it still (0.078 in Chromium, issue 34).
 */
function useScrolledOnce(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      if (window.scrollY > 0) setScrolled(true);
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settled, SCROLL_SETTLED_MS);
    };
    settled();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [scrolled]);
  return scrolled;
}

/**
 * A page in a language other than the guest's offers theirs, in that language (`LanguageSuggestionBand`); the
 * guest stays where they are until they choose (never a redirect). Their remembered choice is offered on each visit
 * until dismissed for the tab; without a choice, the browser's first supported language is offered once.
 *
 * The band is in the page's flow (it never covers a form, issue 32 item 10) and appears only once the guest has
 * scrolled: the browser's scroll anchoring then keeps what they are reading where it is, so the band moves nothing
 * on screen (issue 34: at the top of a page that has not moved, it pushed the page down, a layout shift of 0.072).
 * It is at the top of the page when they come back up.
 */
export function LanguageSuggestion({ underHeader = false }: { underHeader?: boolean }) {
  const { locale } = useT();
  const [offered, setOffered] = useState<Locale | null>(null);
  const scrolled = useScrolledOnce();
  useEffect(() => {
    const chosen = rememberedLocale();
    const wanted = chosen
      ? storage('sessionStorage')?.getItem(CHOICE_NOTE_KEY)
        ? null
        : chosen
      : storage()?.getItem(NOTE_KEY)
        ? null
        : preferredLocale(navigator.languages ?? [navigator.language]);
    setOffered(wanted && wanted !== locale ? wanted : null);
  }, [locale]);
  if (!offered || offered === locale) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestionBand offered={offered} underHeader={underHeader} shown={scrolled} />
    </Suspense>
  );
}
