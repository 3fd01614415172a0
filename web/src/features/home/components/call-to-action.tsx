import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n/i18n';

export function CallToAction() {
  const { t, path } = useT();
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ bgcolor: 'primary.main', color: '#fff', py: { xs: 6, md: 9 } }}
    >
      <Container sx={{ textAlign: 'center' }}>
        <Typography
          id="cta-title"
          variant="h2"
          component="h2"
          sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, mb: 2 }}
        >
          {t('home.cta.title')}
        </Typography>
        <Typography sx={{ mb: 4, maxWidth: 640, mx: 'auto', opacity: 0.95 }}>{t('home.cta.text')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button
            component={RouterLink}
            to={path('/experiences')}
            variant="contained"
            color="secondary"
            size="large"
          >
            {t('home.seeAll')}
          </Button>
          <Button
            component={RouterLink}
            to={path('/contact')}
            variant="outlined"
            color="inherit"
            size="large"
          >
            {t('home.cta.contact')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
