import { Link as RouterLink } from 'react-router';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { CardCarousel } from '../../../components/card-carousel';
import { useT } from '../../../lib/i18n/i18n';

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
  const { t, path } = useT();
  return (
    <Container component="section" aria-labelledby="topics-title" sx={{ py: { xs: 5, md: 8 } }}>
      <CardCarousel
        titleId="topics-title"
        title={t('home.topics.title')}
        items={items}
        isError={isError}
        step={TOPICS_SCROLL_PX}
        cardWidth={300}
        scrollLabel={t('home.topics.scroll')}
        listLabel={t('home.topics.list')}
        actions={
          <Link component={RouterLink} to={path('/experiences')} sx={{ mr: 1 }}>
            {t('home.topics.viewAll')}
          </Link>
        }
      />
    </Container>
  );
}
