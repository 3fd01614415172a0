import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../../components/page-loader';
import { useCategories, useExperienceCardPages } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { FilterBar } from '../components/filter-bar';
import { ExperienceGrid } from '../components/experience-grid';
import { LoadMore } from '../components/load-more';
import { SearchBox } from '../components/search-box';
import {
  hasActiveFilters,
  knownCategories,
  listQueryParams,
  useExperienceFilters,
} from '../hooks/experience-filters';
import { useT } from '../../../lib/i18n/i18n';
import { prefectureName } from '../../../lib/i18n/catalogue-names';

const Grid = memo(ExperienceGrid);
const Filters = memo(FilterBar);

/** Guest spec §2: `/experiences` with its filter bar; filters live in the query string. */
export function ExperienceListPage() {
  const { filters, update } = useExperienceFilters();
  const tr = useT();
  const { t } = tr;
  const categories = useCategories();
  // A category id that names no category (an old or mistyped link) is dropped from the address, so the filter bar
  // never counts a category it cannot show ticked and the list is not emptied by it.
  const known = categories.isSuccess ? knownCategories(filters.categories, categories.data) : null;
  const unknownChosen = known !== null && known.length !== filters.categories.length;
  useEffect(() => {
    if (unknownChosen) update({ categories: known }, { replace: true });
  }, [unknownChosen, known, update]);
  const list = useExperienceCardPages(listQueryParams(known ? { ...filters, categories: known } : filters));
  // The cards render in the background in small slices when the answer arrives, instead of in one blocking task;
  // until that render has caught up with the current list (its first page) the spinner stays. A further page is
  // appended below the cards already there.
  const deferred = useDeferredValue(list.data);
  const items = useMemo(() => deferred?.pages.flatMap((page) => page.items), [deferred]);
  const catchingUp = list.isSuccess && deferred?.pages[0] !== list.data.pages[0];
  usePageMeta({
    title: filters.prefecture
      ? t('list.titleIn', { prefecture: prefectureName(tr, filters.prefecture) })
      : t('list.title'),
    description: t('list.description'),
  });

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {t('list.title')}
      </Typography>
      <Box sx={{ mb: 2, maxWidth: 560 }}>
        <SearchBox />
      </Box>
      <Filters filters={filters} onChange={update} />
      <Box sx={{ mt: 4 }} aria-live="polite" aria-busy={list.isPending}>
        {list.isError ? (
          <Alert severity="error">{t('list.error')}</Alert>
        ) : list.isPending || catchingUp || !items ? (
          <PageLoader label={t('list.loading')} minHeight="30vh" />
        ) : items.length === 0 && hasActiveFilters(filters) ? (
          <Box sx={{ textAlign: 'center', py: 8 }}>
            <Typography sx={{ mb: 2 }}>{t('list.noMatch')}</Typography>
            <Button variant="outlined" onClick={() => update({ prefecture: null, categories: [] })}>
              {t('filters.clearAll')}
            </Button>
          </Box>
        ) : items.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8 }}>
            <Typography sx={{ mb: 2 }}>{t('list.empty')}</Typography>
            <Button variant="outlined" onClick={() => void list.refetch()}>
              {t('error.reload')}
            </Button>
          </Box>
        ) : (
          <>
            <Grid items={items} />
            <LoadMore pages={list} />
          </>
        )}
      </Box>
    </Container>
  );
}
