/**
 * Admin sign-in (back-office spec §2, §4 "Admin sign-in", §8). The specification looks the e-mail up in an admins
 * list, then signs in; here the admin pool holds administrators only, so the sign-in against that pool is the first
 * check, and `GET /api/admin/me` the second: the admin API must take the session. Any failure after the pool said
 * yes signs the account out again. Success toasts サインイン成功 and opens the dashboard, or the page the admin was
 * sent here from. An account created with a temporary password (`scripts/create-admin.ts` without `--password`)
 * sets its own password first.
 *
 * Which message for which failure:
 * - Wrong password, and an address the admin pool does not know (a host's address, a typo): 認証エラー. Cognito
 *   answers both with the same `NotAuthorizedException`, on purpose (it does not tell strangers which addresses
 *   have accounts), and this page must not either: asking the host pool whether the address is a host's would turn
 *   a public page into a way to test addresses. What a real admin needs in both cases is to check what they typed;
 *   a host who came to the wrong page finds the link to the host sign-in under the form.
 * - The pool accepts the password but the admin API refuses the session (401/403): the account is not an
 *   administrator of this site: アクセス拒否 (このメールアドレスは管理者として登録されていません).
 * - The admin API cannot be reached after a good sign-in: ユーザー情報の取得に失敗しました.
 * - An administrator account another admin disabled: アクセス拒否 with its own explanation.
 * - Anything else: サインインに失敗しました (or the provider's case in Japanese where we know it).
 *
 * The admin pool requires TOTP (DESIGN §4d): a new admin enrols an authenticator app (QR code and key) after the
 * password, an enrolled one types its code; a wrong code keeps the step with 確認コードが正しくありません. The steps are
 * the back office's one sign-in (`SignInFlow`); this page gives it the admin area's wording, entry check and links.
 */
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminAccountView } from '@domain/back-office-views';
import { useApi } from '../../../app/api';
import {
  SignInFlow,
  SignInRefused,
  type ShownError,
  type SignInArea,
} from '../../../components/back-office/sign-in-flow';
import { ApiError } from '../../../lib/api-client';
import {
  ADMIN_ACCESS_DENIED,
  ADMIN_ACCOUNT_DISABLED,
  ADMIN_EMAIL_UNCONFIRMED,
  ADMIN_SIGN_IN_FAILED,
  ADMIN_SIGN_IN_INVALID,
  ADMIN_SIGN_IN_SUCCESS,
  ADMIN_USER_LOOKUP_FAILED,
} from '../../../lib/back-office-auth/admin-auth-messages';
import { AuthFailure } from '../../../lib/back-office-auth/auth-client';
import {
  authErrorMessage,
  isInvalidCredentials,
  isUserDisabled,
} from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { adminMeKey } from '../../../lib/back-office/admin-account';
import { AdminAuthCard } from '../components/admin-auth-card';

function signInError(e: unknown): ShownError {
  if (isUserDisabled(e)) return { ...ADMIN_ACCOUNT_DISABLED };
  if (isInvalidCredentials(e)) return { ...ADMIN_SIGN_IN_INVALID };
  if (e instanceof AuthFailure && e.code === 'UserNotConfirmedException')
    return { ...ADMIN_EMAIL_UNCONFIRMED };
  return { title: 'エラー', message: authErrorMessage(e, ADMIN_SIGN_IN_FAILED) };
}

export function AdminSignInPage() {
  const auth = useBackOfficeAuth();
  const api = useApi();
  const queryClient = useQueryClient();

  const area: SignInArea = {
    title: '管理者サインイン',
    verb: 'サインイン',
    areaPrefix: '/admin',
    Card: AdminAuthCard,
    /** The admin API must take the session; otherwise the account is signed out again. */
    async enter() {
      try {
        const token = await auth.idToken();
        if (!token) throw new ApiError(401, 'unauthorized', 'No session');
        // The plain client: a 401 here is a refusal to report on this page, not an expired session to redirect.
        queryClient.setQueryData(adminMeKey, await api<AdminAccountView>('/admin/me', { token }));
      } catch (e) {
        await auth.signOut().catch(() => {});
        const refused = e instanceof ApiError && (e.status === 401 || e.status === 403);
        throw new SignInRefused(
          refused ? { ...ADMIN_ACCESS_DENIED } : { title: 'エラー', message: ADMIN_USER_LOOKUP_FAILED },
        );
      }
    },
    successToast: ADMIN_SIGN_IN_SUCCESS,
    failedMessage: ADMIN_SIGN_IN_FAILED,
    credentialsError: signInError,
    otherStep: (step) =>
      step === 'confirm_sign_up'
        ? { ...ADMIN_EMAIL_UNCONFIRMED }
        : {
            title: 'エラー',
            message: 'パスワードの再設定が必要です。他の管理者にパスワードの再設定を依頼してください',
          },
    stepError: (e) => authErrorMessage(e, ADMIN_SIGN_IN_FAILED),
    newPasswordMessages: {
      tooShort: '新しいパスワードは8文字以上必要です',
      mismatch: '新しいパスワードと確認用パスワードが一致しません',
    },
    footer: () => (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        ホストの方は{' '}
        <Link component={RouterLink} to="/host/signin">
          ホストログイン
        </Link>{' '}
        からログインしてください。
      </Typography>
    ),
  };
  return <SignInFlow area={area} />;
}
