import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE } from '@domain/search-text';
import { PageLoader } from '../../../components/page-loader';
import { isClientError } from '../../../lib/api-client';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { ExperienceGrid } from '../components/experience-grid';
import { SearchBox } from '../components/search-box';

export const SEARCH_REFUSED_MESSAGE =
  'The search could not be run. Please change the search text and try again.';

export function resultCountLine(n: number, q: string): string {
  return `${n} ${n === 1 ? 'result' : 'results'} found for "${q}"`;
}

/** Guest spec §2: `/search?q=` — case-insensitive match on title or description, done by the API. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // A text the API would refuse is answered here, in plain words, without a request.
  const tooLong = q.length > SEARCH_MAX_LENGTH;
  const results = useExperienceCards({ q }, { enabled: q !== '' && !tooLong });
  usePageMeta({
    title: q ? `Search: ${q}` : 'Search Experience',
    description: 'Search private tours and local experiences in Japan.',
  });

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        Search Experience
      </Typography>
      {/* Keyed by the query so the box shows the text of the page the guest is on after Back/Forward. */}
      <SearchBox key={q} initial={q} />
      <Box sx={{ mt: 4 }} aria-live="polite">
        {q === '' ? (
          <Typography color="text.secondary">Type what you would like to do and press Enter.</Typography>
        ) : tooLong ? (
          <Alert severity="warning">{SEARCH_TOO_LONG_MESSAGE}</Alert>
        ) : results.isPending ? (
          <PageLoader label="Searching" minHeight="30vh" />
        ) : results.isError ? (
          <Alert severity="error">
            Error loading experiences:{' '}
            {isClientError(results.error) ? SEARCH_REFUSED_MESSAGE : results.error.message}
          </Alert>
        ) : results.data.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="p">
              No results found for &quot;{q}&quot;
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              No experiences found matching your search.
            </Typography>
            <Button component={RouterLink} to="/" variant="contained">
              Back to Home
            </Button>
          </Box>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{resultCountLine(results.data.length, q)}</Typography>
            <ExperienceGrid items={results.data} />
          </>
        )}
      </Box>
    </Container>
  );
}
