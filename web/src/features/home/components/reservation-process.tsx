import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n/i18n';

/** Two flows of three steps; their texts are `home.process.{flow}.{step}.name` / `.text` in the catalogues. */
const FLOWS = ['concierge', 'search'] as const;
const STEPS = [1, 2, 3] as const;

/** Guest spec §2: two 3-step flows. */
export function ReservationProcess() {
  const { t } = useT();
  return (
    <Container component="section" aria-labelledby="process-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography
        id="process-title"
        variant="h2"
        component="h2"
        sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 3 }}
      >
        {t('home.process.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {FLOWS.map((flow) => (
          <Paper key={flow} variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h3" gutterBottom>
              {t(`home.process.${flow}.title`)}
            </Typography>
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {STEPS.map((step, i) => (
                <Box component="li" key={step} sx={{ display: 'flex', gap: 2 }}>
                  <Box
                    aria-hidden
                    sx={{
                      flex: '0 0 36px',
                      height: 36,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: '#fff',
                      display: 'grid',
                      placeItems: 'center',
                      fontWeight: 700,
                    }}
                  >
                    {i + 1}
                  </Box>
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>
                      <Box
                        component="span"
                        sx={{
                          position: 'absolute',
                          width: '1px',
                          height: '1px',
                          whiteSpace: 'nowrap',
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        {t('home.process.step', { step: i + 1 })}{' '}
                      </Box>
                      {t(`home.process.${flow}.${step}.name`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`home.process.${flow}.${step}.text`)}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    </Container>
  );
}
