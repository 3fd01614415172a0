import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { hasActiveFilters, type ExperienceFilters } from '../hooks/experience-filters';
import { CategoryFilter } from './category-filter';
import { PrefectureFilter } from './prefecture-filter';
import { SortFilter } from './sort-filter';
import { useT } from '../../../lib/i18n/i18n';

export function FilterBar({
  filters,
  onChange,
}: {
  filters: ExperienceFilters;
  onChange: (change: Partial<ExperienceFilters>) => void;
}) {
  const { t } = useT();
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('filters.label')}
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <PrefectureFilter value={filters.prefecture} onChange={(prefecture) => onChange({ prefecture })} />
      <CategoryFilter value={filters.categories} onChange={(categories) => onChange({ categories })} />
      <SortFilter value={filters.sort} onChange={(sort) => onChange({ sort })} />
      {hasActiveFilters(filters) && (
        <Button onClick={() => onChange({ prefecture: null, categories: [] })}>
          {t('filters.clearAll')}
        </Button>
      )}
    </Stack>
  );
}
