import { useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { prefectures } from '@domain/prefectures';
import { useT } from '../../../lib/i18n/i18n';
import { prefectureName } from '../../../lib/i18n/catalogue-names';

/**
 * The location filter's popover (its own chunk, loaded when the guest opens it, issue 34): a searchable list of
 * the 47 prefectures. Keyboard: type to filter, ↑/↓ to move, Enter to choose (an ARIA combobox with its listbox).
 * Choosing the prefecture that is already selected clears it.
 */
export function PrefectureFilterPanel({
  anchor,
  value,
  onChange,
  onClose,
}: {
  anchor: HTMLElement;
  value: string | null;
  onChange: (next: string | null) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const tr = useT();
  const { t } = tr;

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? prefectures.filter(
          (p) =>
            p.name.toLowerCase().includes(q) ||
            [p.nameJa, p.nameKo, p.nameZhHant].some((name) => name.includes(query.trim())),
        )
      : prefectures;
  }, [query]);

  // The panel unmounts on closing: its search and position start afresh next time.
  const close = onClose;
  const choose = (name: string) => {
    onChange(name === value ? null : name);
    close();
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, index));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { width: 300, p: 1.5 }, role: 'dialog', 'aria-label': t('filters.choosePrefecture') },
      }}
    >
      <TextField
        autoFocus
        fullWidth
        size="small"
        label={t('filters.searchPrefectures')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            moveTo(active + 1);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            moveTo(active - 1);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const match = matches[active];
            if (match) choose(match.name);
          }
        }}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': `${id}-list`,
            'aria-activedescendant': matches[active] ? `${id}-option-${matches[active].code}` : undefined,
            'aria-autocomplete': 'list',
          },
        }}
      />
      <Box
        component="ul"
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label={t('filters.prefectures')}
        sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, maxHeight: 400, overflowY: 'auto' }}
      >
        {matches.map((p, index) => {
          const selected = p.name === value;
          return (
            <Box
              component="li"
              key={p.code}
              id={`${id}-option-${p.code}`}
              role="option"
              aria-selected={selected}
              onClick={() => choose(p.name)}
              onMouseEnter={() => setActive(index)}
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 1,
                cursor: 'pointer',
                display: 'flex',
                justifyContent: 'space-between',
                bgcolor: index === active ? 'action.hover' : 'transparent',
                fontWeight: selected ? 700 : 400,
                outline: index === active ? '2px solid' : 'none',
                outlineColor: 'primary.main',
                outlineOffset: -2,
              }}
            >
              {/* The reader's name first; beside it the English name, or the Japanese one for English readers. */}
              <span>{prefectureName(tr, p.name)}</span>
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                lang={tr.locale === 'en' ? 'ja' : 'en'}
              >
                {tr.locale === 'en' ? p.nameJa : p.name}
              </Typography>
            </Box>
          );
        })}
        {matches.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ p: 1.5 }}>
            {t('filters.noPrefecture')}
          </Typography>
        )}
      </Box>
    </Popover>
  );
}
