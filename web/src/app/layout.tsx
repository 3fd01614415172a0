import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Link as RouterLink, Outlet, ScrollRestoration, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { tokyoYear } from '../lib/tokyo-year';
import { earlyTap, useEarlyTap } from '../lib/early-taps';
import { PageLoader } from '../components/page-loader';
import { QuickSearch } from '../components/quick-search';
import { RetryNotice } from '../components/retry-notice';
import { useToastPageScope } from '../lib/toast';
import { useAppConfig } from './config-context';
import { renderedOnServer, scrollBeforeHydration } from './hydration';
import { externalLinkProps } from '../lib/external-link';
import { footerLinks, headerLinks } from './links';
import { useT } from '../lib/i18n/i18n';
import { stripLocale } from '../lib/i18n/locales';
import { LanguageSuggestion, LanguageSwitcher } from './language-switcher';

/** Guest spec §2: the entries collapse into a menu under 768 px. */
const MOBILE_QUERY = '(max-width:767.95px)';
/** The header's entries and language menu: hidden on phones, where the menu holds them. */
const wideOnly = { display: 'contents', [`@media ${MOBILE_QUERY}`]: { display: 'none' } } as const;
/** The menu button and the menu: on phones only (a menu left open while the window widens is hidden too). */
const phoneOnly = { display: 'none', [`@media ${MOBILE_QUERY}`]: { display: 'flex' } } as const;
const MENU_TAP = 'menu';
/** From this width the header's search box fits in the bar beside the entries. */
const WIDE_QUERY = '(min-width:1200px)';
/** Pages that open with a full-screen hero the header floats over. */
const HERO_PATHS = new Set(['/', '/ehime']);
/** Past this scroll offset the header stops being transparent, so its white text stays readable over content. */
const SOLID_AFTER_PX = 48;

function useScrolledPast(offset: number): boolean {
  // Starts unscrolled, as the server rendered it (hydration must match); the effect reads the real offset.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return past;
}

function Header() {
  const { siteName } = useAppConfig();
  const location = useLocation();
  const { t, path } = useT();
  const page = stripLocale(location.pathname);
  // Only the wide bar's search box asks the script for the width: the phone's menu button and the entries are
  // told apart by CSS alone, so a phone's header is the server's and hydrates without a second render (issue 34).
  const isWide = useMediaQuery(WIDE_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  // Transparent over a hero; solid elsewhere, after scrolling, and black whenever the mobile menu is open.
  const overHero = HERO_PATHS.has(page) && !scrolled;

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // A tap on the menu button before the page hydrated opens the menu once it has (issue 34); after the effect above,
  // which closes the menu on every new page, the first included.
  useEarlyTap(MENU_TAP, () => setMenuOpen(true));
  // Escape closes the open menu, as it does for any disclosure.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // On the regional landing page, 'Search experiences' lists that region's experiences (guest spec §2).
  const searchTarget = page === '/ehime' ? '/experiences?prefecture=Ehime' : '/experiences';
  const entries = (
    <>
      {headerLinks.map((link) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={path(link.to === '/experiences' ? searchTarget : link.to)}
          color="inherit"
        >
          {t(link.label)}
        </Button>
      ))}
      <Button component={RouterLink} to={path('/contact')} color="inherit">
        {t('nav.contact')}
      </Button>
    </>
  );

  return (
    <AppBar
      position="fixed"
      elevation={!overHero && !menuOpen ? 2 : 0}
      sx={{
        bgcolor: menuOpen ? '#000000' : overHero ? 'transparent' : 'primary.main',
        backgroundImage: overHero && !menuOpen ? 'linear-gradient(rgba(0,0,0,0.45), rgba(0,0,0,0))' : 'none',
        transition: 'background-color 200ms ease',
      }}
    >
      <Toolbar component="nav" aria-label={t('nav.main')} sx={{ gap: 1 }}>
        <Box
          component={RouterLink}
          to={path('/')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            mr: 'auto',
          }}
        >
          <img src="/logo.png" alt="" width={36} height={36} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {siteName}
          </Typography>
        </Box>
        {/* In the bar where it fits beside the entries; in the menu on phones; the home hero has one for the rest. */}
        {isWide && <QuickSearch />}
        <Box sx={wideOnly}>
          <LanguageSwitcher />
        </Box>
        <IconButton
          color="inherit"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
          {...earlyTap(MENU_TAP)}
          sx={phoneOnly}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
        <Box sx={wideOnly}>{entries}</Box>
      </Toolbar>
      {menuOpen && (
        <Stack id="mobile-menu" sx={{ px: 2, pb: 2, alignItems: 'flex-start', ...phoneOnly }}>
          <Box sx={{ width: '100%', pb: 1 }}>
            <QuickSearch fullWidth />
          </Box>
          {entries}
          <LanguageSwitcher />
        </Stack>
      )}
    </AppBar>
  );
}

const footerLinkSx = {
  color: 'inherit',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': {
    outline: '2px solid',
    outlineColor: 'secondary.main',
    outlineOffset: 2,
    borderRadius: 0.5,
  },
} as const;

/**
 * Tokyo's current year, for the copyright line (issue 32 item 9). A page from the server may have been rendered in
 * an earlier year: it hydrates with the server's text (the line allows that difference) and shows this year next.
 */
function useCopyrightYear(): number | null {
  const [year, setYear] = useState<number | null>(() =>
    typeof document !== 'undefined' && renderedOnServer() ? null : tokyoYear(new Date()),
  );
  useEffect(() => setYear(tokyoYear(new Date())), []);
  return year;
}

function Footer() {
  const { siteName, links } = useAppConfig();
  const { t, path } = useT();
  const year = useCopyrightYear();
  // Only the pages this deployment has: an unconfigured one is left out rather than pointing nowhere.
  const external = [
    { label: t('footer.company'), href: links.companySite },
    { label: 'Instagram', href: links.instagram },
    { label: 'Facebook', href: links.facebook },
  ].filter((link): link is { label: string; href: string } => link.href !== null);
  return (
    <Box component="footer" sx={{ bgcolor: '#10242d', color: '#e5eef2', mt: 'auto', py: 5 }}>
      <Container>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ flexWrap: 'wrap' }}>
          {/* Plain anchors styled here rather than MUI's Link: the footer is on every page's critical path. */}
          {footerLinks.map((link) => (
            <Box key={link.to} component={RouterLink} to={path(link.to)} sx={footerLinkSx}>
              {t(link.label)}
            </Box>
          ))}
          {external.map((link) => (
            <Box key={link.label} component="a" {...externalLinkProps(link.href)} sx={footerLinkSx}>
              {link.label}
            </Box>
          ))}
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, opacity: 0.85 }} suppressHydrationWarning>
          {t('footer.copyright', { siteName, year: year ?? '' })}
        </Typography>
      </Container>
    </Box>
  );
}

export { PageLoader };

export function AppLayout() {
  const { pathname } = useLocation();
  const { t } = useT();
  useToastPageScope(pathname);
  // Pages without a hero start below the fixed header; hero pages run underneath it.
  const underHeader = !HERO_PATHS.has(stripLocale(pathname));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', overflowX: 'clip' }}>
      <Header />
      {/* At least a screen high, so the footer starts below the fold: otherwise it shows under a page's loading
          spinner and jumps down when the content arrives (a layout shift on every data-driven page). */}
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100vh',
          pt: underHeader ? { xs: 7, sm: 8 } : 0,
        }}
      >
        {/* Above the page, in its flow: it never covers the page's controls (issue 32 item 10). */}
        <LanguageSuggestion underHeader={!underHeader} />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <RetryNotice message={t('retry.notice')} />
      <Footer />
      <ScrollRestoration />
      <KeepScrollOfServerPage />
    </Box>
  );
}

/**
 * Puts the guest back where they had scrolled the server's page before it hydrated. After ScrollRestoration in the
 * tree, so its layout effect runs after the one that scrolls a first visit to the top.
 */
function KeepScrollOfServerPage() {
  const [scrolled] = useState(scrollBeforeHydration);
  useLayoutEffect(() => {
    if (scrolled !== null && window.scrollY !== scrolled) window.scrollTo(0, scrolled);
  }, [scrolled]);
  return null;
}
