import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlightIcon from '@mui/icons-material/Flight';
import { useAppConfig } from '../../../app/config-context';
import { renderedOnServer } from '../../../app/hydration';
import { PageLoader } from '../../../components/page-loader';
import { VideoEmbed, videoId } from '../../../components/video-embed';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useMinDurationLoader } from '../../../lib/use-min-duration-loader';
import { useRotatingIndex } from '../../../lib/use-rotating-index';
import { EhimeTopics } from '../components/ehime-topics';
import { useLocalePath, useT } from '../../../lib/i18n/i18n';
import { EnglishOnlyNote } from '../../../components/english-only-note';
import { ehimeContent } from '../content';
import type { EhimeContent } from '../content/types';

const HERO_IMAGES = ['/media/ehime/ehime-1.svg', '/media/ehime/ehime-2.svg', '/media/ehime/ehime-3.svg'];
const HERO_INTERVAL_MS = 5000;

function RotatingHero({ content }: { content: EhimeContent }) {
  const index = useRotatingIndex(HERO_IMAGES.length, HERO_INTERVAL_MS);
  return (
    <Box
      component="section"
      aria-labelledby="ehime-title"
      sx={{
        position: 'relative',
        minHeight: '80svh',
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        overflow: 'hidden',
        px: 2,
      }}
    >
      <Box aria-hidden sx={{ position: 'absolute', inset: 0 }}>
        {HERO_IMAGES.map((src, i) => (
          <Box
            key={src}
            component="img"
            src={src}
            alt=""
            width={1920}
            height={1080}
            loading={i === 0 ? 'eager' : 'lazy'}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              opacity: i === index ? 1 : 0,
              transition: 'opacity 1s ease',
            }}
          />
        ))}
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(rgba(0,0,0,0.3), rgba(0,0,0,0.55))',
          }}
        />
      </Box>
      <Box sx={{ position: 'relative', textAlign: 'center', pt: 8 }}>
        <Typography
          id="ehime-title"
          variant="h1"
          component="h1"
          sx={{ fontSize: { xs: '2.25rem', md: '3.5rem' } }}
        >
          {content.title}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: { md: '1.2rem' } }}>{content.subtitle}</Typography>
      </Box>
    </Box>
  );
}

/** Guest spec §2: the regional landing page `/ehime`. */
export function EhimePage() {
  const { content, lang } = ehimeContent.useContent();
  const path = useLocalePath();
  usePageMeta({ title: content.title, description: content.description, image: '/og-image.png' });
  // Guest spec §7: experiences whose prefecture is Ehime, oldest first, six at most (the API sorts newest first
  // or by price, so the page asks for Ehime's list and orders it itself).
  const topics = useExperienceCards({ prefecture: 'Ehime' });
  const { ehimeVideoUrl } = useAppConfig();
  // A page that came as server HTML (and its server render) shows its text at once: the loader only keeps a page
  // built in the browser from flashing.
  const loading = useMinDurationLoader(!topics.isPending, 'ehime') && !renderedOnServer();
  const { t, locale } = useT();
  if (loading) return <PageLoader label={t('common.loading')} minHeight="100vh" />;
  return (
    // A language without texts of its own shows the English ones, says so and marks them as English.
    <Box lang={lang}>
      <RotatingHero content={content} />
      <Container sx={{ py: { xs: 5, md: 8 } }}>
        {lang !== locale && <EnglishOnlyNote text={t('static.englishOnly')} locale={locale} />}
        <Stack spacing={{ xs: 6, md: 9 }}>
          {videoId(ehimeVideoUrl) && (
            <Box component="section" aria-labelledby="ehime-video-title">
              <Typography
                id="ehime-video-title"
                variant="h2"
                component="h2"
                sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}
              >
                {content.videoTitle}
              </Typography>
              <VideoEmbed link={ehimeVideoUrl} title={content.videoTitle} />
            </Box>
          )}
          <EhimeTopics
            items={topics.data}
            isError={topics.isError}
            title={content.topicsTitle}
            scrollLabel={content.topicsScroll}
          />
          <Box component="section" aria-labelledby="reach-title">
            <Typography
              id="reach-title"
              variant="h2"
              component="h2"
              sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}
            >
              {content.reachTitle}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {content.reachLead}
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              }}
            >
              {content.flights.map((f) => (
                <Paper
                  component="li"
                  key={f.from}
                  variant="outlined"
                  sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}
                >
                  <FlightIcon color="primary" aria-hidden />
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{f.from}</Typography>
                    <Typography color="text.secondary">{f.time}</Typography>
                  </Box>
                </Paper>
              ))}
            </Box>
          </Box>
          {[
            { id: 'reasons', title: content.reasonsTitle, items: content.reasons },
            { id: 'history', title: content.historyTitle, items: content.history },
          ].map((block) => (
            <Box component="section" aria-labelledby={`${block.id}-title`} key={block.id}>
              <Typography
                id={`${block.id}-title`}
                variant="h2"
                component="h2"
                sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}
              >
                {block.title}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', md: `repeat(${block.items.length}, 1fr)` },
                }}
              >
                {block.items.map((item) => (
                  <Paper key={item.title} variant="outlined" sx={{ p: 2.5 }}>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {item.title}
                    </Typography>
                    <Typography color="text.secondary">{item.text}</Typography>
                  </Paper>
                ))}
              </Box>
            </Box>
          ))}
          <Paper
            component="section"
            aria-labelledby="ehime-cta-title"
            sx={{ p: { xs: 3, md: 5 }, bgcolor: 'primary.main', color: '#fff', textAlign: 'center' }}
          >
            <Typography
              id="ehime-cta-title"
              variant="h2"
              component="h2"
              sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: 2 }}
            >
              {content.ctaTitle}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button
                component={RouterLink}
                to={path('/experiences?prefecture=Ehime')}
                variant="contained"
                color="secondary"
              >
                {content.ctaExperiences}
              </Button>
              <Button component={RouterLink} to={path('/contact')} variant="outlined" color="inherit">
                {content.ctaConcierge}
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

export const contentLoader = ehimeContent.loader;
