import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import SortIcon from '@mui/icons-material/Sort';
import type { ExperienceSort } from '@domain/schemas/catalogue';
import { SORT_OPTIONS } from '../hooks/experience-filters';
import { useT } from '../../../lib/i18n/i18n';
import { earlyTap, useEarlyTap } from '../../../lib/early-taps';

/** The popover's code loads when the guest opens it (issue 34: the list's first paint needs only the button). */
const SortFilterPanel = lazy(async () => ({
  default: (await import('./sort-filter-panel')).SortFilterPanel,
}));

/** Guest spec §2: the sort popover (200 px wide): Newest (default) and Lowest Price. */
export function SortFilter({
  value,
  onChange,
}: {
  value: ExperienceSort;
  onChange: (next: ExperienceSort) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Opened before the page hydrated: opens now.
  useEarlyTap('filter-sort', () => setAnchor(button.current));
  const { t } = useT();
  const current = SORT_OPTIONS.find((o) => o.value === value) ?? SORT_OPTIONS[0];
  return (
    <>
      <Button
        ref={button}
        {...earlyTap('filter-sort')}
        variant="outlined"
        startIcon={<SortIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('filters.sort', { sort: t(current.label) })}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <SortFilterPanel
            anchor={anchor}
            value={value}
            onChange={onChange}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
