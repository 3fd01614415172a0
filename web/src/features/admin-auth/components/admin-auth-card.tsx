import type { ReactNode } from 'react';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { AuthCard } from '../../../components/back-office/auth-card';

/** The centred card of the admin sign-in. */
export function AdminAuthCard(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <AuthCard
      area={
        <>
          <AdminPanelSettingsOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
          管理者画面
        </>
      }
      {...props}
    />
  );
}
