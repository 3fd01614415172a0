/**
 * Host registration (back-office spec §2, §5, §8): business name, e-mail, password and its confirmation; then the
 * confirmation code Cognito mails (locally: the mail outbox of `npm start`); then the host is signed in, toasted
 * 登録完了 / アカウントが作成されました and taken to the dashboard. The host profile is made by the pool's
 * post-confirmation trigger.
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hostSignUpSchema } from '@domain/schemas/host';
import { Redirect } from '../../../components/back-office/redirect';
import { PasswordField } from '../../../components/back-office/password-field';
import { AuthFailure } from '../../../lib/back-office-auth/auth-client';
import {
  authErrorMessage,
  EMAIL_TAKEN,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
  SIGN_UP_SUCCESS,
} from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { AuthCard, LocalCodeHint } from '../components/auth-card';
import { NotAHostError, useEnterHostArea } from '../hooks/use-enter-host-area';

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: '確認コードを入力してください' })
    .regex(/^\d{4,8}$/, { error: '確認コードは数字で入力してください' }),
});

const CODE_SENT = '確認コードを再送信しました';

export function SignUpPage() {
  useBackOfficePageMeta('ホスト新規登録');
  const auth = useBackOfficeAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const enter = useEnterHostArea();
  const arrived = location.state as { email?: string; confirm?: boolean } | null;
  const [step, setStep] = useState<'form' | 'code'>(arrived?.confirm ? 'code' : 'form');
  const [email, setEmail] = useState(arrived?.email ?? '');
  /** Kept in memory only, to sign in right after the code is confirmed. */
  const [password, setPassword] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(hostSignUpSchema),
    mode: 'onTouched',
    defaultValues: { businessName: '', email: arrived?.email ?? '', password: '', passwordConfirmation: '' },
  });
  const codeForm = useForm({
    resolver: zodResolver(codeSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  if (auth.status === 'signedIn' && !working) return <Redirect to={auth.homePath} />;

  const signInAndEnter = async (address: string, secret: string) => {
    const result = await auth.signIn(address, secret);
    if (result.step !== 'done') throw new AuthFailure('UnsupportedSignInStep', result.step);
    await enter();
    toast({ severity: 'success', ...SIGN_UP_SUCCESS });
    navigate(auth.homePath, { replace: true });
  };

  const onRegister = form.handleSubmit(async (values) => {
    setError(null);
    setWorking(true);
    try {
      const { needsConfirmation } = await auth.client.signUp({
        email: values.email,
        password: values.password,
        businessName: values.businessName,
      });
      setEmail(values.email);
      setPassword(values.password);
      if (needsConfirmation) {
        setStep('code');
        // In the history entry too, so a reload (or Back and Forward) comes back to the code step (issue 21).
        navigate('/host/signup', { replace: true, state: { email: values.email, confirm: true } });
      } else await signInAndEnter(values.email, values.password);
    } catch (e) {
      const message = authErrorMessage(e, SIGN_UP_FAILED);
      if (message === EMAIL_TAKEN) form.setError('email', { message }, { shouldFocus: true });
      else if (e instanceof AuthFailure && e.code === 'InvalidPasswordException') {
        form.setError('password', { message }, { shouldFocus: true });
      } else setError(message);
    } finally {
      setWorking(false);
    }
  });

  const onConfirm = codeForm.handleSubmit(async ({ code }) => {
    setError(null);
    setNotice(null);
    setWorking(true);
    try {
      await auth.client.confirmSignUp(email, code);
    } catch (e) {
      const message = authErrorMessage(e, SIGN_UP_FAILED);
      codeForm.setError('code', { message }, { shouldFocus: true });
      setWorking(false);
      return;
    }
    try {
      if (password) await signInAndEnter(email, password);
      else {
        // Came from sign-in (an unconfirmed account): the password is not known here.
        toast({ severity: 'success', message: 'メールアドレスを確認しました。ログインしてください。' });
        navigate('/host/signin', { replace: true, state: { email } });
      }
    } catch (e) {
      setError(e instanceof NotAHostError ? e.message : authErrorMessage(e, SIGN_IN_FAILED));
    } finally {
      setWorking(false);
    }
  });

  const resend = async () => {
    setError(null);
    setNotice(null);
    try {
      await auth.client.resendSignUpCode(email);
      setNotice(CODE_SENT);
    } catch (e) {
      setError(authErrorMessage(e, SIGN_UP_FAILED));
    }
  };

  if (step === 'code') {
    return (
      <AuthCard
        title="メールアドレスの確認"
        subtitle={`${email} に確認コードを送信しました。メールに記載された6桁のコードを入力してください。`}
      >
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <Stack component="form" noValidate spacing={2.5} onSubmit={onConfirm}>
          <TextField
            label="確認コード"
            autoComplete="one-time-code"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(codeForm, 'code')}
          />
          <Button type="submit" variant="contained" size="large" disabled={working}>
            {working ? (
              <CircularProgress size={24} color="inherit" aria-label="処理中" />
            ) : (
              '確認して登録を完了'
            )}
          </Button>
        </Stack>
        <LocalCodeHint />
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Link component="button" type="button" onClick={() => void resend()}>
            コードを再送信
          </Link>
          <Link component={RouterLink} to="/host/signin">
            ログインへ戻る
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="ホスト新規登録">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack component="form" noValidate spacing={2.5} onSubmit={onRegister}>
        <TextField
          label="ビジネス名"
          autoComplete="organization"
          required
          fullWidth
          {...textFieldProps(form, 'businessName', 'ゲストに表示される事業者名です')}
        />
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="email"
          required
          fullWidth
          {...textFieldProps(form, 'email')}
        />
        <PasswordField
          label="パスワード"
          autoComplete="new-password"
          required
          fullWidth
          {...textFieldProps(form, 'password', '8文字以上')}
        />
        <PasswordField
          label="パスワード（確認）"
          autoComplete="new-password"
          required
          fullWidth
          {...textFieldProps(form, 'passwordConfirmation')}
        />
        <Button type="submit" variant="contained" size="large" disabled={working}>
          {working ? <CircularProgress size={24} color="inherit" aria-label="登録中" /> : '登録する'}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3 }}>
        既にアカウントをお持ちの方は{' '}
        <Link component={RouterLink} to="/host/signin">
          ログイン
        </Link>
      </Typography>
    </AuthCard>
  );
}
