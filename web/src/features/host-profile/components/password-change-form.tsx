/**
 * The host's password change (back-office spec §5 "Host password change", §8), with the Japanese messages of the
 * host schema; the form is the back offices' shared one.
 */
import { hostPasswordChangeSchemaJa } from '@domain/schemas/host';
import { PasswordChangeForm as BackOfficePasswordChangeForm } from '../../../components/back-office/password-change-form';

export const PASSWORD_MESSAGES = {
  changed: 'パスワードを変更しました',
  failed: 'パスワードの更新に失敗しました',
  wrongCurrent: '現在のパスワードが正しくありません',
} as const;

const WORDING = { ...PASSWORD_MESSAGES, submit: 'パスワードを変更', submitting: '変更中' };

export function PasswordChangeForm() {
  return <BackOfficePasswordChangeForm schema={hostPasswordChangeSchemaJa} wording={WORDING} />;
}
