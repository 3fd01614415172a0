import Box from '@mui/material/Box';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { ExperienceCard } from '../../../components/experience-card';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: 1 column on phones, 2 small, 3 medium and large, 4 extra-large. */
export function ExperienceGrid({ items }: { items: ExperienceCardData[] }) {
  const { t } = useT();
  return (
    <Box
      component="ul"
      aria-label={t('list.title')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
        // The cards out of view are not laid out or painted until the guest scrolls near them: on a phone 14 of the
        // first 15 are below the fold, and the page's first layout and paint were its longest tasks after the
        // entry's (issue 34). A card keeps its last size once rendered; before, a card's usual height stands in.
        '& > li': { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' },
      }}
    >
      {items.map((item, index) => (
        <li key={item.id}>
          {/* The first card's photo is the page's largest paint: requested at once with high priority (and
              preloaded by the route's loader or the server's head). The others are lazy: those in view still load
              right after layout, but no longer share a phone's bandwidth with the first one (on a phone the first
              card is the only one above the fold). */}
          <ExperienceCard experience={item} priority={index === 0} titleComponent="h2" />
        </li>
      ))}
    </Box>
  );
}
