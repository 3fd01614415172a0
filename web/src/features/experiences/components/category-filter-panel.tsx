import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useCategories } from '../../../lib/catalogue-api';
import { useT } from '../../../lib/i18n/i18n';
import { categoryName } from '../../../lib/i18n/catalogue-names';

/** The category filter's popover: its own chunk, loaded when the guest opens it (issue 34). */
export function CategoryFilterPanel({
  anchor,
  value,
  onChange,
  onClose,
}: {
  anchor: HTMLElement;
  value: string[];
  onChange: (next: string[]) => void;
  onClose: () => void;
}) {
  const categories = useCategories();
  const tr = useT();
  const { t } = tr;
  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          sx: { width: 300, p: 2, maxHeight: 460 },
          role: 'dialog',
          'aria-label': t('filters.chooseCategories'),
        },
      }}
    >
      <FormGroup>
        {(categories.data ?? []).map((category) => (
          <FormControlLabel
            key={category.id}
            control={<Checkbox checked={value.includes(category.id)} onChange={() => toggle(category.id)} />}
            label={categoryName(tr, category)}
          />
        ))}
      </FormGroup>
      {categories.isPending && (
        <Typography color="text.secondary">{t('filters.loadingCategories')}</Typography>
      )}
    </Popover>
  );
}
