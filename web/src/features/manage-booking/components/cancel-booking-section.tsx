import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { LookupBookingView } from '@domain/booking-views';
import { formatJpy } from '@domain/pricing';
import { describeRefundRule } from '@domain/refund-rule';

const CANCELLED_BY = { guest: 'you', host: 'the host', admin: 'our support team' } as const;

/** What cancelling now would mean for the guest's money, in one sentence. */
function refundSentence(booking: LookupBookingView): string {
  if (booking.status === 'pending') {
    return 'Your card has not been charged: cancelling releases the authorisation and you pay nothing.';
  }
  const { refundAmount, refundPercentage } = booking.cancellation;
  return refundAmount > 0
    ? `If you cancel now, ${formatJpy(refundAmount)} (${refundPercentage}%) will be refunded to your card.`
    : 'If you cancel now, nothing will be refunded under the cancellation policy.';
}

/**
 * The lookup page's cancellation (DESIGN §4c): the booking's refund rule in words, what cancelling now returns,
 * a confirmation dialog that repeats it, and once cancelled who cancelled, why and the refund.
 */
export function CancelBookingSection({
  booking,
  onConfirm,
  pending,
  error,
}: {
  booking: LookupBookingView;
  onConfirm: () => Promise<unknown>;
  pending: boolean;
  error: string | null;
}) {
  const [open, setOpen] = useState(false);
  const rule = describeRefundRule(booking.refundRule, 'en');

  if (booking.status === 'cancelled' && booking.cancelledBy) {
    const refund = booking.refundAmount ?? 0;
    return (
      <Box component="section" aria-label="Cancellation" data-testid="cancellation-summary">
        <Typography variant="h6" component="h2" gutterBottom>
          Cancellation
        </Typography>
        <Typography>This booking was cancelled by {CANCELLED_BY[booking.cancelledBy]}.</Typography>
        {booking.cancellationReason && <Typography>Reason: {booking.cancellationReason}</Typography>}
        <Typography data-testid="refund-summary">
          {booking.refundStatus === null
            ? 'Your card was not charged.'
            : refund === 0
              ? 'No refund.'
              : booking.refundStatus === 'succeeded'
                ? `Refunded: ${formatJpy(refund)}`
                : `Refund of ${formatJpy(refund)} in progress.`}
        </Typography>
      </Box>
    );
  }
  if (!booking.cancellation.allowed) return null;
  return (
    <Box component="section" aria-label="Cancellation">
      <Typography variant="h6" component="h2" gutterBottom>
        Cancellation
      </Typography>
      <Typography color="text.secondary">Refund rule: {rule}</Typography>
      <Typography data-testid="cancel-quote" sx={{ my: 1 }}>
        {refundSentence(booking)}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">Cancel this booking?</DialogTitle>
        <DialogContent>
          <DialogContentText>{refundSentence(booking)}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>This cannot be undone.</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            Keep booking
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={pending}
            onClick={() =>
              void onConfirm().then(
                () => setOpen(false),
                () => undefined,
              )
            }
          >
            Cancel booking
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
