/**
 * The back offices' own-password change (back-office spec §5 "Host password change" and "Admin password change",
 * §8): current password required, the new one at least 8 characters, the confirmation equal to it, with the schema's
 * messages. Changed in Cognito directly (Amplify `updatePassword`), which, unlike the specification's backend, checks
 * the current one. Each area passes its schema and its wording (the specification words them differently).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { passwordChangeSchema } from '@domain/schemas/host';
import { AuthFailure } from '../../lib/back-office-auth/auth-client';
import { authErrorMessage, isWrongCurrentPassword } from '../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../lib/back-office-auth/back-office-auth';
import { textFieldProps } from '../../lib/back-office/form';
import { useToast } from '../../lib/toast';
import { submitOnce, useSingleFlight } from '../../lib/back-office/use-single-flight';
import { PasswordField } from './password-field';

export interface PasswordChangeWording {
  changed: string;
  failed: string;
  wrongCurrent: string;
  /** The button's label, and what its spinner says while the change runs. */
  submit: string;
  submitting: string;
}

export function PasswordChangeForm({
  schema,
  wording,
}: {
  schema: ReturnType<typeof passwordChangeSchema>;
  wording: PasswordChangeWording;
}) {
  const { client } = useBackOfficeAuth();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  /** One submit at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await client.updatePassword(values.currentPassword, values.newPassword);
      form.reset();
      toast({ severity: 'success', message: wording.changed });
    } catch (e) {
      if (isWrongCurrentPassword(e)) {
        form.setError('currentPassword', { message: wording.wrongCurrent }, { shouldFocus: true });
        return;
      }
      if (e instanceof AuthFailure && e.code === 'InvalidPasswordException') {
        form.setError('newPassword', { message: authErrorMessage(e, wording.failed) });
        return;
      }
      toast({ severity: 'error', message: authErrorMessage(e, wording.failed) });
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submitOnce(flight, onSubmit)}
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
        <Button type="submit" variant="contained" disabled={flight.pending || form.formState.isSubmitting}>
          {flight.pending || form.formState.isSubmitting ? (
            <CircularProgress size={22} color="inherit" aria-label={wording.submitting} />
          ) : (
            wording.submit
          )}
        </Button>
      </Box>
    </Stack>
  );
}
