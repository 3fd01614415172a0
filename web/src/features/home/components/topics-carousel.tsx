import { Link as RouterLink } from 'react-router';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { CardCarousel } from '../../../components/card-carousel';

/** Guest spec §9: arrows scroll by 300 px. */
export const TOPICS_SCROLL_PX = 300;

/**
 * Guest spec §2: the 5 newest experiences, scrolled by arrow buttons (300 px, smooth, snap), with 'view all'.
 * Nothing while loading; 'Error loading experiences' on failure.
 */
export function TopicsCarousel({
  items,
  isError,
}: {
  items: ExperienceCardData[] | undefined;
  isError: boolean;
}) {
  return (
    <Container component="section" aria-labelledby="topics-title" sx={{ py: { xs: 5, md: 8 } }}>
      <CardCarousel
        titleId="topics-title"
        title="Topics"
        items={items}
        isError={isError}
        step={TOPICS_SCROLL_PX}
        cardWidth={300}
        scrollLabel="topics"
        listLabel="Newest experiences"
        actions={
          <Link component={RouterLink} to="/experiences" sx={{ mr: 1 }}>
            view all
          </Link>
        }
      />
    </Container>
  );
}
