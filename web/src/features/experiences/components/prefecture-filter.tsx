import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useT } from '../../../lib/i18n/i18n';
import { prefectureName } from '../../../lib/i18n/catalogue-names';
import { earlyTap, useEarlyTap } from '../../../lib/early-taps';

/** The popover's code (the 47 prefectures, a search field) loads when the guest opens it (issue 34). */
const PrefectureFilterPanel = lazy(async () => ({
  default: (await import('./prefecture-filter-panel')).PrefectureFilterPanel,
}));

/**
 * Guest spec §2: the location popover (300 px wide, list 400 px tall) with a searchable list of the 47
 * prefectures (`PrefectureFilterPanel`).
 */
export function PrefectureFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (next: string | null) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Opened before the page hydrated: opens now.
  useEarlyTap('filter-prefecture', () => setAnchor(button.current));
  const tr = useT();
  const { t } = tr;

  return (
    <>
      <Button
        ref={button}
        {...earlyTap('filter-prefecture')}
        variant={value ? 'contained' : 'outlined'}
        startIcon={<PlaceOutlinedIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {value ? prefectureName(tr, value) : t('filters.location')}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <PrefectureFilterPanel
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
