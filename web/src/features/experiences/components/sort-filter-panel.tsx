import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ExperienceSort } from '@domain/schemas/catalogue';
import { SORT_OPTIONS } from '../hooks/experience-filters';
import { useT } from '../../../lib/i18n/i18n';

/** The sort filter's popover: its own chunk, loaded when the guest opens it (issue 34). */
export function SortFilterPanel({
  anchor,
  value,
  onChange,
  onClose,
}: {
  anchor: HTMLElement;
  value: ExperienceSort;
  onChange: (next: ExperienceSort) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
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
              onClose();
            }}
          >
            <ListItemIcon>{option.value === value ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(option.label)}</ListItemText>
          </MenuItem>
        ))}
      </MenuList>
    </Popover>
  );
}
