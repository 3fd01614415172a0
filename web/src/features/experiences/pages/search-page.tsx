import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../../components/page-loader';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { ExperienceGrid } from '../components/experience-grid';
import { SearchBox } from '../components/search-box';

export function resultCountLine(n: number, q: string): string {
  return `${n} ${n === 1 ? 'result' : 'results'} found for "${q}"`;
}

/** Guest spec §2: `/search?q=` — case-insensitive match on title or description, done by the API. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useExperienceCards({ q }, { enabled: q !== '' });
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
        ) : results.isPending ? (
          <PageLoader label="Searching" minHeight="30vh" />
        ) : results.isError ? (
          <Alert severity="error">Error loading experiences: {results.error.message}</Alert>
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
