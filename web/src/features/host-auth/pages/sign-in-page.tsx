/**
 * Host sign-in (back-office spec §2 and §8): e-mail and password; success toasts ログイン成功 / ダッシュボードへ移動します
 * and opens the dashboard, or the page the host was sent here from. An account created by an administrator with a
 * temporary password sets its own password first. The steps are the back office's one sign-in (`SignInFlow`); this
 * page gives it the host area's wording, entry check and links.
 */
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SignInFlow, SignInRefused, type SignInArea } from '../../../components/back-office/sign-in-flow';
import { ApiError } from '../../../lib/api-client';
import {
  authErrorMessage,
  isInvalidCredentials,
  SIGN_IN_FAILED,
  SIGN_IN_INVALID,
  SIGN_IN_SUCCESS,
} from '../../../lib/back-office-auth/auth-messages';
import { AuthCard } from '../components/auth-card';
import { NotAHostError, useEnterHostArea } from '../hooks/use-enter-host-area';

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const enterHostArea = useEnterHostArea();
  const prefilled = (location.state as { email?: string } | null)?.email ?? '';

  const area: SignInArea = {
    title: 'ホストログイン',
    verb: 'ログイン',
    areaPrefix: '/host',
    Card: AuthCard,
    prefilledEmail: prefilled,
    async enter() {
      try {
        await enterHostArea();
      } catch (e) {
        if (e instanceof NotAHostError) throw new SignInRefused({ title: 'エラー', message: e.message });
        throw new SignInRefused({
          title: 'エラー',
          message: e instanceof ApiError ? e.message : SIGN_IN_FAILED,
        });
      }
    },
    successToast: SIGN_IN_SUCCESS,
    failedMessage: SIGN_IN_FAILED,
    credentialsError: (e) =>
      isInvalidCredentials(e)
        ? { ...SIGN_IN_INVALID }
        : { title: 'エラー', message: authErrorMessage(e, SIGN_IN_FAILED) },
    otherStep(step, email) {
      if (step === 'confirm_sign_up') navigate('/host/signup', { state: { email, confirm: true } });
      else navigate('/host/forgot-password', { state: { email } });
      return null;
    },
    stepError: (e) => authErrorMessage(e, SIGN_IN_FAILED),
    newPasswordMessages: { tooShort: 'パスワードは8文字以上必要です', mismatch: 'パスワードが一致しません' },
    footer: (typedEmail) => (
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/host/forgot-password" state={{ email: typedEmail() }}>
          パスワードをお忘れの方
        </Link>
        <Typography variant="body2">
          アカウントをお持ちでない方は{' '}
          <Link component={RouterLink} to="/host/signup">
            新規登録
          </Link>
        </Typography>
      </Stack>
    ),
  };
  return <SignInFlow area={area} />;
}
