import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlightIcon from '@mui/icons-material/Flight';
import { useAppConfig } from '../../../app/config-context';
import { PageLoader } from '../../../components/page-loader';
import { VideoEmbed, videoId } from '../../../components/video-embed';
import { externalLinkProps } from '../../../lib/external-link';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useMinDurationLoader } from '../../../lib/use-min-duration-loader';
import { useRotatingIndex } from '../../../lib/use-rotating-index';
import { EhimeTopics } from '../components/ehime-topics';
import { useT } from '../../../lib/i18n/i18n';
import { EnglishOnlyNote } from '../../../components/english-only-note';

const HERO_IMAGES = ['/media/ehime/ehime-1.svg', '/media/ehime/ehime-2.svg', '/media/ehime/ehime-3.svg'];
const HERO_INTERVAL_MS = 5000;
const VIDEO_TITLE = 'Ehime in motion';

/** Guest spec §2: flight times to Matsuyama. */
export const FLIGHTS = [
  { from: 'Tokyo (Haneda)', time: '1h 35m' },
  { from: 'Osaka (Itami)', time: '50m' },
  { from: 'Fukuoka', time: '50m' },
] as const;

const REASONS = [
  {
    title: 'Dogo Onsen',
    text: 'One of Japan’s oldest hot springs, in the heart of Matsuyama, with a bathhouse that has welcomed guests since 1894.',
  },
  {
    title: 'The Shimanami Kaido',
    text: 'A 70 km cycling road over six islands and seven bridges, linking Imabari with Onomichi across the Seto Inland Sea.',
  },
  {
    title: 'Citrus country',
    text: 'More than 40 varieties of citrus grow on Ehime’s terraced slopes; in season, even the taps at the airport pour mikan juice.',
  },
  {
    title: 'Makers and crafts',
    text: 'Imabari towels, Tobe porcelain, Uchiko washi, Uwajima pearls: workshops open their doors to small groups.',
  },
];

const HISTORY = [
  {
    title: 'Castle towns',
    text: 'Matsuyama Castle is one of only twelve castles in Japan whose keep survives from the feudal era; Ozu and Uwajima have castles of their own.',
  },
  {
    title: 'Pilgrimage',
    text: 'Twenty-six of the 88 temples of the Shikoku pilgrimage stand in Ehime, and pilgrims in white are still a familiar sight on its roads.',
  },
  {
    title: 'Literature and theatre',
    text: 'Natsume Soseki’s novel Botchan is set in Matsuyama, the home town of the haiku poet Masaoka Shiki; Uchiko’s Kabuki theatre from 1916 still hosts performances.',
  },
];

function RotatingHero() {
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
          Discover Ehime
        </Typography>
        <Typography sx={{ mt: 2, fontSize: { md: '1.2rem' } }}>
          Hot springs, castles and citrus terraces on the Seto Inland Sea
        </Typography>
      </Box>
    </Box>
  );
}

/** Guest spec §2: the regional landing page `/ehime`. */
export function EhimePage() {
  usePageMeta({
    title: 'Discover Ehime',
    description:
      'Hot springs, castles, citrus terraces and island-hopping on the Seto Inland Sea: private experiences in Ehime, Shikoku.',
    image: '/og-image.png',
  });
  // Guest spec §7: experiences whose prefecture is Ehime, oldest first, six at most (the API sorts newest first
  // or by price, so the page asks for Ehime's list and orders it itself).
  const topics = useExperienceCards({ prefecture: 'Ehime' });
  const { ehimeVideoUrl, links } = useAppConfig();
  const loading = useMinDurationLoader(!topics.isPending, 'ehime');
  const { t, locale } = useT();
  if (loading) return <PageLoader label={t('common.loading')} minHeight="100vh" />;
  return (
    // Written in English only so far: on another language's site it says so and is marked as English.
    <Box lang="en">
      <RotatingHero />
      <Container sx={{ py: { xs: 5, md: 8 } }}>
        {locale !== 'en' && <EnglishOnlyNote text={t('static.englishOnly')} locale={locale} />}
        <Stack spacing={{ xs: 6, md: 9 }}>
          {videoId(ehimeVideoUrl) && (
            <Box component="section" aria-labelledby="ehime-video-title">
              <Typography
                id="ehime-video-title"
                variant="h2"
                component="h2"
                sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}
              >
                {VIDEO_TITLE}
              </Typography>
              <VideoEmbed link={ehimeVideoUrl} title={VIDEO_TITLE} />
            </Box>
          )}
          <EhimeTopics items={topics.data} isError={topics.isError} />
          <Box component="section" aria-labelledby="reach-title">
            <Typography
              id="reach-title"
              variant="h2"
              component="h2"
              sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}
            >
              How to reach Ehime
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Fly to Matsuyama Airport, 15 minutes by bus from the city centre.
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
              {FLIGHTS.map((f) => (
                <Paper
                  component="li"
                  key={f.from}
                  variant="outlined"
                  sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}
                >
                  <FlightIcon color="primary" aria-hidden />
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>From {f.from}</Typography>
                    <Typography color="text.secondary">{f.time} to Matsuyama</Typography>
                  </Box>
                </Paper>
              ))}
            </Box>
          </Box>
          {[
            { id: 'reasons', title: 'Reasons to visit', items: REASONS },
            { id: 'history', title: 'History and culture', items: HISTORY },
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
              Plan your days in Ehime
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button
                component={RouterLink}
                to="/experiences?prefecture=Ehime"
                variant="contained"
                color="secondary"
              >
                See experiences in Ehime
              </Button>
              {links.contactForm && (
                <Button {...externalLinkProps(links.contactForm)} variant="outlined" color="inherit">
                  Ask the concierge
                </Button>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
