/**
 * The host back office (back-office spec §2, host routes), loaded lazily for `/host/*`: Amplify, the shell and every
 * host screen live behind this module, so guest pages never download them. Screens load one by one as well.
 */
import { lazy, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { jaJP } from '@mui/material/locale';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import TourOutlinedIcon from '@mui/icons-material/TourOutlined';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api-client';
import type { AuthClient } from '../../lib/back-office-auth/auth-client';
import { createAmplifyAuthClient } from '../../lib/back-office-auth/amplify-auth-client';
import { NOT_A_HOST_MESSAGE } from '../../lib/back-office-auth/auth-messages';
import {
  BackOfficeAuthProvider,
  signInUrl,
  useBackOfficeAuth,
} from '../../lib/back-office-auth/back-office-auth';
import { useAuthorizedApi } from '../../lib/back-office-auth/use-authorized-api';
import { hostMeQuery } from '../../lib/back-office/host-account';
import { useToast } from '../../lib/toast';
import { useAppConfig } from '../config-context';
import { theme } from '../theme';
import { BackOfficeLayout, type SidebarEntry } from './back-office-layout';

export const HOST_SIGN_IN_PATH = '/host/signin';
export const HOST_HOME_PATH = '/host/dashboard';

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const SignInPage = page(() => import('../../features/host-auth/pages/sign-in-page'), 'SignInPage');
const SignUpPage = page(() => import('../../features/host-auth/pages/sign-up-page'), 'SignUpPage');
const ForgotPasswordPage = page(
  () => import('../../features/host-auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const DashboardPage = page(
  () => import('../../features/host-dashboard/pages/dashboard-page'),
  'DashboardPage',
);
const ExperienceListPage = page(
  () => import('../../features/host-experiences/pages/experience-list-page'),
  'ExperienceListPage',
);
const ExperienceCreatePage = page(
  () => import('../../features/host-experiences/pages/experience-create-page'),
  'ExperienceCreatePage',
);
const ExperienceEditPage = page(
  () => import('../../features/host-experiences/pages/experience-edit-page'),
  'ExperienceEditPage',
);
const BookingsPage = page(() => import('../../features/host-bookings/pages/bookings-page'), 'BookingsPage');
const ProfilePage = page(() => import('../../features/host-profile/pages/profile-page'), 'ProfilePage');
const HostNotFoundPage = page(() => import('./back-office-not-found'), 'BackOfficeNotFound');

/** Back-office spec §2: dashboard, experience list, booking list, profile settings (sign-out is the shell's). */
const HOST_ENTRIES: SidebarEntry[] = [
  { to: '/host/dashboard', label: 'ダッシュボード', icon: <DashboardOutlinedIcon /> },
  { to: '/host/experiences', label: '体験一覧', icon: <TourOutlinedIcon /> },
  { to: '/host/bookings', label: '予約一覧', icon: <EventNoteOutlinedIcon /> },
  { to: '/host/profile', label: 'プロフィール設定', icon: <PersonOutlinedIcon /> },
];

/** MUI's own texts (pagination, autocomplete, date fields) in Japanese. */
const backOfficeTheme = createTheme(theme, jaJP);

/** The back office is Japanese: the document says so while it is open (screen readers, fonts, hyphenation). */
function useDocumentLanguage(lang: string) {
  useEffect(() => {
    const previous = document.documentElement.lang;
    document.documentElement.lang = lang;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [lang]);
}

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
      toast({ severity: 'error', title: 'エラー', message: NOT_A_HOST_MESSAGE });
      navigate(HOST_SIGN_IN_PATH, { replace: true });
    });
  }, [notAHost, auth, navigate, toast]);

  if (auth.status === 'signedOut') {
    return <Navigate to={signInUrl(HOST_SIGN_IN_PATH, `${pathname}${search}`)} replace />;
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

/** `/host/auth`, the other sign-in path the specification names, leads to sign-in with its return path. */
function ToSignIn() {
  const { search } = useLocation();
  return <Navigate to={`${HOST_SIGN_IN_PATH}${search}`} replace />;
}

/** The host routes (relative to `/host`), given the area's auth client. Tests render this with a fake client. */
export function HostRoutes({ client, children }: { client: AuthClient; children?: ReactNode }) {
  return (
    <BackOfficeAuthProvider client={client} signInPath={HOST_SIGN_IN_PATH} homePath={HOST_HOME_PATH}>
      {children}
      <Routes>
        <Route path="signin" element={<SignInPage />} />
        <Route path="auth" element={<ToSignIn />} />
        <Route path="signup" element={<SignUpPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route element={<HostShell />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="experiences" element={<ExperienceListPage />} />
          <Route path="experience/create" element={<ExperienceCreatePage />} />
          <Route path="experience/:id" element={<ExperienceEditPage />} />
          <Route path="bookings" element={<BookingsPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="*" element={<HostNotFoundPage />} />
        </Route>
      </Routes>
    </BackOfficeAuthProvider>
  );
}

export function HostArea() {
  const config = useAppConfig();
  const client = useMemo(() => createAmplifyAuthClient(config, 'host'), [config]);
  useDocumentLanguage('ja');
  return (
    <ThemeProvider theme={backOfficeTheme}>
      <HostRoutes client={client} />
    </ThemeProvider>
  );
}

export default HostArea;
