import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QuickSearch } from '../../../components/quick-search';
import { externalLinkProps, useExternalLinks } from '../../../lib/external-link';
import { useRotatingIndex } from '../../../lib/use-rotating-index';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: four hero images (TOP_1…TOP_4) drawn locally; the first two load eagerly. */
export const HERO_IMAGES = [
  '/media/hero/top-1.svg',
  '/media/hero/top-2.svg',
  '/media/hero/top-3.svg',
  '/media/hero/top-4.svg',
];
/** Guest spec §9: the hero advances every 5 s and loops. */
export const HERO_INTERVAL_MS = 5000;

export function Hero() {
  const index = useRotatingIndex(HERO_IMAGES.length, HERO_INTERVAL_MS);
  const links = useExternalLinks();
  const { t, path } = useT();

  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        minHeight: '100svh',
        overflow: 'hidden',
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        px: 2,
      }}
    >
      {/* Decorative: the slides are background imagery, so they carry empty alt text. */}
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
        {HERO_IMAGES.map((src, i) => {
          // Slide transition: the current image sits at 0, the others wait off to the right or have left to the left.
          const offset = (i - index + HERO_IMAGES.length) % HERO_IMAGES.length;
          const x = offset === 0 ? '0%' : offset === HERO_IMAGES.length - 1 ? '-100%' : '100%';
          return (
            <Box
              key={src}
              component="img"
              src={src}
              alt=""
              width={1920}
              height={1080}
              loading={i < 2 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                transform: `translateX(${x})`,
                // Only the two images entering and leaving animate; the rest jump while off screen.
                transition:
                  offset === 0 || offset === HERO_IMAGES.length - 1 ? 'transform 900ms ease-in-out' : 'none',
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              }}
            />
          );
        })}
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(rgba(0,0,0,0.35), rgba(0,0,0,0.55))',
          }}
        />
      </Box>
      <Box sx={{ position: 'relative', textAlign: 'center', maxWidth: 760, pt: 8 }}>
        <Typography
          id="hero-title"
          variant="h1"
          component="h1"
          sx={{ fontSize: { xs: '2.25rem', md: '3.75rem' }, textShadow: '0 2px 12px rgba(0,0,0,0.4)' }}
        >
          {t('home.hero.title')}
        </Typography>
        <Typography sx={{ mt: 2, mb: 4, fontSize: { xs: '1rem', md: '1.2rem' } }}>
          {t('home.hero.text')}
        </Typography>
        <Box sx={{ maxWidth: 460, mx: 'auto', mb: 3 }}>
          <QuickSearch fullWidth />
        </Box>
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Button
            component={RouterLink}
            to={path('/experiences')}
            variant="contained"
            color="secondary"
            size="large"
          >
            {t('home.seeAll')}
          </Button>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {links.messenger && (
              <Button {...externalLinkProps(links.messenger)} variant="outlined" color="inherit">
                {t('home.hero.messenger')}
              </Button>
            )}
            {/* The site's own concierge desk (DESIGN §4h). */}
            <Button component={RouterLink} to={path('/contact')} variant="outlined" color="inherit">
              {t('home.hero.contactForm')}
            </Button>
          </Stack>
          <Button
            component={RouterLink}
            to={path('/about')}
            color="inherit"
            sx={{ textDecoration: 'underline' }}
          >
            {t('home.hero.learnMore')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
