import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '../../../app/config-context';
import { useHealth } from '../api/get-health';

/**
 * The home page's frame: the hero and a line proving the back end answers. The carousel, category grid, producers
 * and reservation-process sections (guest spec §2, Home) come with the catalogue feature.
 */
export function HomePage() {
  const { siteName } = useAppConfig();
  const health = useHealth();
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          minHeight: { xs: '70vh', md: '80vh' },
          display: 'grid',
          placeItems: 'center',
          color: '#ffffff',
          textAlign: 'center',
          px: 2,
          pt: 8,
          background: 'linear-gradient(160deg, #0d3b50 0%, #14506a 45%, #2b83c6 75%, #f7a11a 130%)',
        }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ letterSpacing: 4, opacity: 0.9 }}>
            {siteName}
          </Typography>
          <Typography
            id="hero-title"
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '2.25rem', md: '3.5rem' } }}
          >
            Dive Into Japanese Traditions
          </Typography>
          <Typography sx={{ mt: 2, mb: 4, maxWidth: 640, mx: 'auto', opacity: 0.95 }}>
            Private tours and hands-on experiences in Ehime and across Japan, hosted by the people who live
            there.
          </Typography>
          <Button component={RouterLink} to="/experiences" variant="contained" color="secondary" size="large">
            See All Experiences
          </Button>
        </Box>
      </Box>
      <Container sx={{ py: 4, textAlign: 'center' }}>
        {health.isSuccess && (
          <Chip
            color="success"
            variant="outlined"
            label={`Service status: ${health.data.status}`}
            data-testid="health-status"
          />
        )}
        {health.isError && (
          <Chip
            color="warning"
            variant="outlined"
            label="Service status: unavailable"
            data-testid="health-status"
          />
        )}
      </Container>
    </>
  );
}
