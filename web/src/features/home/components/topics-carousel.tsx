import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { ExperienceCard } from '../../../components/experience-card';

/** Guest spec §9: arrows scroll by 300 px. */
export const TOPICS_SCROLL_PX = 300;
export const TOPICS_ERROR = 'Error loading experiences';

/**
 * Guest spec §2: the 5 newest experiences, scrolled by arrow buttons (300 px, smooth, snap). Nothing while
 * loading; 'Error loading experiences' on failure.
 */
export function TopicsCarousel({
  items,
  isError,
}: {
  items: ExperienceCardData[] | undefined;
  isError: boolean;
}) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * TOPICS_SCROLL_PX, behavior: 'smooth' });
  return (
    <Container component="section" aria-labelledby="topics-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography
          id="topics-title"
          variant="h2"
          component="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}
        >
          Topics
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to="/experiences" sx={{ mr: 1 }}>
            view all
          </Link>
          <IconButton
            aria-label="Scroll topics left"
            onClick={() => scroll(-1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Scroll topics right"
            onClick={() => scroll(1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      {isError && <Typography color="error">{TOPICS_ERROR}</Typography>}
      {items && (
        <Box
          component="ul"
          ref={track}
          aria-label="Newest experiences"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollBehavior: 'smooth',
            '& > li': { flex: '0 0 auto', width: { xs: '80%', sm: 300 }, scrollSnapAlign: 'start' },
          }}
        >
          {items.map((item) => (
            <li key={item.id}>
              <ExperienceCard experience={item} />
            </li>
          ))}
        </Box>
      )}
    </Container>
  );
}
