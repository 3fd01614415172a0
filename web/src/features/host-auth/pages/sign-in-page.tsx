/**
 * Host sign-in (back-office spec §2 and §8): e-mail and password; success toasts ログイン成功 / ダッシュボードへ移動します
 * and opens the dashboard, or the page the host was sent here from. An account created by an administrator with a
 * temporary password sets its own password first.
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@domain/schemas/host';
import { Redirect } from '../../../components/back-office/redirect';
import { PasswordField } from '../../../components/back-office/password-field';
import { ApiError } from '../../../lib/api-client';
import {
  authErrorMessage,
  isInvalidCredentials,
  SIGN_IN_FAILED,
  SIGN_IN_INVALID,
  SIGN_IN_SUCCESS,
} from '../../../lib/back-office-auth/auth-messages';
import { safeReturnPath, useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { NotAHostError, useEnterHostArea } from '../hooks/use-enter-host-area';

const signInSchema = z.object({
  email: z.string().trim().min(1, { error: 'メールアドレスを入力してください' }),
  password: z.string().min(1, { error: 'パスワードを入力してください' }),
});

const newPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: 'パスワードは8文字以上必要です' })
      .max(PASSWORD_MAX_LENGTH),
    confirmation: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmation, {
    error: 'パスワードが一致しません',
    path: ['confirmation'],
  });

interface ShownError {
  title: string;
  message: string;
}

export function SignInPage() {
  useBackOfficePageMeta('ホストログイン');
  const auth = useBackOfficeAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const toast = useToast();
  const enter = useEnterHostArea();
  const next = safeReturnPath(params.get('next'), '/host');
  const prefilled = (location.state as { email?: string } | null)?.email ?? '';
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [step, setStep] = useState<'credentials' | 'new_password'>('credentials');
  const [email, setEmail] = useState(prefilled);

  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: prefilled, password: '' },
  });
  const passwordForm = useForm({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmation: '' },
  });

  // Already signed in (a second tab, the back button): straight on.
  if (auth.status === 'signedIn' && !working && step === 'credentials') {
    return <Redirect to={next ?? auth.homePath} />;
  }

  const finish = async () => {
    try {
      await enter();
    } catch (e) {
      if (e instanceof NotAHostError) {
        setError({ title: 'エラー', message: e.message });
        setStep('credentials');
        return;
      }
      setError({
        title: 'エラー',
        message: e instanceof ApiError ? e.message : SIGN_IN_FAILED,
      });
      return;
    }
    toast({ severity: 'success', ...SIGN_IN_SUCCESS });
    navigate(next ?? auth.homePath, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setWorking(true);
    try {
      const result = await auth.signIn(values.email, values.password);
      setEmail(values.email.trim());
      if (result.step === 'done') await finish();
      else if (result.step === 'new_password_required') setStep('new_password');
      else if (result.step === 'confirm_sign_up') {
        navigate('/host/signup', { state: { email: values.email.trim(), confirm: true } });
      } else {
        navigate('/host/forgot-password', { state: { email: values.email.trim() } });
      }
    } catch (e) {
      setError(
        isInvalidCredentials(e)
          ? { ...SIGN_IN_INVALID }
          : { title: 'エラー', message: authErrorMessage(e, SIGN_IN_FAILED) },
      );
    } finally {
      setWorking(false);
    }
  });

  const onNewPassword = passwordForm.handleSubmit(async (values) => {
    setError(null);
    setWorking(true);
    try {
      const result = await auth.completeNewPassword(values.newPassword);
      if (result.step === 'done') await finish();
    } catch (e) {
      setError({ title: 'エラー', message: authErrorMessage(e, SIGN_IN_FAILED) });
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
      <AuthCard
        title="新しいパスワードの設定"
        subtitle={`${email} の初回ログインです。新しいパスワードを設定してください。`}
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
              '設定してログイン'
            )}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="ホストログイン">
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
          {working ? <CircularProgress size={24} color="inherit" aria-label="ログイン中" /> : 'ログイン'}
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/host/forgot-password" state={{ email: form.getValues('email') }}>
          パスワードをお忘れの方
        </Link>
        <Typography variant="body2">
          アカウントをお持ちでない方は{' '}
          <Link component={RouterLink} to="/host/signup">
            新規登録
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
