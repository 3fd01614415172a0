/**
 * The confirmation before a request is approved, for the host and for an admin deciding on the host's behalf
 * (issue 21): who and when, and the amount the guest's card will be charged, since approving cannot be undone.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { formatTourJa, formatYen, guestName } from './format';

/** 予約番号 ABC123（Hanako Tester 様、2026/12/05（土） 10:00、2 名）. */
export const bookingSummaryJa = (b: BackOfficeBooking) =>
  `予約番号 ${b.reference}（${guestName(b)} 様、${formatTourJa(b)}、${b.guests} 名）`;

export function ApproveDialog({
  booking,
  open,
  working,
  error,
  onBehalf = false,
  onCancel,
  onConfirm,
}: {
  booking: BackOfficeBooking;
  open: boolean;
  working: boolean;
  error: string | null;
  /** An admin approving for the host: said in the title and recorded as the admin's answer. */
  onBehalf?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={working ? undefined : onCancel}
      aria-labelledby="approve-title"
      aria-describedby="approve-charge"
      maxWidth="sm"
    >
      <DialogTitle id="approve-title">
        {onBehalf ? 'ホストに代わって承認しますか？' : 'このリクエストを承認しますか？'}
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 1.5 }}>
          {bookingSummaryJa(booking)}のリクエストを承認します。
        </DialogContentText>
        <DialogContentText id="approve-charge" data-testid="approve-charge">
          お客様のカードに {formatYen(booking.amount)} が請求され、お客様に予約確定のメールが送信されます。
          この操作は取り消せません。{onBehalf && '承認は管理者による回答として記録されます。'}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={working}>
          キャンセル
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={working}>
          {working ? <CircularProgress size={22} color="inherit" aria-label="承認中" /> : '承認する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
