/**
 * The back-office shell shared by the host and admin areas: a sidebar of the area's entries with sign-out
 * (back-office spec §2), permanent from 900 px and a drawer behind a menu button below, and the page beside it.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { PageLoader } from '../../components/page-loader';
import { BACK_OFFICE_RETRY_MESSAGE, RetryNotice } from '../../components/retry-notice';
import { useAppConfig } from '../config-context';

const DRAWER_WIDTH = 248;
const DESKTOP_QUERY = '(min-width:900px)';

export interface SidebarEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Further path prefixes under which this entry is the current one (the edit screens of a list). */
  also?: string[];
  /** A short note after the label (the inbox's overdue count), part of the link's name. */
  badge?: ReactNode;
}

const isCurrent = (entry: SidebarEntry, pathname: string) =>
  pathname === entry.to ||
  pathname.startsWith(`${entry.to}/`) ||
  (entry.also ?? []).some((prefix) => pathname.startsWith(prefix));

export interface BackOfficeLayoutProps {
  /** The area's name under the site name, e.g. ホスト管理. */
  areaName: string;
  entries: SidebarEntry[];
  /** Who is signed in (shown above sign-out). */
  userLabel: string | null;
  onSignOut: () => void;
  /** The sign-out entry's words (the host area's ログアウト unless the area says otherwise). */
  signOutLabel?: string;
}

function Sidebar({ areaName, entries, userLabel, onSignOut, signOutLabel }: BackOfficeLayoutProps) {
  const { siteName } = useAppConfig();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, py: 2, display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Box>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{siteName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {areaName}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List component="nav" aria-label="メインメニュー" sx={{ px: 1, py: 1.5 }}>
        {entries.map((entry) => {
          const current = isCurrent(entry, pathname);
          return (
            <ListItemButton
              key={entry.to}
              component={RouterLink}
              to={entry.to}
              aria-current={current ? 'page' : undefined}
              sx={{
                borderRadius: 1.5,
                mb: 0.5,
                ...(current && {
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  '&:hover': { bgcolor: 'primary.dark' },
                  '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
                }),
              }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} />
              {entry.badge}
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ mt: 'auto' }}>
        <Divider />
        {userLabel && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2.5, pt: 1.5, wordBreak: 'break-all' }}
            data-testid="signed-in-user"
          >
            {userLabel}
          </Typography>
        )}
        <List sx={{ px: 1, pb: 1.5 }}>
          <ListItemButton onClick={onSignOut} sx={{ borderRadius: 1.5 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={signOutLabel ?? 'ログアウト'} />
          </ListItemButton>
        </List>
      </Box>
    </Box>
  );
}

export function BackOfficeLayout(props: BackOfficeLayoutProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { siteName } = useAppConfig();
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{
            displayPrint: 'none',
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Sidebar {...props} />
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" elevation={1} sx={{ displayPrint: 'none' }}>
            <Toolbar sx={{ gap: 1 }}>
              <IconButton
                color="inherit"
                edge="start"
                aria-label="メニューを開く"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              <Typography component="span" sx={{ fontWeight: 700 }} noWrap>
                {siteName} {props.areaName}
              </Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: false }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            <Sidebar {...props} />
          </Drawer>
        </>
      )}
      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          pt: desktop ? 4 : 10,
          pb: 6,
          px: { xs: 2, sm: 3, md: 4 },
          // Printed (the day's manifest), the page alone fills the paper.
          '@media print': { p: 0 },
        }}
      >
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Suspense fallback={<PageLoader label="読み込み中" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <RetryNotice message={BACK_OFFICE_RETRY_MESSAGE} />
    </Box>
  );
}
