/**
 * Host creation (back-office spec §2, §5 "Admin host creation", §8): the admin host form with the specification's
 * Japanese messages, validated by `adminCreateHostSchema`, the same schema the API validates with. The host gets a
 * confirmed account with this password as a temporary one, mailed to the host in Cognito's Japanese invitation
 * (issue 21); a generator makes one that is hard to guess. A taken address says このメールアドレスは既に登録されています on its field; success
 * toasts ホストを作成しました and opens the new host.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  adminCreateHostSchema,
  adminHostCreationMessages,
  adminMessages,
  type AdminCreateHost,
} from '@domain/schemas/admin';
import { PASSWORD_MAX_LENGTH } from '@domain/schemas/host';
import { HostLanguagesField } from '../../../components/back-office/host-languages-field';
import { PageHeader } from '../../../components/back-office/page-header';
import { PasswordField } from '../../../components/back-office/password-field';
import { ApiError } from '../../../lib/api-client';
import { errorOf, textFieldProps } from '../../../lib/back-office/form';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useCreateHost } from '../api/hosts';
import type { HostLanguage } from '../../../lib/back-office/host-languages';

/** The form's own field names, for mapping the API's `fields` back onto them. */
const FIELDS = [
  'email',
  'password',
  'businessName',
  'introduction',
  'businessDescription',
  'businessHours',
  'address',
  'phone',
  'website',
  'locationLat',
  'locationLng',
  'languages',
] as const;
type FieldName = (typeof FIELDS)[number];

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*+-=?@';

/** 16 characters from a cryptographic source (letters, digits and symbols, no look-alikes such as O/0, l/1). */
export function generatePassword(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    if (out.length === length) return out;
  }
  return out.length === length ? out : generatePassword(length);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

export function AdminHostCreatePage() {
  useBackOfficePageMeta('ホストを作成');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateHost();
  const [failure, setFailure] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(adminCreateHostSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      password: '',
      businessName: '',
      introduction: '',
      businessDescription: '',
      businessHours: '',
      address: '',
      phone: '',
      website: '',
      locationLat: '',
      locationLng: '',
      languages: ['japanese'] as HostLanguage[],
    },
  });

  /** One submit at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values: AdminCreateHost) => {
    setFailure(null);
    try {
      const host = await create.mutateAsync(values);
      toast({ severity: 'success', message: adminMessages.hostCreated });
      navigate(`/admin/hosts/${encodeURIComponent(host.id)}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        form.setError('email', { message: adminHostCreationMessages.emailTaken }, { shouldFocus: true });
        return;
      }
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        let first = true;
        for (const [name, message] of Object.entries(e.fields)) {
          if (!(FIELDS as readonly string[]).includes(name)) continue;
          form.setError(name as FieldName, { message }, { shouldFocus: first });
          first = false;
        }
        if (!first) return;
      }
      if (e instanceof ApiError && e.status === 401) return;
      const message =
        e instanceof ApiError && e.status === 503 && e.message ? e.message : adminMessages.hostCreationFailed;
      setFailure(message);
      toast({ severity: 'error', message });
    }
  });

  const languagesError = errorOf(form, 'languages');
  const password = form.watch('password');
  const submitting = flight.pending || form.formState.isSubmitting;

  return (
    <>
      <Button component={RouterLink} to="/admin/hosts" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        ホスト一覧に戻る
      </Button>
      <PageHeader
        title="ホストを作成"
        subtitle="ホストのアカウントとプロフィールを作成します。作成したメールアドレスとパスワードで、ホストはすぐにログインできます。"
      />
      <Box
        component="form"
        noValidate
        onSubmit={submitOnce(flight, onSubmit)}
        aria-label="ホスト作成"
        sx={{ display: 'grid', gap: 2, maxWidth: 760 }}
      >
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Section title="アカウント">
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="off"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 254 } }}
            {...textFieldProps(form, 'email', 'ホストのログインIDになります')}
          />
          <Box
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <PasswordField
              label="パスワード"
              autoComplete="new-password"
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
              {...textFieldProps(
                form,
                'password',
                '8文字以上。ホストに安全な方法でお伝えください（ホストはプロフィール設定で変更できます）',
              )}
            />
            <Button
              variant="outlined"
              sx={{ flexShrink: 0, mt: { sm: 1 } }}
              onClick={() => {
                const password = generatePassword();
                form.setValue('password', password, { shouldValidate: true, shouldDirty: true });
                setGenerated(password);
              }}
            >
              自動生成
            </Button>
          </Box>
          {generated !== null && generated === password && (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(generated)
                      .then(() => toast({ severity: 'success', message: 'パスワードをコピーしました' }))
                      .catch(() => {})
                  }
                >
                  コピー
                </Button>
              }
            >
              生成したパスワード:{' '}
              <Box
                component="code"
                sx={{ fontSize: '1rem', userSelect: 'all' }}
                data-testid="generated-password"
              >
                {generated}
              </Box>
            </Alert>
          )}
        </Section>
        <Section title="プロフィール">
          <TextField
            label="ビジネス名"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
            {...textFieldProps(form, 'businessName')}
          />
          <HostLanguagesField control={form.control} name="languages" error={languagesError} />
          <TextField
            label="自己紹介"
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            {...textFieldProps(form, 'introduction')}
          />
          <TextField
            label="事業内容"
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 4000 } }}
            {...textFieldProps(form, 'businessDescription')}
          />
        </Section>
        <Section title="連絡先・所在地（任意）">
          <TextField
            label="営業時間"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
            {...textFieldProps(form, 'businessHours', '例: 9:00〜17:00（水曜定休）')}
          />
          <TextField
            label="住所"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 300 } }}
            {...textFieldProps(form, 'address')}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="電話番号"
              type="tel"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 30 } }}
              {...textFieldProps(form, 'phone')}
            />
            <TextField
              label="ウェブサイト"
              type="url"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 500 } }}
              {...textFieldProps(form, 'website')}
            />
            <TextField
              label="緯度"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...textFieldProps(form, 'locationLat', '例: 33.8392')}
            />
            <TextField
              label="経度"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...textFieldProps(form, 'locationLng', '例: 132.7657')}
            />
          </Box>
        </Section>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/admin/hosts" disabled={submitting}>
            キャンセル
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? <CircularProgress size={22} color="inherit" aria-label="作成中" /> : 'ホストを作成'}
          </Button>
        </Box>
      </Box>
    </>
  );
}
