import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cityName, prefectureName } from '@domain/place-names';
import { SEARCH_MAX_LENGTH } from '@domain/search-text';
import { PageLoader } from '../../../components/page-loader';
import { isClientError } from '../../../lib/api-client';
import { useCategories, useExperienceCardPages } from '../../../lib/catalogue-api';
import { categoryName } from '../../../lib/i18n/catalogue-names';
import { usePageMeta } from '../../../lib/page-meta';
import { searchPath } from '../../../lib/search-path';
import { ExperienceGrid } from '../components/experience-grid';
import { FilterBar } from '../components/filter-bar';
import { LoadMore } from '../components/load-more';
import { SearchBox } from '../components/search-box';
import { hasActiveFilters, listQueryParams, useExperienceFilters } from '../hooks/experience-filters';
import { useT, type Translator } from '../../../lib/i18n/i18n';

/** The places an empty search suggests, as stored; each is offered in the reader's script (`松山市`, `마쓰야마시`). */
const SUGGESTED_PLACES = [
  { prefecture: 'Ehime' },
  { city: 'Matsuyama' },
  { city: 'Imabari' },
  { city: 'Uchiko' },
] as const;

function suggestedPlaces(tr: Translator): string[] {
  return SUGGESTED_PLACES.map((p) =>
    'city' in p ? cityName(p.city, tr.locale) : prefectureName(p.prefecture, tr.locale),
  ).filter(Boolean);
}

/**
 * Guest spec §2: `/search?q=` — the API matches titles, descriptions, places in every site language and category
 * names (issue 32 item 3). The list's filters (location, categories, sort) narrow the answer and live in the query
 * string beside `q`. A search that finds nothing says so and offers ways on: the places and categories the
 * catalogue has, the Ehime page and every experience.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const tr = useT();
  const { t } = tr;
  const q = (params.get('q') ?? '').trim();
  const { filters, update } = useExperienceFilters();
  // A text the API would refuse is answered here, in plain words, without a request.
  const tooLong = q.length > SEARCH_MAX_LENGTH;
  const results = useExperienceCardPages(
    { ...listQueryParams(filters), q },
    { enabled: q !== '' && !tooLong },
  );
  const items = results.data?.pages.flatMap((page) => page.items);
  usePageMeta({
    title: q ? t('search.titleFor', { q }) : t('home.categories.title'),
    description: t('search.description'),
    // A page per typed text is not a page for search engines.
    noindex: q !== '',
  });

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {t('home.categories.title')}
      </Typography>
      {/* Keyed by the query so the box shows the text of the page the guest is on after Back/Forward. */}
      <Box sx={{ mb: 2, maxWidth: 560 }}>
        <SearchBox key={q} initial={q} />
      </Box>
      {q !== '' && !tooLong && <FilterBar filters={filters} onChange={update} />}
      <Box sx={{ mt: 4 }} aria-live="polite" aria-busy={results.isFetching}>
        {q === '' ? (
          <Typography color="text.secondary">{t('search.hint')}</Typography>
        ) : tooLong ? (
          <Alert severity="warning">{t('search.tooLong', { max: SEARCH_MAX_LENGTH })}</Alert>
        ) : results.isPending || !items ? (
          results.isError ? (
            <Alert severity="error">
              {t('carousel.error')}: {isClientError(results.error) ? t('search.refused') : t('list.error')}
            </Alert>
          ) : (
            <PageLoader label={t('search.searching')} minHeight="30vh" />
          )
        ) : items.length === 0 ? (
          <NoResults
            q={q}
            filtered={hasActiveFilters(filters)}
            onClear={() => update({ prefecture: null, categories: [] })}
          />
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {results.hasNextPage
                ? t('search.resultsMore', { count: items.length, q })
                : t('search.results', { count: items.length, q })}
            </Typography>
            <ExperienceGrid items={items} />
            <LoadMore pages={results} />
          </>
        )}
      </Box>
    </Container>
  );
}

/** Nothing found: what was searched, the filters to loosen, and ways on (places, categories, Ehime, everything). */
function NoResults({ q, filtered, onClear }: { q: string; filtered: boolean; onClear: () => void }) {
  const tr = useT();
  const { t, path } = tr;
  const categories = useCategories();
  return (
    <Box sx={{ py: { xs: 2, md: 4 } }} data-testid="search-empty">
      <Typography variant="h6" component="p">
        {t('search.noResultsFor', { q })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {filtered ? t('search.noResultsFiltered') : t('search.noResults')}
      </Typography>
      {filtered && (
        <Button variant="outlined" onClick={onClear} sx={{ mb: 3 }}>
          {t('filters.clearAll')}
        </Button>
      )}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('search.tryPlaces')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {suggestedPlaces(tr).map((place) => (
          <Chip key={place} label={place} component={RouterLink} to={path(searchPath(place)!)} clickable />
        ))}
      </Stack>
      {categories.isSuccess && categories.data.length > 0 && (
        <>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('search.tryCategories')}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
            {categories.data.map((category) => (
              <Chip
                key={category.id}
                label={categoryName(tr, category)}
                component={RouterLink}
                to={path(`/experiences?categories=${encodeURIComponent(category.id)}`)}
                clickable
                variant="outlined"
              />
            ))}
          </Stack>
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={path('/ehime')} variant="contained">
          {t('home.ehime.title')}
        </Button>
        <Button component={RouterLink} to={path('/experiences')} variant="outlined">
          {t('search.seeAll')}
        </Button>
      </Stack>
    </Box>
  );
}
