import { useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { earlyTap, useEarlyTap } from '../lib/early-taps';
import { carouselCardSizes } from '../lib/image-sizes';
import { ExperienceCard } from './experience-card';
import { useT } from '../lib/i18n/i18n';

export interface CardCarouselProps {
  /** Id of the heading, which labels the section. */
  titleId: string;
  title: string;
  /** Undefined while loading: nothing is shown. */
  items: ExperienceCardData[] | undefined;
  isError: boolean;
  /** How far one arrow press scrolls, in pixels. */
  step: number;
  /** Card width from `sm` up; phones show most of one card. */
  cardWidth: number;
  /** Space between cards, in theme spacing units (8 px each). */
  gap?: number;
  /** What the arrows scroll, for their accessible names ("Scroll topics left"). */
  scrollLabel: string;
  listLabel?: string;
  /** Shown before the arrows (e.g. a 'view all' link). */
  actions?: ReactNode;
}

/**
 * A row of experience cards scrolled by two arrow buttons (smooth, with snap points), used by the home page's
 * Topics and the Ehime landing page's topic list, which differ only in their step and card width (guest spec §9).
 */
export function CardCarousel(props: CardCarouselProps) {
  const { t } = useT();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * props.step, behavior: 'smooth' });
  // An arrow tapped on the server's page, before this code has loaded (the home's Topics load at the guest's first
  // move, and that tap is one), scrolls once it has (issue 34).
  const leftTap = `${props.titleId}:left`;
  const rightTap = `${props.titleId}:right`;
  useEarlyTap(leftTap, () => scroll(-1));
  useEarlyTap(rightTap, () => scroll(1));
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography
          id={props.titleId}
          variant="h2"
          component="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}
        >
          {props.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {props.actions}
          <IconButton
            aria-label={t('carousel.left', { what: props.scrollLabel })}
            onClick={() => scroll(-1)}
            {...earlyTap(leftTap)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={t('carousel.right', { what: props.scrollLabel })}
            onClick={() => scroll(1)}
            {...earlyTap(rightTap)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      {props.isError && <Typography color="error">{t('carousel.error')}</Typography>}
      {props.items && (
        <Box
          component="ul"
          ref={track}
          aria-label={props.listLabel}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: props.gap ?? 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollBehavior: 'smooth',
            '& > li': {
              flex: '0 0 auto',
              width: { xs: '80%', sm: props.cardWidth },
              scrollSnapAlign: 'start',
            },
          }}
        >
          {props.items.map((item) => (
            <li key={item.id}>
              <ExperienceCard experience={item} imageSizes={carouselCardSizes(props.cardWidth)} />
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
