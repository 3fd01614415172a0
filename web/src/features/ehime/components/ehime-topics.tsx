import { useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { ExperienceCard } from '../../../components/experience-card';

/** Guest spec §9: the landing page's topic list scrolls in steps of 424 px (one card and its gap). */
export const EHIME_SCROLL_PX = 424;
export const EHIME_TOPICS_LIMIT = 6;

/** Guest spec §2 and §7: up to six Ehime experiences, oldest first. */
export function oldestFirst(items: ExperienceCardData[], limit = EHIME_TOPICS_LIMIT): ExperienceCardData[] {
  return [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, limit);
}

export function EhimeTopics({
  items,
  isError,
}: {
  items: ExperienceCardData[] | undefined;
  isError: boolean;
}) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (d: 1 | -1) => track.current?.scrollBy({ left: d * EHIME_SCROLL_PX, behavior: 'smooth' });
  return (
    <Box component="section" aria-labelledby="ehime-topics-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography
          id="ehime-topics-title"
          variant="h2"
          component="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}
        >
          Experiences in Ehime
        </Typography>
        <Stack direction="row" spacing={1}>
          <IconButton
            aria-label="Scroll experiences left"
            onClick={() => scroll(-1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Scroll experiences right"
            onClick={() => scroll(1)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      {isError && <Typography color="error">Error loading experiences</Typography>}
      {items && (
        <Box
          component="ul"
          ref={track}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: 3,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            '& > li': { flex: '0 0 auto', width: { xs: '85%', sm: 400 }, scrollSnapAlign: 'start' },
          }}
        >
          {oldestFirst(items).map((item) => (
            <li key={item.id}>
              <ExperienceCard experience={item} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
