import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useCategories } from '../../../lib/catalogue-api';
import { useT } from '../../../lib/i18n/i18n';
import { categoryName } from '../../../lib/i18n/catalogue-names';

/** Guest spec §2: a checklist of the active categories; the button shows how many are selected. */
export function CategoryFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const categories = useCategories();
  const tr = useT();
  const { t } = tr;
  // Guest spec §8: a failed categories fetch is logged only; the list stays empty.
  if (categories.isError) console.error('Categories could not be loaded', categories.error);
  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  const label =
    value.length > 0 ? t('filters.categoriesCount', { count: value.length }) : t('filters.categories');
  return (
    <>
      <Button
        variant={value.length > 0 ? 'contained' : 'outlined'}
        startIcon={<CategoryOutlinedIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
              control={
                <Checkbox checked={value.includes(category.id)} onChange={() => toggle(category.id)} />
              }
              label={categoryName(tr, category)}
            />
          ))}
        </FormGroup>
        {categories.isPending && (
          <Typography color="text.secondary">{t('filters.loadingCategories')}</Typography>
        )}
      </Popover>
    </>
  );
}
