import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { CATEGORY_TILES } from '../content/categories';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: 9 tiles, each linking to `/experiences?categories={id}`. */
export function CategoryGrid() {
  const { t, path } = useT();
  return (
    <Container component="section" aria-labelledby="categories-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography
        id="categories-title"
        variant="h2"
        component="h2"
        sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 3 }}
      >
        {t('home.categories.title')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          gridAutoRows: { xs: 140, md: 180 },
          gridAutoFlow: 'dense',
        }}
      >
        {CATEGORY_TILES.map((tile) => (
          <Box
            component="li"
            key={tile.id}
            sx={{
              gridColumn: { md: `span ${tile.span.columns}` },
              gridRow: { md: `span ${tile.span.rows}` },
            }}
          >
            <Box
              component={RouterLink}
              to={path(`/experiences?categories=${tile.id}`)}
              sx={{
                position: 'relative',
                display: 'block',
                height: '100%',
                borderRadius: 2,
                overflow: 'hidden',
                color: '#fff',
                textDecoration: 'none',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
                '&:hover img': { transform: 'scale(1.05)' },
              }}
            >
              <Box
                component="img"
                src={tile.image}
                alt=""
                width={600}
                height={400}
                loading="lazy"
                sx={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  transition: 'transform 400ms',
                }}
              />
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  background: 'linear-gradient(transparent 40%, rgba(0,0,0,0.65))',
                }}
              />
              <Typography
                component="span"
                sx={{
                  position: 'absolute',
                  left: 16,
                  bottom: 12,
                  right: 16,
                  fontWeight: 700,
                  fontSize: { xs: '0.95rem', md: '1.15rem' },
                }}
              >
                {t(`category.${tile.key}`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
