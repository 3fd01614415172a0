/**
 * Password reset (back-office spec §2 lists a send button without behaviour; this one works): the host's e-mail →
 * a code by mail (locally: the mail outbox) → the code and a new password → back to sign-in.
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
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@domain/schemas/host';
import { isEmailAddress } from '@domain/schemas/common';
import { PasswordField } from '../../../components/back-office/password-field';
import { AuthFailure } from '../../../lib/back-office-auth/auth-client';
import { authErrorMessage } from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { AuthCard, LocalCodeHint } from '../components/auth-card';

const RESET_FAILED = 'パスワードの再設定に失敗しました';
export const RESET_DONE = 'パスワードを再設定しました。新しいパスワードでログインしてください。';

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'メールアドレスを入力してください' })
    .refine(isEmailAddress, { error: '有効なメールアドレスを入力してください' }),
});

const resetSchema = z
  .object({
    code: z.string().trim().min(1, { error: '確認コードを入力してください' }),
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

export function ForgotPasswordPage() {
  useBackOfficePageMeta('パスワードの再設定');
  const auth = useBackOfficeAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const emailForm = useForm({
    resolver: zodResolver(emailSchema),
    mode: 'onTouched',
    defaultValues: { email: (location.state as { email?: string } | null)?.email ?? '' },
  });
  const resetForm = useForm({
    resolver: zodResolver(resetSchema),
    mode: 'onTouched',
    defaultValues: { code: '', newPassword: '', confirmation: '' },
  });

  const sendCode = async (address: string) => {
    setError(null);
    setNotice(null);
    setWorking(true);
    try {
      await auth.client.resetPassword(address);
      setEmail(address);
      setStep('reset');
      setNotice(`${address} に確認コードを送信しました。`);
    } catch (e) {
      // An unknown address is answered like a known one: the page must not tell who has an account.
      if (e instanceof AuthFailure && e.code === 'UserNotFoundException') {
        setEmail(address);
        setStep('reset');
        setNotice(`${address} に確認コードを送信しました。`);
      } else setError(authErrorMessage(e, RESET_FAILED));
    } finally {
      setWorking(false);
    }
  };

  const onRequest = emailForm.handleSubmit(({ email: address }) => sendCode(address));

  const onReset = resetForm.handleSubmit(async (values) => {
    setError(null);
    setNotice(null);
    setWorking(true);
    try {
      await auth.client.confirmResetPassword(email, values.code, values.newPassword);
      toast({ severity: 'success', message: RESET_DONE });
      navigate('/host/signin', { replace: true, state: { email } });
    } catch (e) {
      const message = authErrorMessage(e, RESET_FAILED);
      if (
        e instanceof AuthFailure &&
        (e.code === 'CodeMismatchException' || e.code === 'ExpiredCodeException')
      ) {
        resetForm.setError('code', { message }, { shouldFocus: true });
      } else if (e instanceof AuthFailure && e.code === 'InvalidPasswordException') {
        resetForm.setError('newPassword', { message }, { shouldFocus: true });
      } else setError(message);
    } finally {
      setWorking(false);
    }
  });

  const alerts = (
    <>
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
    </>
  );

  if (step === 'reset') {
    return (
      <AuthCard
        title="パスワードの再設定"
        subtitle="メールに記載された確認コードと、新しいパスワードを入力してください。"
      >
        {alerts}
        <Stack component="form" noValidate spacing={2.5} onSubmit={onReset}>
          <TextField
            label="確認コード"
            autoComplete="one-time-code"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(resetForm, 'code')}
          />
          <PasswordField
            label="新しいパスワード"
            autoComplete="new-password"
            required
            fullWidth
            {...textFieldProps(resetForm, 'newPassword', '8文字以上')}
          />
          <PasswordField
            label="新しいパスワード（確認）"
            autoComplete="new-password"
            required
            fullWidth
            {...textFieldProps(resetForm, 'confirmation')}
          />
          <Button type="submit" variant="contained" size="large" disabled={working}>
            {working ? (
              <CircularProgress size={24} color="inherit" aria-label="処理中" />
            ) : (
              'パスワードを再設定'
            )}
          </Button>
        </Stack>
        <LocalCodeHint />
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Link component="button" type="button" onClick={() => void sendCode(email)}>
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
    <AuthCard
      title="パスワードの再設定"
      subtitle="登録済みのメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。"
    >
      {alerts}
      <Stack component="form" noValidate spacing={2.5} onSubmit={onRequest}>
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="username"
          required
          fullWidth
          {...textFieldProps(emailForm, 'email')}
        />
        <Button type="submit" variant="contained" size="large" disabled={working}>
          {working ? <CircularProgress size={24} color="inherit" aria-label="送信中" /> : '確認コードを送信'}
        </Button>
      </Stack>
      <Link component={RouterLink} to="/host/signin" sx={{ display: 'inline-block', mt: 3 }}>
        ログインへ戻る
      </Link>
    </AuthCard>
  );
}
