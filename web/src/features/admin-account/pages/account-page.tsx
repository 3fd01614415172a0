/**
 * The admin's account (back-office spec §2 "Account": e-mail, role 管理者, password change; §8 sign-out failure
 * サインアウトに失敗しました。).
 */
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/back-office/page-header';
import { SIGN_OUT_FAILED } from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { useAdminMe } from '../../../lib/back-office/admin-account';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { AdminPasswordChangeForm } from '../components/password-change-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function AdminAccountPage() {
  useBackOfficePageMeta('アカウント管理');
  const auth = useBackOfficeAuth();
  const me = useAdminMe();
  const navigate = useNavigate();
  const toast = useToast();
  const email = auth.user?.email ?? me.data?.email ?? null;

  const signOut = () => {
    auth
      .signOut()
      .then(() => navigate(auth.signInPath, { replace: true }))
      .catch(() => toast({ severity: 'error', message: SIGN_OUT_FAILED }));
  };

  return (
    <>
      <PageHeader title="アカウント管理" />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
        <Section title="アカウント情報">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '120px 1fr', rowGap: 1.5 }}>
            <Typography component="dt" color="text.secondary">
              メールアドレス
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }} data-testid="admin-email">
              {email ?? <Skeleton width={200} />}
            </Typography>
            <Typography component="dt" color="text.secondary">
              権限
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Chip size="small" color="primary" label="管理者" />
            </Box>
          </Box>
        </Section>
        <Section title="パスワード変更">
          <AdminPasswordChangeForm />
        </Section>
        <Section title="サインアウト">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            共有のパソコンをお使いの場合は、作業が終わったら必ずサインアウトしてください。
          </Typography>
          <Button variant="outlined" startIcon={<LogoutIcon />} onClick={signOut}>
            サインアウト
          </Button>
        </Section>
      </Box>
    </>
  );
}
