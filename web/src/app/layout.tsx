import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, ScrollRestoration, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { useAppConfig } from './config-context';
import { externalLinks, footerLinks, headerLinks } from './links';

/** Guest spec §2: the entries collapse into a menu under 768 px. */
const MOBILE_QUERY = '(max-width:767.95px)';

function Header() {
  const { siteName } = useAppConfig();
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  // Transparent over the home page's hero; solid elsewhere and whenever the mobile menu is open.
  const overHero = location.pathname === '/';
  const solid = !overHero || menuOpen;

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const entries = (
    <>
      {headerLinks.map((link) => (
        <Button key={link.to} component={RouterLink} to={link.to} color="inherit">
          {link.label}
        </Button>
      ))}
      <Button color="inherit" href={externalLinks.contactForm} target="_blank" rel="noopener noreferrer">
        Contact us
      </Button>
    </>
  );

  return (
    <AppBar
      position="fixed"
      elevation={solid && !menuOpen ? 2 : 0}
      sx={{
        bgcolor: menuOpen ? '#000000' : solid ? 'primary.main' : 'rgba(0, 0, 0, 0.25)',
        transition: 'background-color 200ms ease',
      }}
    >
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: 'auto',
          }}
        >
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {siteName}
          </Typography>
        </Box>
        {isMobile ? (
          <IconButton
            color="inherit"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        ) : (
          entries
        )}
      </Toolbar>
      {isMobile && menuOpen && (
        <Stack id="mobile-menu" sx={{ px: 2, pb: 2, alignItems: 'flex-start' }}>
          {entries}
        </Stack>
      )}
    </AppBar>
  );
}

function Footer() {
  const { siteName } = useAppConfig();
  return (
    <Box component="footer" sx={{ bgcolor: '#10242d', color: '#e5eef2', mt: 'auto', py: 5 }}>
      <Container>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ flexWrap: 'wrap' }}>
          {footerLinks.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} color="inherit" underline="hover">
              {link.label}
            </Link>
          ))}
          <Link
            href={externalLinks.companySite}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="hover"
          >
            Company
          </Link>
          <Link
            href={externalLinks.instagram}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="hover"
          >
            Instagram
          </Link>
          <Link
            href={externalLinks.facebook}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="hover"
          >
            Facebook
          </Link>
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, opacity: 0.8 }}>
          © 2025 {siteName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}

export function PageLoader() {
  return (
    <Box role="status" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress />
    </Box>
  );
}

export function AppLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Header />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
