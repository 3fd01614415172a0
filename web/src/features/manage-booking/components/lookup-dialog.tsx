import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  LOOKUP_INVALID_EMAIL_MESSAGE,
  LOOKUP_INVALID_REFERENCE_MESSAGE,
  LOOKUP_REQUIRED_MESSAGE,
  lookupRequestSchema,
} from '@domain/schemas/lookup';
import type { LookupInput } from '../api/lookup-booking';
import { useT } from '../../../lib/i18n/i18n';
import type { MessageKey } from '../../../lib/i18n/i18n';

/**
 * What the Booking ID field keeps of what was typed or pasted: no white space (a reference has none, and one copied
 * from a mail often brings some along), upper case (guest spec §5), then at most the 6 characters of a reference.
 */
export function bookingIdInput(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, 6);
}

/** The domain's lookup messages and their catalogue keys. */
const LOOKUP_MESSAGES: Record<string, MessageKey> = {
  [LOOKUP_REQUIRED_MESSAGE]: 'guest.error.required',
  [LOOKUP_INVALID_EMAIL_MESSAGE]: 'guest.error.email',
  [LOOKUP_INVALID_REFERENCE_MESSAGE]: 'manage.invalidReference',
};

export interface LookupProblem {
  title?: string;
  message: string;
}

/**
 * Guest spec §2 and §5: e-mail (an e-mail input) and booking ID (forced to upper case), both required; the
 * domain's lookup schema decides what is valid.
 */
export function LookupDialog({
  open,
  title,
  busy,
  problem,
  initial,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  problem: LookupProblem | null;
  initial?: Partial<LookupInput>;
  onSubmit: (input: LookupInput) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState(initial?.email ?? '');
  const [reference, setReference] = useState(initial?.reference ?? '');
  const [touched, setTouched] = useState({ email: false, reference: false });

  const { t } = useT();
  const parsed = lookupRequestSchema.safeParse({ email, reference });
  const errorOf = (field: keyof LookupInput) => {
    if (parsed.success || !touched[field]) return undefined;
    const message = parsed.error.issues.find((i) => i.path[0] === field)?.message;
    const key = message ? LOOKUP_MESSAGES[message] : undefined;
    return key ? t(key) : message;
  };

  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="lookup-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched({ email: true, reference: true });
          if (parsed.success) onSubmit(parsed.data);
        }}
      >
        <DialogTitle id="lookup-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              type="email"
              label={t('guest.email')}
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={Boolean(errorOf('email'))}
              helperText={errorOf('email') ?? t('manage.emailHint')}
            />
            <TextField
              required
              label={t('manage.bookingId')}
              value={reference}
              onChange={(e) => setReference(bookingIdInput(e.target.value))}
              onBlur={() => setTouched((t) => ({ ...t, reference: true }))}
              error={Boolean(errorOf('reference'))}
              helperText={errorOf('reference') ?? t('manage.bookingIdHint')}
              // No `maxLength`: the browser would cut a pasted " tv9du6" to " tv9du" before it could be trimmed.
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
            {problem && (
              <Alert severity="error" role="alert">
                {problem.title && <AlertTitle>{problem.title}</AlertTitle>}
                {problem.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('manage.checking') : t('manage.check')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
