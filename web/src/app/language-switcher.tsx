import { useEffect, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { createTranslator, loadCatalogue, useT } from '../lib/i18n/i18n';
import { earlyTap, useEarlyTap } from '../lib/early-taps';
import {
  isLocale,
  localeInfo,
  LOCALES,
  preferredLocale,
  switchLocalePath,
  type Locale,
} from '../lib/i18n/locales';

/** The guest's own choice of language (the switcher), kept in this browser. */
const CHOICE_KEY = 'site-language';
/** Set once the browser-language note has been answered or dismissed: it is offered once, never again. */
const NOTE_KEY = 'site-language-note';
/** Set when the note offering the guest's own choice is dismissed: not offered again in this tab. */
const CHOICE_NOTE_KEY = 'site-language-choice-note';

function storage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
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
function useSwitchLocale() {
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

/**
 * A page in a language other than the guest's offers theirs, in that language; the guest stays where they are
 * until they choose (never a redirect). Their remembered choice is offered on each visit until dismissed for the
 * tab; without a choice, the browser's first supported language is offered once.
 *
 * A band at the top of the page, in the page's flow (issue 32 item 10): it pushes the page down instead of floating
 * over it, so it never covers a form's controls (a phone's booking form and card fields were under it). On a page
 * whose hero runs under the transparent header (`underHeader`), the band starts at the top and the header floats
 * over its dark top, as over the hero.
 */
export function LanguageSuggestion({ underHeader = false }: { underHeader?: boolean }) {
  const { locale } = useT();
  const switchLocale = useSwitchLocale();
  const [note, setNote] = useState<{ locale: Locale; text: string; action: string; close: string } | null>(
    null,
  );

  useEffect(() => {
    const chosen = rememberedLocale();
    const wanted = chosen
      ? storage('sessionStorage')?.getItem(CHOICE_NOTE_KEY)
        ? null
        : chosen
      : storage()?.getItem(NOTE_KEY)
        ? null
        : preferredLocale(navigator.languages ?? [navigator.language]);
    if (!wanted || wanted === locale) return;
    let live = true;
    void loadCatalogue(wanted).then(() => {
      if (!live) return;
      const language = localeInfo(wanted).name;
      const { t } = createTranslator(wanted);
      setNote({
        locale: wanted,
        text: t('language.suggest', { language }),
        action: t('language.suggestAction', { language }),
        close: t('common.close'),
      });
    });
    return () => {
      live = false;
    };
  }, [locale]);

  if (!note || note.locale === locale) return null;
  const close = () => {
    storage()?.setItem(NOTE_KEY, 'done');
    storage('sessionStorage')?.setItem(CHOICE_NOTE_KEY, 'dismissed');
    setNote(null);
  };
  return (
    <Box
      role="region"
      aria-label={note.text}
      lang={note.locale}
      data-testid="language-suggestion"
      sx={{ bgcolor: '#10242d', color: '#fff', pt: underHeader ? { xs: 7, sm: 8 } : 0 }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Box component="span" sx={{ flex: '1 1 180px' }}>
          {note.text}
        </Box>
        <Button
          variant="contained"
          color="secondary"
          size="small"
          onClick={() => void switchLocale(note.locale)}
        >
          {note.action}
        </Button>
        <IconButton size="small" color="inherit" aria-label={note.close} onClick={close}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
