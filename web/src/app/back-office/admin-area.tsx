/**
 * The admin back office (back-office spec §2, admin routes). The app's router discovers these routes the first time
 * an `/admin` address is visited (`patchRoutesOnNavigation` in router.tsx) and loads this module then: Amplify, the
 * shell and every admin screen live behind it, so guest pages (and the host area) never download them, and the
 * screens load one by one as well.
 *
 * As in the host area, only the react-router features the guest pages already use appear here (route objects,
 * Outlet, hooks): anything more of the router used here would be kept in the guest shell's chunk.
 */
import type { RouteObject } from 'react-router';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Chip from '@mui/material/Chip';
import { Redirect } from '../../components/back-office/redirect';
import { useAdminDashboard } from '../../features/admin-dashboard/api/dashboard';
import { useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { ADMIN_ACCESS_DENIED } from '../../lib/back-office-auth/admin-auth-messages';
import { useAdminMe } from '../../lib/back-office/admin-account';
import { AreaShell } from './area-shell';
import type { SidebarEntry } from './back-office-layout';
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
  // Beyond the spec's list: the concierge desk (DESIGN §4h).
  { to: '/admin/inquiries', label: '問い合わせ', icon: <QuestionAnswerOutlinedIcon /> },
  { to: '/admin/offers', label: 'オファー', icon: <LocalOfferOutlinedIcon /> },
  // Beyond the spec's list: payouts, the ledger summary and holds (DESIGN §4g).
  { to: '/admin/payouts', label: '支払', icon: <PaymentsOutlinedIcon /> },
  // Beyond the spec's list: mails the outbox gave up on (DESIGN §4f).
  { to: '/admin/mails', label: 'メール送信エラー', icon: <EmailOutlinedIcon /> },
  { to: '/admin/reviews', label: '口コミ', icon: <RateReviewOutlinedIcon /> },
  { to: '/admin/account', label: 'アカウント管理', icon: <ManageAccountsOutlinedIcon /> },
];

const adminRefusal = () => ADMIN_ACCESS_DENIED;

/**
 * 問い合わせ with its overdue count (DESIGN §4h), from the dashboard's answer (counter items: one cheap read, kept for
 * the session and read again whenever a reply, a close or an offer makes it stale). Asked only once signed in.
 */
function useAdminEntries(): SidebarEntry[] {
  const auth = useBackOfficeAuth();
  const dashboard = useAdminDashboard({ enabled: auth.status === 'signedIn' });
  const overdue = dashboard.data?.inquiries?.overdue ?? 0;
  if (overdue === 0) return ADMIN_ENTRIES;
  return ADMIN_ENTRIES.map((entry) =>
    entry.to === '/admin/inquiries'
      ? {
          ...entry,
          badge: (
            <Chip
              size="small"
              color="error"
              label={`期限超過 ${overdue} 件`}
              data-testid="nav-inquiries-overdue"
              sx={{ ml: 1 }}
            />
          ),
        }
      : entry,
  );
}

/** Admin pages behind sign-in; a session the admin API refuses reads the specification's アクセス拒否. */
function AdminShell() {
  const entries = useAdminEntries();
  return (
    <AreaShell
      areaName="管理者画面"
      entries={entries}
      signInPath={ADMIN_SIGN_IN_PATH}
      useMe={useAdminMe}
      refusal={adminRefusal}
      signOutLabel="サインアウト"
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
              path: 'inquiries',
              lazy: async () => ({
                Component: (await import('../../features/admin-inquiries/pages/inquiries-page'))
                  .AdminInquiriesPage,
              }),
            },
            {
              path: 'inquiries/:id',
              lazy: async () => ({
                Component: (await import('../../features/admin-inquiries/pages/inquiry-page'))
                  .AdminInquiryPage,
              }),
            },
            {
              path: 'offers',
              lazy: async () => ({
                Component: (await import('../../features/admin-offers/pages/offers-page')).AdminOffersPage,
              }),
            },
            {
              path: 'offers/new',
              lazy: async () => ({
                Component: (await import('../../features/admin-offers/pages/offer-create-page'))
                  .AdminOfferCreatePage,
              }),
            },
            {
              path: 'reviews',
              lazy: async () => ({
                Component: (await import('../../features/admin-reviews/pages/reviews-page')).ReviewsPage,
              }),
            },
            {
              path: 'payouts',
              lazy: async () => ({
                Component: (await import('../../features/admin-payouts/pages/payouts-page')).PayoutsPage,
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
