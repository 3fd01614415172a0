import Box from '@mui/material/Box';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { CardCarousel } from '../../../components/card-carousel';

/** Guest spec §9: the landing page's topic list scrolls in steps of 424 px (one 400 px card and its 24 px gap). */
export const EHIME_SCROLL_PX = 424;
export const EHIME_TOPICS_LIMIT = 6;

/** Guest spec §2 and §7: up to six Ehime experiences, oldest first. */
export function oldestFirst(items: ExperienceCardData[], limit = EHIME_TOPICS_LIMIT): ExperienceCardData[] {
  return [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, limit);
}

export function EhimeTopics({
  items,
  isError,
  title,
  scrollLabel,
}: {
  items: ExperienceCardData[] | undefined;
  isError: boolean;
  title: string;
  scrollLabel: string;
}) {
  return (
    <Box component="section" aria-labelledby="ehime-topics-title">
      <CardCarousel
        titleId="ehime-topics-title"
        title={title}
        items={items && oldestFirst(items)}
        isError={isError}
        step={EHIME_SCROLL_PX}
        cardWidth={400}
        gap={3}
        scrollLabel={scrollLabel}
      />
    </Box>
  );
}
