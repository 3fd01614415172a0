/**
 * The host back office (back-office spec §2, host routes). The app's router discovers these routes the first time a
 * `/host` address is visited (`patchRoutesOnNavigation` in router.tsx) and loads this module then: Amplify, the shell
 * and every host screen live behind it, so guest pages never download them, and screens load one by one as well.
 *
 * Only the react-router features the guest pages already use appear here (route objects, Outlet, Link, hooks): the
 * router library sits in the guest shell's chunk, and anything more of it used here (`<Routes>`, `NavLink`,
 * `<Navigate>`) would be kept in that chunk and grow every guest page.
 */
import type { RouteObject } from 'react-router';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import TourOutlinedIcon from '@mui/icons-material/TourOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import type { ApiError } from '../../lib/api-client';
import { NOT_A_HOST_MESSAGE } from '../../lib/back-office-auth/auth-messages';
import { useHostMe } from '../../lib/back-office/host-account';
import { Redirect } from '../../components/back-office/redirect';
import { AreaShell } from './area-shell';
import type { SidebarEntry } from './back-office-layout';
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
  // Beyond the spec's list: the host's earnings and payouts (DESIGN §4g).
  { to: '/host/earnings', label: '売上・振込', icon: <PaymentsOutlinedIcon /> },
  { to: '/host/profile', label: 'プロフィール設定', icon: <PersonOutlinedIcon /> },
];

/** The API's own words for an account without a host profile (a suspended host's included), else the spec's. */
const hostRefusal = (error: ApiError) => ({
  title: 'エラー',
  message: error.code === 'not_a_host' && error.message ? error.message : NOT_A_HOST_MESSAGE,
});

/** Host pages behind sign-in; an account without a host profile is signed out with the specification's message. */
function HostShell() {
  return (
    <AreaShell
      areaName="ホスト管理"
      entries={HOST_ENTRIES}
      signInPath={HOST_SIGN_IN_PATH}
      useMe={useHostMe}
      refusal={hostRefusal}
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
              path: 'earnings',
              lazy: async () => ({
                Component: (await import('../../features/host-earnings/pages/earnings-page')).EarningsPage,
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
