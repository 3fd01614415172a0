/**
 * The admin back office (back-office spec §2, admin routes). The app's router discovers these routes the first time
 * an `/admin` address is visited (`patchRoutesOnNavigation` in router.tsx) and loads this module then: Amplify, the
 * shell and every admin screen live behind it, so guest pages (and the host area) never download them, and the
 * screens load one by one as well.
 *
 * As in the host area, only the react-router features the guest pages already use appear here (route objects,
 * Outlet, hooks): anything more of the router used here would be kept in the guest shell's chunk.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate, type RouteObject } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { PageLoader } from '../../components/page-loader';
import { Redirect } from '../../components/back-office/redirect';
import { ApiError } from '../../lib/api-client';
import { ADMIN_ACCESS_DENIED, ADMIN_SIGN_OUT_FAILED } from '../../lib/back-office-auth/admin-auth-messages';
import { signInUrl, useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { useAuthorizedApi } from '../../lib/back-office-auth/use-authorized-api';
import { adminMeQuery } from '../../lib/back-office/admin-account';
import { useToast } from '../../lib/toast';
import { BackOfficeLayout, type SidebarEntry } from './back-office-layout';
import { BackOfficeRoot, ToSignIn, type MakeAuthClient } from './back-office-root';
import { BackOfficeNotFound } from './back-office-not-found';
import { BackOfficeRouteError } from './back-office-route-error';

export const ADMIN_SIGN_IN_PATH = '/admin/signin';
export const ADMIN_HOME_PATH = '/admin/dashboard';

/** Back-office spec §2: dashboard, booking list, host list, account management (sign-out is the shell's). */
const ADMIN_ENTRIES: SidebarEntry[] = [
  { to: '/admin/dashboard', label: 'ダッシュボード', icon: <DashboardOutlinedIcon /> },
  {
    to: '/admin/bookings',
    label: '予約一覧',
    icon: <EventNoteOutlinedIcon />,
    also: ['/admin/booking/'],
  },
  { to: '/admin/hosts', label: 'ホスト一覧', icon: <StorefrontOutlinedIcon /> },
  // Beyond the spec's list: mails the outbox gave up on (DESIGN §4f).
  { to: '/admin/mails', label: 'メール送信エラー', icon: <EmailOutlinedIcon /> },
  { to: '/admin/reviews', label: '口コミ', icon: <RateReviewOutlinedIcon /> },
  { to: '/admin/account', label: 'アカウント管理', icon: <ManageAccountsOutlinedIcon /> },
];

/**
 * Admin pages behind sign-in: a visitor without a session goes to sign-in (and comes back here afterwards); a
 * session the admin API refuses is signed out with the specification's アクセス拒否 (back-office spec §2, §6, §8).
 */
function AdminShell() {
  const auth = useBackOfficeAuth();
  const api = useAuthorizedApi();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useQuery({ ...adminMeQuery(api), enabled: auth.status === 'signedIn' });
  // A 401 has already sent the admin to sign-in (useAuthorizedApi); a 403 means the API does not take this
  // account as an administrator.
  const refused = me.error instanceof ApiError && me.error.status === 403;

  useEffect(() => {
    if (!refused) return;
    void auth.signOut().finally(() => {
      toast({ severity: 'error', ...ADMIN_ACCESS_DENIED });
      navigate(ADMIN_SIGN_IN_PATH, { replace: true });
    });
  }, [refused, auth, navigate, toast]);

  if (auth.status === 'signedOut') {
    return <Redirect to={signInUrl(ADMIN_SIGN_IN_PATH, `${pathname}${search}`)} />;
  }
  if (auth.status === 'checking' || me.isPending || refused) {
    return <PageLoader label="読み込み中" minHeight="100vh" />;
  }
  if (me.isError) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', py: 12, px: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void me.refetch()}>
              再読み込み
            </Button>
          }
        >
          アカウント情報を取得できませんでした。通信環境をご確認のうえ、再度お試しください。
        </Alert>
      </Box>
    );
  }
  return (
    <BackOfficeLayout
      areaName="管理者画面"
      entries={ADMIN_ENTRIES}
      userLabel={auth.user?.email ?? me.data.email}
      signOutLabel="サインアウト"
      onSignOut={() => {
        void auth
          .signOut()
          .then(() => navigate(ADMIN_SIGN_IN_PATH, { replace: true }))
          .catch(() => toast({ severity: 'error', message: ADMIN_SIGN_OUT_FAILED }));
      }}
    />
  );
}

/** The `/admin` routes. `makeClient` replaces the Amplify client (component tests pass an in-memory pool). */
export function adminRoutes(makeClient?: MakeAuthClient): RouteObject[] {
  return [
    {
      path: 'admin',
      element: (
        <BackOfficeRoot
          pool="admin"
          signInPath={ADMIN_SIGN_IN_PATH}
          homePath={ADMIN_HOME_PATH}
          makeClient={makeClient}
        />
      ),
      errorElement: <BackOfficeRouteError />,
      children: [
        {
          path: 'signin',
          lazy: async () => ({
            Component: (await import('../../features/admin-auth/pages/sign-in-page')).AdminSignInPage,
          }),
        },
        { path: 'auth', element: <ToSignIn signInPath={ADMIN_SIGN_IN_PATH} /> },
        {
          element: <AdminShell />,
          children: [
            { index: true, element: <Redirect to={ADMIN_HOME_PATH} /> },
            {
              path: 'dashboard',
              lazy: async () => ({
                Component: (await import('../../features/admin-dashboard/pages/dashboard-page'))
                  .AdminDashboardPage,
              }),
            },
            {
              path: 'bookings',
              lazy: async () => ({
                Component: (await import('../../features/admin-bookings/pages/bookings-page'))
                  .AdminBookingsPage,
              }),
            },
            {
              path: 'booking/:id',
              lazy: async () => ({
                Component: (await import('../../features/admin-bookings/pages/booking-detail-page'))
                  .AdminBookingDetailPage,
              }),
            },
            {
              path: 'hosts',
              lazy: async () => ({
                Component: (await import('../../features/admin-hosts/pages/hosts-page')).AdminHostsPage,
              }),
            },
            {
              path: 'hosts/create',
              lazy: async () => ({
                Component: (await import('../../features/admin-hosts/pages/host-create-page'))
                  .AdminHostCreatePage,
              }),
            },
            {
              path: 'hosts/:id',
              lazy: async () => ({
                Component: (await import('../../features/admin-hosts/pages/host-detail-page'))
                  .AdminHostDetailPage,
              }),
            },
            {
              path: 'reviews',
              lazy: async () => ({
                Component: (await import('../../features/admin-reviews/pages/reviews-page')).ReviewsPage,
              }),
            },
            {
              path: 'mails',
              lazy: async () => ({
                Component: (await import('../../features/admin-mails/pages/failed-mails-page'))
                  .AdminFailedMailsPage,
              }),
            },
            {
              path: 'account',
              lazy: async () => ({
                Component: (await import('../../features/admin-account/pages/account-page')).AdminAccountPage,
              }),
            },
            { path: '*', element: <BackOfficeNotFound /> },
          ],
        },
      ],
    },
  ];
}
