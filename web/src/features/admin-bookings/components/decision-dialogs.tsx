/**
 * Deny on an unresponsive host's behalf (issue 10 item 5; approve asks with the shared `ApproveDialog`): the host's own use cases, so the card is
 * captured or released and the guest mailed exactly as when the host answers; the booking records the admin as the
 * one who decided. Each asks for confirmation first, saying what will happen; deny asks for the reason the guest
 * will read (required, back-office spec §5).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AdminBookingView } from '@domain/back-office-views';
import { denyBookingSchemaJa } from '@domain/schemas/host';
import { bookingSummaryJa } from '../../../lib/back-office/approve-dialog';
import { DenialReasonField } from '../../../lib/back-office/denial-reason-field';
import { siteLanguageNameJa } from '@domain/languages';

export function DenyDialog({
  booking,
  open,
  working,
  error,
  fieldError,
  onCancel,
  onConfirm,
}: {
  booking: AdminBookingView;
  open: boolean;
  working: boolean;
  error: string | null;
  /** A message about the reason from the server (400). */
  fieldError: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const shownError = reasonError ?? fieldError;

  const submit = () => {
    const parsed = denyBookingSchemaJa.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    onConfirm(parsed.data.reason);
  };

  return (
    <Dialog
      open={open}
      onClose={working ? undefined : onCancel}
      aria-labelledby="deny-title"
      maxWidth="sm"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setReason('');
            setReasonError(null);
          },
        },
      }}
    >
      <DialogTitle id="deny-title">ホストに代わって否認しますか？</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>
          {bookingSummaryJa(booking)}
          のリクエストを否認します。カードの与信は取り消され、予約枠は解放されます。否認理由は お客様に
          {siteLanguageNameJa(booking.guestLocale)}のメールでお送りします。
          否認は管理者による回答として記録されます。
        </DialogContentText>
        <DenialReasonField
          value={reason}
          error={shownError}
          onChange={(value) => {
            setReason(value);
            if (reasonError) setReasonError(null);
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={working}>
          キャンセル
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={working}>
          {working ? <CircularProgress size={22} color="inherit" aria-label="否認中" /> : '否認する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
