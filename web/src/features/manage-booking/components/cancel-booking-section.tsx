import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LookupBookingView } from '@domain/booking-views';
import { describeRefundRule } from '@domain/refund-rule';
import { useT } from '../../../lib/i18n/i18n';
import type { Translator } from '../../../lib/i18n/i18n';

/** What cancelling now would mean for the guest's money, in one sentence. */
function refundSentence(booking: LookupBookingView, { t, yen }: Translator): string {
  if (booking.status === 'pending') return t('cancel.pendingQuote');
  const { refundAmount, refundPercentage } = booking.cancellation;
  return refundAmount > 0
    ? t('cancel.refundQuote', { amount: yen(refundAmount), percentage: refundPercentage })
    : t('cancel.noRefundQuote');
}

/** The digits of a typed or pasted code (`482 913`, `482-913`), at most six. */
const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/**
 * The lookup page's cancellation (DESIGN §4c): the booking's refund rule in words, what cancelling now returns,
 * a confirmation dialog that repeats it and asks for the code mailed to the booking's address (issue 29: e-mail
 * and reference alone cancel nothing), and once cancelled who cancelled, why and the refund.
 */
export function CancelBookingSection({
  booking,
  onRequestCode,
  onConfirm,
  pending,
  error,
}: {
  booking: LookupBookingView;
  /** Mails a code to the booking's address. */
  onRequestCode: () => Promise<unknown>;
  onConfirm: (code: string) => Promise<unknown>;
  /** A code being sent or the cancellation being made. */
  pending: boolean;
  error: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const sendCode = () =>
    void onRequestCode().then(
      () => {
        setCodeSent(true);
        setCode('');
      },
      () => undefined,
    );
  const tr = useT();
  const { t, yen } = tr;
  const rule = describeRefundRule(booking.refundRule, tr.locale);

  if (booking.status === 'cancelled' && booking.cancelledBy) {
    const refund = booking.refundAmount ?? 0;
    return (
      <Box component="section" aria-label={t('cancel.title')} data-testid="cancellation-summary">
        <Typography variant="h6" component="h2" gutterBottom>
          {t('cancel.title')}
        </Typography>
        <Typography>{t(`cancel.by.${booking.cancelledBy}`)}</Typography>
        {booking.cancellationReason && (
          <Typography>{t('cancel.reason', { reason: booking.cancellationReason })}</Typography>
        )}
        <Typography data-testid="refund-summary">
          {booking.refundStatus === null
            ? t('cancel.notCharged')
            : refund === 0
              ? t('cancel.noRefund')
              : booking.refundStatus === 'succeeded'
                ? t('cancel.refunded', { amount: yen(refund) })
                : t('cancel.refundInProgress', { amount: yen(refund) })}
        </Typography>
      </Box>
    );
  }
  if (!booking.cancellation.allowed) return null;
  return (
    <Box component="section" aria-label={t('cancel.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('cancel.title')}
      </Typography>
      <Typography color="text.secondary">{t('cancel.rule', { rule })}</Typography>
      <Typography data-testid="cancel-quote" sx={{ my: 1 }}>
        {refundSentence(booking, tr)}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('cancel.action')}
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{t('cancel.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{refundSentence(booking, tr)}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{t('cancel.final')}</DialogContentText>
          {codeSent ? (
            <>
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('cancel.codeSent')}
              </Alert>
              <TextField
                label={t('cancel.codeLabel')}
                value={code}
                onChange={(e) => setCode(codeDigits(e.target.value))}
                autoComplete="one-time-code"
                fullWidth
                margin="normal"
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'cancel-code' } }}
              />
              <Button size="small" onClick={sendCode} disabled={pending}>
                {t('cancel.resendCode')}
              </Button>
            </>
          ) : (
            <DialogContentText sx={{ mt: 1 }}>{t('cancel.codeIntro')}</DialogContentText>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            {t('cancel.keep')}
          </Button>
          {codeSent ? (
            <Button
              color="error"
              variant="contained"
              disabled={pending || code.length !== 6}
              onClick={() =>
                void onConfirm(code).then(
                  () => setOpen(false),
                  () => undefined,
                )
              }
            >
              {t('cancel.action')}
            </Button>
          ) : (
            <Button color="error" variant="contained" disabled={pending} onClick={sendCode}>
              {t('cancel.sendCode')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
