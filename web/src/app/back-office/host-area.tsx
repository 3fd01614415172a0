/**
 * The host back office (back-office spec §2, host routes). The app's router discovers these routes the first time a
 * `/host` address is visited (`patchRoutesOnNavigation` in router.tsx) and loads this module then: Amplify, the shell
 * and every host screen live behind it, so guest pages never download them, and screens load one by one as well.
 *
 * Only the react-router features the guest pages already use appear here (route objects, Outlet, Link, hooks): the
 * router library sits in the guest shell's chunk, and anything more of it used here (`<Routes>`, `NavLink`,
 * `<Navigate>`) would be kept in that chunk and grow every guest page.
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
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import TourOutlinedIcon from '@mui/icons-material/TourOutlined';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api-client';
import { NOT_A_HOST_MESSAGE } from '../../lib/back-office-auth/auth-messages';
import { signInUrl, useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { useAuthorizedApi } from '../../lib/back-office-auth/use-authorized-api';
import { hostMeQuery } from '../../lib/back-office/host-account';
import { useToast } from '../../lib/toast';
import { Redirect } from '../../components/back-office/redirect';
import { BackOfficeLayout, type SidebarEntry } from './back-office-layout';
import { BackOfficeRoot, ToSignIn, type MakeAuthClient } from './back-office-root';
import { BackOfficeNotFound } from './back-office-not-found';
import { BackOfficeRouteError } from './back-office-route-error';

export const HOST_SIGN_IN_PATH = '/host/signin';
export const HOST_HOME_PATH = '/host/dashboard';

/** Back-office spec §2: dashboard, experience list, booking list, profile settings (sign-out is the shell's). */
const HOST_ENTRIES: SidebarEntry[] = [
  { to: '/host/dashboard', label: 'ダッシュボード', icon: <DashboardOutlinedIcon /> },
  {
    to: '/host/experiences',
    label: '体験一覧',
    icon: <TourOutlinedIcon />,
    also: ['/host/experience/'],
  },
  { to: '/host/bookings', label: '予約一覧', icon: <EventNoteOutlinedIcon /> },
  { to: '/host/reviews', label: '口コミ', icon: <RateReviewOutlinedIcon /> },
  { to: '/host/profile', label: 'プロフィール設定', icon: <PersonOutlinedIcon /> },
];

/**
 * Host pages behind sign-in: a visitor without a session goes to sign-in (and comes back here afterwards); an account
 * without a host profile is signed out with the specification's message (back-office spec §2, §4).
 */
function HostShell() {
  const auth = useBackOfficeAuth();
  const api = useAuthorizedApi();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useQuery({ ...hostMeQuery(api), enabled: auth.status === 'signedIn' });
  const notAHost = me.error instanceof ApiError && me.error.status === 403;

  useEffect(() => {
    if (!notAHost) return;
    void auth.signOut().finally(() => {
      const message =
        me.error instanceof ApiError && me.error.code === 'not_a_host' && me.error.message
          ? me.error.message
          : NOT_A_HOST_MESSAGE;
      toast({ severity: 'error', title: 'エラー', message });
      navigate(HOST_SIGN_IN_PATH, { replace: true });
    });
  }, [notAHost, me.error, auth, navigate, toast]);

  if (auth.status === 'signedOut') {
    return <Redirect to={signInUrl(HOST_SIGN_IN_PATH, `${pathname}${search}`)} />;
  }
  if (auth.status === 'checking' || me.isPending || notAHost) {
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
      areaName="ホスト管理"
      entries={HOST_ENTRIES}
      userLabel={auth.user?.email ?? me.data.email}
      onSignOut={() => {
        void auth
          .signOut()
          .catch(() => toast({ severity: 'error', message: 'サインアウトに失敗しました。' }))
          .finally(() => navigate(HOST_SIGN_IN_PATH, { replace: true }));
      }}
    />
  );
}

/**
 * The `/host` routes. `makeClient` replaces the Amplify client (component tests pass an in-memory pool).
 */
export function hostRoutes(makeClient?: MakeAuthClient): RouteObject[] {
  return [
    {
      path: 'host',
      element: (
        <BackOfficeRoot
          pool="host"
          signInPath={HOST_SIGN_IN_PATH}
          homePath={HOST_HOME_PATH}
          makeClient={makeClient}
        />
      ),
      errorElement: <BackOfficeRouteError />,
      children: [
        {
          path: 'signin',
          lazy: async () => ({
            Component: (await import('../../features/host-auth/pages/sign-in-page')).SignInPage,
          }),
        },
        { path: 'auth', element: <ToSignIn signInPath={HOST_SIGN_IN_PATH} /> },
        {
          path: 'signup',
          lazy: async () => ({
            Component: (await import('../../features/host-auth/pages/sign-up-page')).SignUpPage,
          }),
        },
        {
          path: 'forgot-password',
          lazy: async () => ({
            Component: (await import('../../features/host-auth/pages/forgot-password-page'))
              .ForgotPasswordPage,
          }),
        },
        {
          element: <HostShell />,
          children: [
            { index: true, element: <Redirect to={HOST_HOME_PATH} /> },
            {
              path: 'dashboard',
              lazy: async () => ({
                Component: (await import('../../features/host-dashboard/pages/dashboard-page')).DashboardPage,
              }),
            },
            {
              path: 'experiences',
              lazy: async () => ({
                Component: (await import('../../features/host-experiences/pages/experience-list-page'))
                  .ExperienceListPage,
              }),
            },
            {
              path: 'experience/create',
              lazy: async () => ({
                Component: (await import('../../features/host-experiences/pages/experience-create-page'))
                  .ExperienceCreatePage,
              }),
            },
            {
              path: 'experience/:id',
              lazy: async () => ({
                Component: (await import('../../features/host-experiences/pages/experience-edit-page'))
                  .ExperienceEditPage,
              }),
            },
            {
              path: 'bookings',
              lazy: async () => ({
                Component: (await import('../../features/host-bookings/pages/bookings-page')).BookingsPage,
              }),
            },
            {
              path: 'reviews',
              lazy: async () => ({
                Component: (await import('../../features/host-reviews/pages/reviews-page')).ReviewsPage,
              }),
            },
            {
              path: 'profile',
              lazy: async () => ({
                Component: (await import('../../features/host-profile/pages/profile-page')).ProfilePage,
              }),
            },
            { path: '*', element: <BackOfficeNotFound /> },
          ],
        },
      ],
    },
  ];
}
