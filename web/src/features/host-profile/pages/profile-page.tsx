/** Host profile settings (back-office spec §2): the profile form with the avatar, and the password change. */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/back-office/page-header';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { AvatarUploader } from '../components/avatar-uploader';
import { PasswordChangeForm } from '../components/password-change-form';
import { ProfileForm } from '../components/profile-form';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const PROFILE_LOAD_FAILED = 'プロフィール情報の取得に失敗しました';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ProfilePage() {
  useBackOfficePageMeta('プロフィール設定');
  const me = useHostMe();
  return (
    <>
      <PageHeader title="プロフィール設定" subtitle={me.data?.email} />
      {me.isError && <RetryAlert onRetry={() => void me.refetch()}>{PROFILE_LOAD_FAILED}</RetryAlert>}
      {me.isPending && <Skeleton variant="rounded" height={320} />}
      {me.data && (
        <Stack spacing={3}>
          <Section title="プロフィール">
            <Stack spacing={3}>
              <AvatarUploader host={me.data} />
              <ProfileForm key={me.data.email} host={me.data} />
            </Stack>
          </Section>
          <Section title="パスワード変更">
            <PasswordChangeForm />
          </Section>
        </Stack>
      )}
    </>
  );
}
