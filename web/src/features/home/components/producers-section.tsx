import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { cutDescription, PRODUCERS, type Producer } from '../content/producers';

/** Guest spec §2: 6 producer cards; 'Read more' opens the full text, closed by the backdrop or ×. */
export function ProducersSection() {
  const [open, setOpen] = useState<Producer | null>(null);
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
          Our Producers
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
          The craftspeople, farmers and brewers who open their workshops to you.
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
            <li key={producer.name}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <Box
                  component="img"
                  src={producer.image}
                  alt={`Portrait of ${producer.name.split(' — ')[0]}`}
                  width={400}
                  height={400}
                  loading="lazy"
                  sx={{ width: '100%', height: 220, objectFit: 'cover' }}
                />
                <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
                  <Typography variant="h6" component="h3" gutterBottom sx={{ fontSize: '1.05rem' }}>
                    {producer.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                    {cutDescription(producer.description)}
                  </Typography>
                  <Button
                    onClick={() => setOpen(producer)}
                    sx={{ alignSelf: 'flex-start', mt: 1, px: 0 }}
                    aria-label={`Read more about ${producer.name}`}
                  >
                    Read more
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </Box>
      </Container>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="producer-dialog-title"
      >
        {open && (
          <>
            <DialogTitle id="producer-dialog-title" sx={{ pr: 6 }}>
              {open.name}
              <IconButton
                aria-label="Close"
                onClick={() => setOpen(null)}
                sx={{ position: 'absolute', right: 8, top: 8 }}
              >
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent>
              <Box
                component="img"
                src={open.image}
                alt=""
                width={400}
                height={400}
                sx={{ width: 160, height: 160, borderRadius: '50%', float: 'right', ml: 2, mb: 1 }}
              />
              <Typography>{open.description}</Typography>
            </DialogContent>
          </>
        )}
      </Dialog>
    </Box>
  );
}
