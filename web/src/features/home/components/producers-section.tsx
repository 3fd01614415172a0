import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { cutDescription, PRODUCERS, type Producer } from '../content/producers';
import { useT } from '../../../lib/i18n/i18n';
import { earlyTap, takeLatestEarlyTap } from '../../../lib/early-taps';

const ProducerDialog = lazy(() => import('./producer-dialog'));

/** The keys under which the keeper of early taps keeps a tap on a producer's 'Read more' (lib/early-taps.ts). */
const READ_MORE_TAP = 'producer-read-more:';
const readMoreTap = (producer: Producer) => `${READ_MORE_TAP}${producer.id}`;

/** Guest spec §2: 6 producer cards; 'Read more' opens the full text, closed by the backdrop or ×. */
export function ProducersSection() {
  const [open, setOpenState] = useState<Producer | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const setOpen = (producer: Producer | null) => {
    if (producer) setEverOpened(true);
    setOpenState(producer);
  };
  const { t } = useT();
  // The section's code loads at the guest's first move, which may be a tap on 'Read more': opened once it is in.
  useEffect(() => {
    const tap = takeLatestEarlyTap(READ_MORE_TAP);
    const tapped = PRODUCERS.find((producer) => tap?.key === readMoreTap(producer));
    if (!tapped) return;
    setEverOpened(true);
    setOpenState(tapped);
  }, []);
  return (
    <Box
      component="section"
      aria-labelledby="producers-title"
      sx={{ bgcolor: '#f1ede4', py: { xs: 5, md: 8 } }}
    >
      <Container>
        <Typography
          id="producers-title"
          variant="h2"
          component="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}
        >
          {t('home.producers.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
          {t('home.producers.text')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {PRODUCERS.map((producer) => (
            <li key={producer.id}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <Box
                  component="img"
                  src={producer.image}
                  alt={t('home.producers.portrait', { name: t(`producer.${producer.id}.person`) })}
                  width={400}
                  height={400}
                  loading="lazy"
                  sx={{ width: '100%', height: 220, objectFit: 'cover' }}
                />
                <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
                  <Typography variant="h6" component="h3" gutterBottom sx={{ fontSize: '1.05rem' }}>
                    {t(`producer.${producer.id}.person`)} — {t(`producer.${producer.id}.role`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                    {cutDescription(t(`producer.${producer.id}.text`))}
                  </Typography>
                  <Button
                    {...earlyTap(readMoreTap(producer))}
                    onClick={() => setOpen(producer)}
                    sx={{ alignSelf: 'flex-start', mt: 1, px: 0 }}
                    aria-label={t('home.producers.readMoreAbout', {
                      name: t(`producer.${producer.id}.person`),
                    })}
                  >
                    {t('home.producers.readMore')}
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </Box>
      </Container>
      {/* Mounted from the first 'Read more' on, so it can animate closed. */}
      {everOpened && (
        <Suspense fallback={null}>
          <ProducerDialog producer={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
