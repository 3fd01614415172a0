import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: the banner linking to `/ehime`. */
export function DiscoverEhimeBanner() {
  const { t, path } = useT();
  return (
    <Container sx={{ pt: { xs: 5, md: 8 } }}>
      <Box
        component={RouterLink}
        to={path('/ehime')}
        sx={{
          position: 'relative',
          display: 'block',
          borderRadius: 3,
          overflow: 'hidden',
          color: '#fff',
          textDecoration: 'none',
          minHeight: { xs: 160, md: 220 },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 3 },
        }}
      >
        <Box
          component="img"
          src="/media/ehime/discover-ehime.svg"
          alt=""
          width={1200}
          height={500}
          loading="lazy"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
        <Box
          sx={{
            position: 'relative',
            p: { xs: 3, md: 5 },
            background: 'linear-gradient(90deg, rgba(13,59,80,0.85), rgba(13,59,80,0.2))',
            minHeight: 'inherit',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
          }}
        >
          <Typography component="span" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, fontWeight: 700 }}>
            {t('home.ehime.title')}
          </Typography>
          <Typography component="span">{t('home.ehime.text')}</Typography>
        </Box>
      </Box>
    </Container>
  );
}
