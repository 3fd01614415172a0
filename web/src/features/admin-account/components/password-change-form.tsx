/**
 * The admin's own password (back-office spec §5 "Admin password change", §8): current password required, the new
 * one at least 8 characters, the confirmation equal to it, with `adminPasswordChangeSchema`'s messages. Changed in
 * Cognito directly (Amplify `updatePassword`), which, unlike the specification's backend, checks the current one.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { adminPasswordChangeSchema } from '@domain/schemas/admin';
import { PasswordField } from '../../../components/back-office/password-field';
import { AuthFailure } from '../../../lib/back-office-auth/auth-client';
import { authErrorMessage } from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../../lib/back-office/form';
import { useToast } from '../../../lib/toast';

/** Back-office spec §8 (success and failure); the wrong current password is ours. */
export const ADMIN_PASSWORD_MESSAGES = {
  changed: 'パスワードを更新しました',
  failed: 'パスワードの更新に失敗しました。',
  wrongCurrent: '現在のパスワードが正しくありません',
} as const;

export function AdminPasswordChangeForm() {
  const { client } = useBackOfficeAuth();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(adminPasswordChangeSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await client.updatePassword(values.currentPassword, values.newPassword);
      form.reset();
      toast({ severity: 'success', message: ADMIN_PASSWORD_MESSAGES.changed });
    } catch (e) {
      if (e instanceof AuthFailure && e.code === 'NotAuthorizedException') {
        form.setError(
          'currentPassword',
          { message: ADMIN_PASSWORD_MESSAGES.wrongCurrent },
          { shouldFocus: true },
        );
        return;
      }
      if (e instanceof AuthFailure && e.code === 'InvalidPasswordException') {
        form.setError('newPassword', { message: authErrorMessage(e, ADMIN_PASSWORD_MESSAGES.failed) });
        return;
      }
      toast({ severity: 'error', message: ADMIN_PASSWORD_MESSAGES.failed });
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(e) => void onSubmit(e)}
      aria-label="パスワード変更"
      sx={{ maxWidth: 480 }}
    >
      <PasswordField
        label="現在のパスワード"
        autoComplete="current-password"
        required
        fullWidth
        {...textFieldProps(form, 'currentPassword')}
      />
      <PasswordField
        label="新しいパスワード"
        autoComplete="new-password"
        required
        fullWidth
        {...textFieldProps(form, 'newPassword', '8文字以上')}
      />
      <PasswordField
        label="新しいパスワード（確認）"
        autoComplete="new-password"
        required
        fullWidth
        {...textFieldProps(form, 'confirmPassword')}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? (
            <CircularProgress size={22} color="inherit" aria-label="更新中" />
          ) : (
            'パスワードを更新'
          )}
        </Button>
      </Box>
    </Stack>
  );
}
