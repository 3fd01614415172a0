/**
 * The back office's one sign-in (host and admin areas): e-mail and password, then whatever steps the pool asks
 * for — a new password for an account created with a temporary one, the enrolment of an authenticator app (QR code
 * and the key to type) and a TOTP code where the pool requires MFA (the admin pool, DESIGN §4d) — then the area's
 * own entry check. What differs between the areas (wording, messages, the entry check, links) comes in as
 * `SignInArea`; the steps are the same code for both.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@domain/schemas/host';
import type { SignInOutcome } from '../../lib/back-office-auth/auth-client';
import { isExpiredSignInStep } from '../../lib/back-office-auth/auth-messages';
import { safeReturnPath, useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../lib/back-office/page-meta';
import { useToast } from '../../lib/toast';
import { PasswordField } from './password-field';
import { Redirect } from './redirect';

export interface ShownError {
  title: string;
  message: string;
}

/** Thrown by an area's entry check: the sign-in stops with this message (the area has signed the account out). */
export class SignInRefused extends Error {
  constructor(readonly shown: ShownError) {
    super(shown.message);
    this.name = 'SignInRefused';
  }
}

type CardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

export interface SignInArea {
  /** The page's title and heading: ホストログイン, 管理者サインイン. */
  title: string;
  /** The area's word for signing in: ログイン (hosts), サインイン (admins). */
  verb: string;
  /** The area's path prefix: return addresses outside it are ignored. */
  areaPrefix: string;
  Card: ComponentType<CardProps>;
  prefilledEmail?: string;
  /** After the pool said yes: loads what the area needs, or throws `SignInRefused`. */
  enter(): Promise<void>;
  successToast: { title: string; message: string };
  /** The message of a failed step that has no better name. */
  failedMessage: string;
  /** What a refused e-mail and password say. */
  credentialsError(error: unknown): ShownError;
  /** Steps the area hands elsewhere: a sign-up to confirm, a reset the pool requires. */
  otherStep(step: 'confirm_sign_up' | 'reset_password', email: string): ShownError | null;
  /** The error message of any other failed step, in the area's wording. */
  stepError(error: unknown): string;
  newPasswordMessages: { tooShort: string; mismatch: string };
  /** Links under the form (registration, password reset, the other area); `typedEmail` reads the field. */
  footer(typedEmail: () => string): ReactNode;
}

const signInSchema = z.object({
  email: z.string().trim().min(1, { error: 'メールアドレスを入力してください' }),
  password: z.string().min(1, { error: 'パスワードを入力してください' }),
});

const totpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: '認証アプリに表示されている6桁の数字を入力してください' }),
});

const newPasswordSchemaOf = (messages: SignInArea['newPasswordMessages']) =>
  z
    .object({
      newPassword: z.string().min(PASSWORD_MIN_LENGTH, { error: messages.tooShort }).max(PASSWORD_MAX_LENGTH),
      confirmation: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmation, { error: messages.mismatch, path: ['confirmation'] });

type Step =
  | { name: 'credentials' }
  | { name: 'new_password' }
  | { name: 'totp_setup'; secret: string }
  | { name: 'totp_code' };

/** The issuer an authenticator app shows beside the account. */
const TOTP_ISSUER = 'Ehime Experiences';

/** The `otpauth://` address of the QR code (the app reads the issuer, the account and the secret from it). */
export function totpSetupUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box sx={{ width: 200, height: 200, mx: 'auto', display: 'grid', placeItems: 'center' }}>
      {src ? (
        <img src={src} width={200} height={200} alt="認証アプリで読み取るQRコード" />
      ) : (
        <CircularProgress size={24} aria-label="QRコードを作成中" />
      )}
    </Box>
  );
}

export function SignInFlow({ area }: { area: SignInArea }) {
  useBackOfficePageMeta(area.title);
  const auth = useBackOfficeAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const next = safeReturnPath(params.get('next'), area.areaPrefix);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [email, setEmail] = useState(area.prefilledEmail ?? '');
  const { Card } = area;

  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: area.prefilledEmail ?? '', password: '' },
  });
  const passwordForm = useForm({
    resolver: zodResolver(newPasswordSchemaOf(area.newPasswordMessages)),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const totpForm = useForm({
    resolver: zodResolver(totpSchema),
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });

  // Already signed in (a second tab, the back button): straight on.
  if (auth.status === 'signedIn' && !working && step.name === 'credentials') {
    return <Redirect to={next ?? auth.homePath} />;
  }

  /** Where an outcome leads: the next step, the area (once done), or an area-specific way out. */
  const follow = async (result: SignInOutcome, address: string) => {
    switch (result.step) {
      case 'done':
        await area.enter();
        toast({ severity: 'success', ...area.successToast });
        navigate(next ?? auth.homePath, { replace: true });
        return;
      case 'new_password_required':
        setStep({ name: 'new_password' });
        return;
      case 'totp_setup':
        totpForm.reset({ code: '' });
        setStep({ name: 'totp_setup', secret: result.secret });
        return;
      case 'totp_code':
        totpForm.reset({ code: '' });
        setStep({ name: 'totp_code' });
        return;
      default: {
        const shown = area.otherStep(result.step, address);
        if (shown) setError(shown);
      }
    }
  };

  /** Runs one step; a refusal of the area's entry check returns to the first step with its message. */
  const run = async (work: () => Promise<void>, onError: (e: unknown) => ShownError) => {
    setError(null);
    setWorking(true);
    try {
      await work();
    } catch (e) {
      if (e instanceof SignInRefused) {
        setError(e.shown);
        setStep({ name: 'credentials' });
      } else {
        setError(onError(e));
        // The pool's sign-in session ended: the steps after the password cannot go on.
        if (isExpiredSignInStep(e)) setStep({ name: 'credentials' });
      }
    } finally {
      setWorking(false);
    }
  };

  const stepFailure = (e: unknown): ShownError => ({ title: 'エラー', message: area.stepError(e) });

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      const address = values.email.trim();
      const result = await auth.signIn(address, values.password);
      setEmail(address);
      await follow(result, address);
    }, area.credentialsError),
  );

  const onNewPassword = passwordForm.handleSubmit((values) =>
    run(async () => follow(await auth.completeNewPassword(values.newPassword), email), stepFailure),
  );

  const onTotp = totpForm.handleSubmit((values) =>
    run(async () => follow(await auth.confirmTotp(values.code), email), stepFailure),
  );

  const errorBox = error && (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>{error.title}</AlertTitle>
      {error.message}
    </Alert>
  );

  const submit = (label: string, busyLabel: string) => (
    <Button type="submit" variant="contained" size="large" disabled={working}>
      {working ? <CircularProgress size={24} color="inherit" aria-label={busyLabel} /> : label}
    </Button>
  );

  const codeField = (
    <TextField
      label="確認コード（6桁）"
      autoComplete="one-time-code"
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      {...textFieldProps(totpForm, 'code')}
    />
  );

  if (step.name === 'new_password') {
    return (
      <Card
        title="新しいパスワードの設定"
        subtitle={`${email} の初回${area.verb}です。新しいパスワードを設定してください。`}
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
          {submit(`設定して${area.verb}`, '処理中')}
        </Stack>
      </Card>
    );
  }

  if (step.name === 'totp_setup') {
    return (
      <Card
        title="二段階認証の設定"
        subtitle="このアカウントには認証アプリ（Google Authenticator、Microsoft Authenticator など）による二段階認証が必要です。"
      >
        {errorBox}
        <Stack spacing={2}>
          <Typography variant="body2">
            1.
            認証アプリでQRコードを読み取ってください。読み取れない場合は、下のセットアップキーを入力してください。
          </Typography>
          <TotpQrCode uri={totpSetupUri(step.secret, email)} />
          <Box>
            <Typography variant="caption" color="text.secondary" component="p" id="totp-secret-label">
              セットアップキー
            </Typography>
            <Typography
              aria-labelledby="totp-secret-label"
              data-secret={step.secret}
              sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', userSelect: 'all' }}
            >
              {grouped(step.secret)}
            </Typography>
          </Box>
          <Typography variant="body2">2. 認証アプリに表示された6桁のコードを入力してください。</Typography>
          <Stack component="form" noValidate spacing={2.5} onSubmit={onTotp}>
            {codeField}
            {submit(`設定して${area.verb}`, '確認中')}
          </Stack>
        </Stack>
      </Card>
    );
  }

  if (step.name === 'totp_code') {
    return (
      <Card title="二段階認証" subtitle="認証アプリに表示されている6桁のコードを入力してください。">
        {errorBox}
        <Stack component="form" noValidate spacing={2.5} onSubmit={onTotp}>
          {codeField}
          {submit('確認', '確認中')}
        </Stack>
      </Card>
    );
  }

  return (
    <Card title={area.title}>
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
        {submit(area.verb, `${area.verb}中`)}
      </Stack>
      {area.footer(() => form.getValues('email'))}
    </Card>
  );
}
