/**
 * The back office's cancellation of a booking (DESIGN §4c), for both areas: the host cancels an approved booking
 * (reason required, the whole charge refunded, the slot stays closed); an admin cancels a pending or approved one
 * with a reason and a refund between 0 and the charge (the booking's own rule proposes the amount).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
  adminCancelBookingSchema,
  hostCancelBookingSchema,
} from '@domain/schemas/cancellation';
import { ApiError } from '../api-client';
import { useAuthorizedApi } from '../back-office-auth/use-authorized-api';

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
  const proposed = guestCancellationQuote(booking, new Date()).refundAmount;
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(String(role === 'host' ? charged : proposed));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
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

  const submit = async () => {
    const input = role === 'host' ? { reason } : { reason, refundAmount: Number(refund) };
    const parsed = (role === 'host' ? hostCancelBookingSchema : adminCancelBookingSchema).safeParse(input);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFieldErrors({});
    setError(null);
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      onCancelled(answer.refundAmount);
    } catch (e) {
      if (e instanceof ApiError && e.fields) setFieldErrors(e.fields);
      setError(e instanceof Error ? e.message : 'キャンセルできませんでした。');
    }
  };

  return (
    <Dialog open={open} onClose={() => !mutation.isPending && onClose()} fullWidth maxWidth="sm">
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
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(fieldErrors.reason)}
          helperText={fieldErrors.reason ?? 'お客様にメールでお送りします。'}
          slotProps={{ htmlInput: { maxLength: CANCELLATION_REASON_MAX_LENGTH } }}
        />
        {role === 'admin' && booking.status === 'approved' && (
          <TextField
            label="返金額（円）"
            type="number"
            fullWidth
            sx={{ mt: 2 }}
            value={refund}
            onChange={(e) => setRefund(e.target.value)}
            error={Boolean(fieldErrors.refundAmount)}
            helperText={fieldErrors.refundAmount ?? `0〜${yen(charged)}`}
            slotProps={{ htmlInput: { min: 0, max: charged, step: 1 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          戻る
        </Button>
        <Button variant="contained" color="error" disabled={mutation.isPending} onClick={() => void submit()}>
          {mutation.isPending ? (
            <CircularProgress size={22} color="inherit" aria-label="処理中" />
          ) : (
            'キャンセルを確定'
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
