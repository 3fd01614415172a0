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
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminAccountView } from '@domain/back-office-views';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@domain/schemas/host';
import { useApi } from '../../../app/api';
import { PasswordField } from '../../../components/back-office/password-field';
import { Redirect } from '../../../components/back-office/redirect';
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
import { safeReturnPath, useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { adminMeKey } from '../../../lib/back-office/admin-account';
import { textFieldProps } from '../../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { AdminAuthCard } from '../components/admin-auth-card';

const signInSchema = z.object({
  email: z.string().trim().min(1, { error: 'メールアドレスを入力してください' }),
  password: z.string().min(1, { error: 'パスワードを入力してください' }),
});

/** The first sign-in of an account created with a temporary password (back-office spec §5, §9: 8 characters). */
export const newPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: '新しいパスワードは8文字以上必要です' })
      .max(PASSWORD_MAX_LENGTH),
    confirmation: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmation, {
    error: '新しいパスワードと確認用パスワードが一致しません',
    path: ['confirmation'],
  });

interface ShownError {
  title: string;
  message: string;
}

/** Thrown when the pool said yes but the admin area cannot be entered (the account is signed out again). */
class EntryRefused extends Error {
  constructor(readonly shown: ShownError) {
    super(shown.message);
  }
}

function signInError(e: unknown): ShownError {
  if (isUserDisabled(e)) return { ...ADMIN_ACCOUNT_DISABLED };
  if (isInvalidCredentials(e)) return { ...ADMIN_SIGN_IN_INVALID };
  if (e instanceof AuthFailure && e.code === 'UserNotConfirmedException')
    return { ...ADMIN_EMAIL_UNCONFIRMED };
  return { title: 'エラー', message: authErrorMessage(e, ADMIN_SIGN_IN_FAILED) };
}

export function AdminSignInPage() {
  useBackOfficePageMeta('管理者サインイン');
  const auth = useBackOfficeAuth();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const next = safeReturnPath(params.get('next'), '/admin');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [step, setStep] = useState<'credentials' | 'new_password'>('credentials');
  const [email, setEmail] = useState('');

  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const passwordForm = useForm({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmation: '' },
  });

  // Already signed in (a second tab, the back button): straight on; the shell checks the session with the API.
  if (auth.status === 'signedIn' && !working && step === 'credentials') {
    return <Redirect to={next ?? auth.homePath} />;
  }

  /** The admin API must take the session; otherwise the account is signed out again. */
  const enter = async () => {
    try {
      const token = await auth.idToken();
      if (!token) throw new ApiError(401, 'unauthorized', 'No session');
      // The plain client: a 401 here is a refusal to report on this page, not an expired session to redirect.
      queryClient.setQueryData(adminMeKey, await api<AdminAccountView>('/admin/me', { token }));
    } catch (e) {
      await auth.signOut().catch(() => {});
      const refused = e instanceof ApiError && (e.status === 401 || e.status === 403);
      throw new EntryRefused(
        refused ? { ...ADMIN_ACCESS_DENIED } : { title: 'エラー', message: ADMIN_USER_LOOKUP_FAILED },
      );
    }
    toast({ severity: 'success', ...ADMIN_SIGN_IN_SUCCESS });
    navigate(next ?? auth.homePath, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setWorking(true);
    try {
      const result = await auth.signIn(values.email, values.password);
      setEmail(values.email.trim());
      if (result.step === 'done') await enter();
      else if (result.step === 'new_password_required') setStep('new_password');
      else if (result.step === 'confirm_sign_up') setError({ ...ADMIN_EMAIL_UNCONFIRMED });
      else {
        setError({
          title: 'エラー',
          message: 'パスワードの再設定が必要です。他の管理者にパスワードの再設定を依頼してください',
        });
      }
    } catch (e) {
      setError(e instanceof EntryRefused ? e.shown : signInError(e));
    } finally {
      setWorking(false);
    }
  });

  const onNewPassword = passwordForm.handleSubmit(async (values) => {
    setError(null);
    setWorking(true);
    try {
      const result = await auth.completeNewPassword(values.newPassword);
      if (result.step === 'done') await enter();
    } catch (e) {
      if (e instanceof EntryRefused) {
        setError(e.shown);
        setStep('credentials');
      } else setError({ title: 'エラー', message: authErrorMessage(e, ADMIN_SIGN_IN_FAILED) });
    } finally {
      setWorking(false);
    }
  });

  const errorBox = error && (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{error.title}</AlertTitle>
      {error.message}
    </Alert>
  );

  if (step === 'new_password') {
    return (
      <AdminAuthCard
        title="新しいパスワードの設定"
        subtitle={`${email} の初回サインインです。新しいパスワードを設定してください。`}
      >
        {errorBox}
        <Stack component="form" noValidate spacing={2.5} onSubmit={onNewPassword}>
          <PasswordField
            label="新しいパスワード"
            autoComplete="new-password"
            required
            fullWidth
            {...textFieldProps(passwordForm, 'newPassword', '8文字以上')}
          />
          <PasswordField
            label="新しいパスワード（確認）"
            autoComplete="new-password"
            required
            fullWidth
            {...textFieldProps(passwordForm, 'confirmation')}
          />
          <Button type="submit" variant="contained" size="large" disabled={working}>
            {working ? (
              <CircularProgress size={24} color="inherit" aria-label="処理中" />
            ) : (
              '設定してサインイン'
            )}
          </Button>
        </Stack>
      </AdminAuthCard>
    );
  }

  return (
    <AdminAuthCard title="管理者サインイン">
      {errorBox}
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="username"
          required
          fullWidth
          {...textFieldProps(form, 'email')}
        />
        <PasswordField
          label="パスワード"
          autoComplete="current-password"
          required
          fullWidth
          {...textFieldProps(form, 'password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={working}>
          {working ? <CircularProgress size={24} color="inherit" aria-label="サインイン中" /> : 'サインイン'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        ホストの方は{' '}
        <Link component={RouterLink} to="/host/signin">
          ホストログイン
        </Link>{' '}
        からログインしてください。
      </Typography>
    </AdminAuthCard>
  );
}
