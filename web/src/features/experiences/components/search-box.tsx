import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import SearchIcon from '@mui/icons-material/Search';
import { useTypedBeforeHydration } from '../../../lib/early-taps';
import { SEARCH_PATH, searchPath } from '../../../lib/search-path';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2 and §5: the search box of the search and list pages; Enter with blank text does nothing. */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  // The list hydrates after its first paint (issue 34): what the guest typed meanwhile is kept.
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, initial, setText);
  const navigate = useNavigate();
  const { t, path: localise } = useT();
  return (
    // A form the browser submits itself before hydration (an Enter on the server's page loads the search page's
    // address); once hydrated, Enter is handled below and the form is never submitted.
    <form action={localise(SEARCH_PATH)} method="get">
      {/* The outlined input alone, not MUI's TextField: the field needs no label or helper text, and TextField
          brings MUI's Select with it, whose native select's styles compile @emotion/is-prop-valid's long expression
          while the list page hydrates (issue 34). */}
      <OutlinedInput
        fullWidth
        name="q"
        type="search"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const path = searchPath(text);
          if (path) void navigate(localise(path));
        }}
        inputRef={input}
        inputProps={{ 'aria-label': t('nav.search'), enterKeyHint: 'search' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
    </form>
  );
}
