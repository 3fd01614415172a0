/**
 * The admin's own password (back-office spec §5 "Admin password change", §8), with `adminPasswordChangeSchema`'s
 * messages and the specification's admin wording (更新); the form is the back offices' shared one.
 */
import { adminPasswordChangeSchema } from '@domain/schemas/admin';
import { PasswordChangeForm } from '../../../components/back-office/password-change-form';

/** Back-office spec §8 (success and failure); the wrong current password is ours. */
export const ADMIN_PASSWORD_MESSAGES = {
  changed: 'パスワードを更新しました',
  failed: 'パスワードの更新に失敗しました。',
  wrongCurrent: '現在のパスワードが正しくありません',
} as const;

const WORDING = { ...ADMIN_PASSWORD_MESSAGES, submit: 'パスワードを更新', submitting: '更新中' };

export function AdminPasswordChangeForm() {
  return <PasswordChangeForm schema={adminPasswordChangeSchema} wording={WORDING} />;
}
