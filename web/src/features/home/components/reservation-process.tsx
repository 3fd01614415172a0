import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

const FLOWS = [
  {
    title: 'Ask the concierge',
    steps: [
      {
        name: 'Consultation',
        text: 'Tell our concierge by Messenger or the contact form what you would like to do; we reply within 1 working day.',
      },
      {
        name: 'Online booking',
        text: 'We suggest experiences and send you a link to book the one you choose.',
      },
      {
        name: 'Finalize Your Booking',
        text: 'Request the date and pay by card; the host confirms within 48 hours and you receive a confirmation e-mail.',
      },
    ],
  },
  {
    title: 'Search and find your preferred experience',
    steps: [
      {
        name: 'Find preferred tour',
        text: 'Browse by region and category, or search for what interests you.',
      },
      {
        name: 'Online booking',
        text: 'Pick a date, time and group size and send your request with your card details.',
      },
      {
        name: 'Finalize Your Booking',
        text: 'Your card is only authorised; it is charged when the host confirms, within 48 hours.',
      },
    ],
  },
] as const;

/** Guest spec §2: two 3-step flows. */
export function ReservationProcess() {
  return (
    <Container component="section" aria-labelledby="process-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography
        id="process-title"
        variant="h2"
        component="h2"
        sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 3 }}
      >
        Reservation Process
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {FLOWS.map((flow) => (
          <Paper key={flow.title} variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h3" gutterBottom>
              {flow.title}
            </Typography>
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {flow.steps.map((step, i) => (
                <Box component="li" key={step.name} sx={{ display: 'flex', gap: 2 }}>
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
                        Step {i + 1}:{' '}
                      </Box>
                      {step.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {step.text}
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
