import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { createTranslator, loadCatalogue, useT } from '../lib/i18n/i18n';
import { localeInfo, type Locale } from '../lib/i18n/locales';
import { CHOICE_NOTE_KEY, NOTE_KEY, storage, useSwitchLocale } from './language-switcher';

/**
 * A page in a language other than the guest's offers theirs, in that language; the guest stays where they are
 * until they choose (never a redirect). Their remembered choice is offered on each visit until dismissed for the
 * tab; without a choice, the browser's first supported language is offered once.
 *
 * A band at the top of the page, in the page's flow (issue 32 item 10): it pushes the page down instead of floating
 * over it, so it never covers a form's controls (a phone's booking form and card fields were under it). On a page
 * whose hero runs under the transparent header (`underHeader`), the band starts at the top and the header floats
 * over its dark top, as over the hero. It shows once the guest has scrolled (`LanguageSuggestion`, issue 34).
 */
export function LanguageSuggestionBand({
  offered,
  underHeader,
  shown = true,
}: {
  offered: Locale;
  underHeader: boolean;
  /** False until the guest has scrolled (`LanguageSuggestion`): its messages load meanwhile, nothing shows. */
  shown?: boolean;
}) {
  const { locale } = useT();
  const switchLocale = useSwitchLocale();
  const [note, setNote] = useState<{ locale: Locale; text: string; action: string; close: string } | null>(
    null,
  );

  useEffect(() => {
    const wanted = offered;
    let live = true;
    // Only the band's own messages in that language (a small part), not its whole shell.
    void loadCatalogue(wanted, 'suggestion').then(() => {
      if (!live) return;
      const language = localeInfo(wanted).name;
      const { t } = createTranslator(wanted);
      setNote({
        locale: wanted,
        text: t('language.suggest', { language }),
        action: t('language.suggestAction', { language }),
        close: t('language.suggestClose'),
      });
    });
    return () => {
      live = false;
    };
  }, [offered]);

  if (!note || note.locale === locale || !shown) return null;
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
