import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import SortIcon from '@mui/icons-material/Sort';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ExperienceSort } from '@domain/schemas/catalogue';
import { SORT_OPTIONS } from '../hooks/experience-filters';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: the sort popover (200 px wide): Newest (default) and Lowest Price. */
export function SortFilter({
  value,
  onChange,
}: {
  value: ExperienceSort;
  onChange: (next: ExperienceSort) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useT();
  const current = SORT_OPTIONS.find((o) => o.value === value) ?? SORT_OPTIONS[0];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SortIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('filters.sort', { sort: t(current.label) })}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 200 } } }}
      >
        <MenuList autoFocusItem aria-label={t('filters.sortBy')}>
          {SORT_OPTIONS.map((option) => (
            <MenuItem
              key={option.value}
              selected={option.value === value}
              onClick={() => {
                onChange(option.value);
                setAnchor(null);
              }}
            >
              <ListItemIcon>{option.value === value ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{t(option.label)}</ListItemText>
            </MenuItem>
          ))}
        </MenuList>
      </Popover>
    </>
  );
}
