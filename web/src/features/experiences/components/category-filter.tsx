import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useCategories } from '../../../lib/catalogue-api';
import { useT } from '../../../lib/i18n/i18n';
import { earlyTap, useEarlyTap } from '../../../lib/early-taps';

/** The checklist's code loads when the guest opens it (issue 34: the list's first paint needs only the button). */
const CategoryFilterPanel = lazy(async () => ({
  default: (await import('./category-filter-panel')).CategoryFilterPanel,
}));

/** Guest spec §2: a checklist of the active categories; the button shows how many are selected. */
export function CategoryFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Opened before the page hydrated: opens now.
  useEarlyTap('filter-categories', () => setAnchor(button.current));
  const categories = useCategories();
  const { t } = useT();
  // Guest spec §8: a failed categories fetch is logged only; the list stays empty.
  if (categories.isError) console.error('Categories could not be loaded', categories.error);
  const label =
    value.length > 0 ? t('filters.categoriesCount', { count: value.length }) : t('filters.categories');
  return (
    <>
      <Button
        ref={button}
        {...earlyTap('filter-categories')}
        variant={value.length > 0 ? 'contained' : 'outlined'}
        startIcon={<CategoryOutlinedIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <CategoryFilterPanel
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
