import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SEARCH_MAX_LENGTH } from '@domain/search-text';
import { PageLoader } from '../../../components/page-loader';
import { isClientError } from '../../../lib/api-client';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { ExperienceGrid } from '../components/experience-grid';
import { SearchBox } from '../components/search-box';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: `/search?q=` — case-insensitive match on title or description, done by the API. */
export function SearchPage() {
  const [params] = useSearchParams();
  const { t, path } = useT();
  const q = (params.get('q') ?? '').trim();
  // A text the API would refuse is answered here, in plain words, without a request.
  const tooLong = q.length > SEARCH_MAX_LENGTH;
  const results = useExperienceCards({ q }, { enabled: q !== '' && !tooLong });
  usePageMeta({
    title: q ? t('search.titleFor', { q }) : t('home.categories.title'),
    description: t('search.description'),
  });

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {t('home.categories.title')}
      </Typography>
      {/* Keyed by the query so the box shows the text of the page the guest is on after Back/Forward. */}
      <SearchBox key={q} initial={q} />
      <Box sx={{ mt: 4 }} aria-live="polite">
        {q === '' ? (
          <Typography color="text.secondary">{t('search.hint')}</Typography>
        ) : tooLong ? (
          <Alert severity="warning">{t('search.tooLong', { max: SEARCH_MAX_LENGTH })}</Alert>
        ) : results.isPending ? (
          <PageLoader label={t('search.searching')} minHeight="30vh" />
        ) : results.isError ? (
          <Alert severity="error">
            {t('carousel.error')}:{' '}
            {isClientError(results.error) ? t('search.refused') : results.error.message}
          </Alert>
        ) : results.data.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="p">
              {t('search.noResultsFor', { q })}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              {t('search.noResults')}
            </Typography>
            <Button component={RouterLink} to={path('/')} variant="contained">
              {t('search.backHome')}
            </Button>
          </Box>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{t('search.results', { count: results.data.length, q })}</Typography>
            <ExperienceGrid items={results.data} />
          </>
        )}
      </Box>
    </Container>
  );
}
