import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '../../../app/config-context';
import { AuthCard as BackOfficeAuthCard } from '../../../components/back-office/auth-card';

/** The centred card of the public host pages (sign-in, registration, password reset). */
export function AuthCard(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return <BackOfficeAuthCard area="ホスト管理" {...props} />;
}

/** Locally (`npm start`) codes arrive in the mail outbox, not a real inbox: say where to look. */
export function LocalCodeHint() {
  const { stage } = useAppConfig();
  if (stage !== 'local') return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      ローカル環境では、メールは <code>npm start</code> が表示するメール送信箱（Mail outbox）に届きます。
    </Typography>
  );
}
