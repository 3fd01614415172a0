import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { useTypedBeforeHydration } from '../lib/early-taps';
import { SEARCH_PATH, searchPath } from '../lib/search-path';
import { useT } from '../lib/i18n/i18n';

/**
 * A search box for the header and the home hero (guest spec §5's Enter behaviour: trimmed, blank does nothing):
 * a plain form and input styled here rather than MUI's TextField, which would add its weight to the first load of
 * every page. Light text on a translucent field, for dark or photographic backgrounds.
 */
export function QuickSearch({ fullWidth = false }: { fullWidth?: boolean }) {
  const [text, setText] = useState('');
  // The home hero's box is in the server's page, which hydrates after its first paint (issue 34): what the guest
  // typed meanwhile is kept, and Enter searches for it.
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, '', setText);
  const navigate = useNavigate();
  const { t, path: localise } = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const path = searchPath(text);
    if (!path) return;
    setText('');
    void navigate(localise(path));
  };
  return (
    <Box
      component="form"
      role="search"
      // Before hydration (home hydrates after its first paint) the browser submits the form itself: it loads the
      // search page's address rather than this page again.
      action={localise(SEARCH_PATH)}
      method="get"
      onSubmit={submit}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        width: fullWidth ? '100%' : { md: 220, lg: 260 },
        color: 'inherit',
      }}
    >
      <SearchIcon aria-hidden fontSize="small" sx={{ position: 'absolute', left: 10, opacity: 0.85 }} />
      <Box
        component="input"
        ref={input}
        type="search"
        name="q"
        value={text}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('nav.search')}
        enterKeyHint="search"
        sx={{
          width: '100%',
          font: 'inherit',
          fontSize: '0.95rem',
          color: 'inherit',
          bgcolor: 'rgba(255,255,255,0.16)',
          border: '1px solid rgba(255,255,255,0.45)',
          borderRadius: 999,
          py: 0.75,
          pl: 4.5,
          pr: 1.5,
          outline: 'none',
          '&::placeholder': { color: 'inherit', opacity: 0.8 },
          '&:focus-visible': { bgcolor: 'rgba(255,255,255,0.26)', borderColor: '#fff' },
        }}
      />
    </Box>
  );
}
