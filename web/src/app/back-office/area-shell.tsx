import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { PageLoader } from '../../components/page-loader';
import { Redirect } from '../../components/back-office/redirect';
import { ApiError } from '../../lib/api-client';
import { SIGN_OUT_FAILED } from '../../lib/back-office-auth/auth-messages';
import { signInUrl, useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { useToast } from '../../lib/toast';
import { BackOfficeLayout, type SidebarEntry } from './back-office-layout';
import { RetryAlert } from '../../components/back-office/retry-alert';

export interface AreaShellProps {
  /** The sidebar's title (ホスト管理, 管理者画面). */
  areaName: string;
  entries: SidebarEntry[];
  signInPath: string;
  /** The area's own account (`GET /host/me`, `GET /admin/me`): a session its API refuses (403) is signed out. */
  useMe: (options: { enabled: boolean }) => UseQueryResult<{ email: string | null }, unknown>;
  /** What the toast says when the area's API refuses the signed-in account. */
  refusal: (error: ApiError) => { title: string; message: string };
  signOutLabel?: string;
}

/**
 * The pages of a back-office area behind sign-in, one shell for hosts and admins: a visitor without a session goes
 * to sign-in (and comes back here afterwards); a session the area's API refuses (an account without a host profile,
 * a user who is not an administrator; back-office spec §2, §4, §6, §8) is signed out with the area's message; the
 * account's e-mail and the sign-out button sit in the layout. A failed sign-out says so and keeps the session (the
 * user is still signed in, so going to the sign-in page would only bring them back).
 */
export function AreaShell({ areaName, entries, signInPath, useMe, refusal, signOutLabel }: AreaShellProps) {
  const auth = useBackOfficeAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useMe({ enabled: auth.status === 'signedIn' });
  // A 401 has already sent the user to sign-in (useAuthorizedApi); a 403 means the area does not take this account.
  const refused = me.error instanceof ApiError && me.error.status === 403 ? me.error : null;

  useEffect(() => {
    if (!refused) return;
    void auth.signOut().finally(() => {
      toast({ severity: 'error', ...refusal(refused) });
      navigate(signInPath, { replace: true });
    });
  }, [refused, refusal, auth, navigate, toast, signInPath]);

  if (auth.status === 'signedOut') {
    return <Redirect to={signInUrl(signInPath, `${pathname}${search}`)} />;
  }
  if (auth.status === 'checking' || me.isPending || refused) {
    return <PageLoader label="読み込み中" minHeight="100vh" />;
  }
  if (me.isError) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', py: 12, px: 2 }}>
        <RetryAlert onRetry={() => void me.refetch()}>
          アカウント情報を取得できませんでした。通信環境をご確認のうえ、再度お試しください。
        </RetryAlert>
      </Box>
    );
  }
  return (
    <BackOfficeLayout
      areaName={areaName}
      entries={entries}
      userLabel={auth.user?.email ?? me.data.email}
      signOutLabel={signOutLabel}
      onSignOut={() => {
        void auth
          .signOut()
          .then(() => navigate(signInPath, { replace: true }))
          .catch(() => toast({ severity: 'error', message: SIGN_OUT_FAILED }));
      }}
    />
  );
}
