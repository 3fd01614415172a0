/**
 * The back office's cancellation of a booking (DESIGN §4c), for both areas: the host cancels an approved booking
 * (reason required, the whole charge refunded, the slot stays closed); an admin cancels a pending or approved one
 * with a reason and a refund between 0 and the charge (the booking's own rule proposes the amount; a blank amount
 * is an error, never ¥0). One message at a time: a field's own beside it, anything else above; one request per
 * confirmation.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Booking } from '@domain/entities';
import { guestCancellationQuote } from '@domain/cancellation';
import { CANCELLED_BY, REFUND_STATUS } from '@domain/booking-csv';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  adminCancelApprovedBookingSchema,
  adminCancelBookingSchema,
  hostCancelBookingSchema,
} from '@domain/schemas/cancellation';
import { fieldErrors as messagesByField } from '@domain/validation';
import { ApiError } from '../api-client';
import { useAuthorizedApi } from '../back-office-auth/use-authorized-api';
import { useSingleFlight } from './use-single-flight';

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** The cancellation facts of a cancelled booking, in Japanese: who, why, what was refunded. */
export function cancellationRows(booking: Booking): [string, string][] {
  if (booking.status !== 'cancelled' || !booking.cancelledBy) return [];
  return [
    ['キャンセル者', CANCELLED_BY[booking.cancelledBy]],
    ['キャンセル理由', booking.cancellationReason ?? '—'],
    [
      '返金',
      booking.refundStatus
        ? `${yen(booking.refundAmount ?? 0)}（${REFUND_STATUS[booking.refundStatus]}）`
        : '請求なし（与信取消）',
    ],
  ];
}

/** Who may cancel this booking from this area. */
export const canCancel = (role: 'host' | 'admin', booking: Booking) =>
  role === 'host'
    ? booking.status === 'approved'
    : booking.status === 'approved' || booking.status === 'pending';

export function CancelBookingDialog({
  role,
  booking,
  open,
  onClose,
  bookingsRoot,
  alsoChanged = [],
  onCancelled,
}: {
  role: 'host' | 'admin';
  booking: Booking;
  open: boolean;
  onClose: () => void;
  /** The area's bookings query root (the booking and the lists are refetched). */
  bookingsRoot: readonly unknown[];
  alsoChanged?: QueryKey[];
  onCancelled: (refundAmount: number) => void;
}) {
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  const charged = booking.status === 'approved' ? booking.amount : 0;
  /** What the booking's refund rule returns now: the admin's starting point. */
  const [proposed] = useState(() => guestCancellationQuote(booking, new Date()).refundAmount);
  /** Only an admin cancelling an approved booking chooses the amount. */
  const choosesRefund = role === 'admin' && booking.status === 'approved';
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(String(proposed));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight();
  const mutation = useMutation({
    mutationFn: (body: { reason: string; refundAmount?: number }) =>
      api<{ refundAmount: number }>(`/${role}/bookings/${encodeURIComponent(booking.id)}/cancel`, {
        method: 'POST',
        body,
      }),
    onSettled: () => {
      for (const queryKey of [[...bookingsRoot], ...alsoChanged])
        void queryClient.invalidateQueries({ queryKey });
    },
  });

  /** Shows one message: the fields' own (beside them), or one above the form. */
  const show = (fields: Record<string, string>, message: string | null = null) => {
    setFieldErrors(fields);
    setError(message);
  };

  const submit = async () => {
    // A cleared amount stays "not given" (required), never Number('') = 0.
    const parsed = choosesRefund
      ? adminCancelApprovedBookingSchema.safeParse({
          reason,
          refundAmount: refund.trim() === '' ? undefined : Number(refund),
        })
      : (role === 'host' ? hostCancelBookingSchema : adminCancelBookingSchema).safeParse({ reason });
    if (!parsed.success) {
      show(messagesByField(parsed.error));
      return;
    }
    show({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      onCancelled(answer.refundAmount);
    } catch (e) {
      // A message about a field this dialog shows goes beside it; anything else above the form.
      const shown = ['reason', ...(choosesRefund ? ['refundAmount'] : [])];
      const own = Object.entries(e instanceof ApiError ? (e.fields ?? {}) : {}).filter(([k]) =>
        shown.includes(k),
      );
      if (own.length > 0) show(Object.fromEntries(own));
      else show({}, e instanceof Error ? e.message : 'キャンセルできませんでした。');
    }
  };
  const busy = flight.pending || mutation.isPending;

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="sm">
      <DialogTitle>予約をキャンセル</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Typography sx={{ mb: 2 }}>
          {booking.status === 'pending'
            ? 'リクエスト中の予約です。カードの与信は取り消され、お客様への請求はありません。'
            : role === 'host'
              ? `ホストによるキャンセルは全額返金です。${yen(charged)} をお客様に返金し、この枠は閉じたままになります（枠カレンダーで再開できます）。`
              : `請求額 ${yen(charged)}。キャンセルポリシーによる返金額は ${yen(proposed)} です。`}
        </Typography>
        <TextField
          label="キャンセル理由"
          required
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (fieldErrors.reason) show({ ...fieldErrors, reason: '' });
          }}
          error={Boolean(fieldErrors.reason)}
          helperText={fieldErrors.reason || 'お客様にメールでお送りします。'}
          slotProps={{ htmlInput: { maxLength: CANCELLATION_REASON_MAX_LENGTH } }}
        />
        {choosesRefund && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2, flexWrap: 'wrap' }}>
            <TextField
              label="返金額（円）"
              type="number"
              required
              sx={{ flex: '1 1 220px' }}
              value={refund}
              onChange={(e) => {
                setRefund(e.target.value);
                if (fieldErrors.refundAmount) show({ ...fieldErrors, refundAmount: '' });
              }}
              error={Boolean(fieldErrors.refundAmount)}
              helperText={fieldErrors.refundAmount || `0〜${yen(charged)}`}
              slotProps={{ htmlInput: { min: 0, max: charged, step: 1 } }}
            />
            {refund !== String(proposed) && (
              <Button
                onClick={() => {
                  setRefund(String(proposed));
                  show({ ...fieldErrors, refundAmount: '' });
                }}
                sx={{ mt: 1 }}
              >
                ポリシーの返金額（{yen(proposed)}）に戻す
              </Button>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          戻る
        </Button>
        <Button variant="contained" color="error" disabled={busy} onClick={() => void flight.run(submit)}>
          {busy ? <CircularProgress size={22} color="inherit" aria-label="処理中" /> : 'キャンセルを確定'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
