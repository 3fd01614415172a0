/**
 * The booking detail dialog (back-office spec §2, §4, §8): reservation number, the experience (title, date and time,
 * guests, total) and the booker (name, e-mail, phone, nationality, tour language, special requests, the denial
 * reason once denied). Approve and deny act on a pending request only; deny opens the reason box (back, confirm),
 * and the reason is mailed to the guest. Approving charges the authorised card.
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
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { canHostDecide } from '@domain/booking-status-labels';
import { denyBookingSchemaJa } from '@domain/schemas/host';
import { BookingStatusChip } from '../../../components/back-office/status-chips';
import { ViaConciergeChip } from '../../../components/back-office/offer-status-chip';
import { PhoneLink } from '../../../components/back-office/phone-link';
import { ApiError } from '../../../lib/api-client';
import {
  decidedByLabel,
  formatDateTimeJa,
  formatTourJa,
  formatYen,
  guestName,
  isDeadlineNear,
  nationalityJa,
  timeLeftJa,
  tourLanguageLabel,
} from '../../../lib/back-office/format';
import { useNow } from '../../../lib/back-office/use-now';
import { useToast } from '../../../lib/toast';
import { HOST_BOOKINGS_ROOT, useApproveBooking, useDenyBooking, useHostBooking } from '../api/bookings';
import { CancelBookingDialog, canCancel } from '../../../lib/back-office/cancel-booking-dialog';
import { ApproveDialog } from '../../../lib/back-office/approve-dialog';
import { DECISION_MESSAGES, decisionError } from '../../../lib/back-office/decision-error';
import { DenialReasonField } from '../../../lib/back-office/denial-reason-field';
import { HOST_QUERY_ROOT } from '../../../lib/back-office/host-account';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { BookingOutcomeRows, DetailList, DetailRow } from '../../../components/back-office/detail-row';
import { siteLanguageNameJa } from '@domain/languages';

function Details({ booking }: { booking: BackOfficeBooking }) {
  const now = useNow();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <BookingStatusChip status={booking.status} />
        {booking.viaConcierge && <ViaConciergeChip />}
        {booking.status === 'pending' && booking.deadline && (
          <Typography
            variant="body2"
            sx={{
              color: isDeadlineNear(booking.deadline, now) ? 'error.main' : 'warning.dark',
              fontWeight: 600,
            }}
          >
            回答期限 {formatDateTimeJa(booking.deadline)}（{timeLeftJa(booking.deadline, now)}）
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        体験
      </Typography>
      <Divider sx={{ mb: 0.5 }} />
      <DetailList>
        <DetailRow label="体験名">{booking.experienceTitle}</DetailRow>
        <DetailRow label="日時">{formatTourJa(booking)}</DetailRow>
        <DetailRow label="人数">{booking.guests} 名</DetailRow>
        <DetailRow label="合計金額">
          {formatYen(booking.amount)}（{formatYen(booking.unitPrice)} × {booking.guests} 名）
        </DetailRow>
      </DetailList>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        予約者
      </Typography>
      <Divider sx={{ mb: 0.5 }} />
      <DetailList>
        <DetailRow label="お名前">{guestName(booking)} 様</DetailRow>
        <DetailRow label="メール">
          <a href={`mailto:${booking.email}`}>{booking.email}</a>
        </DetailRow>
        <DetailRow label="電話番号">
          <PhoneLink phone={booking.phone} />
        </DetailRow>
        <DetailRow label="国籍">{nationalityJa(booking.nationality)}</DetailRow>
        <DetailRow label="ツアー言語">{tourLanguageLabel[booking.language] ?? booking.language}</DetailRow>
        <DetailRow label="特別なリクエスト">{booking.specialRequests ?? 'なし'}</DetailRow>
        <DetailRow label="受付日時">{formatDateTimeJa(booking.createdAt)}</DetailRow>
        {booking.decidedBy && <DetailRow label="対応者">{decidedByLabel(booking)}</DetailRow>}
        <BookingOutcomeRows booking={booking} />
      </DetailList>
    </>
  );
}

export function BookingDetailDialog({
  bookingId,
  onClose,
}: {
  bookingId: string | null;
  onClose: () => void;
}) {
  const booking = useHostBooking(bookingId);
  const approve = useApproveBooking();
  const deny = useDenyBooking();
  const toast = useToast();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [mode, setMode] = useState<'view' | 'deny'>('view');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The approve confirmation (the amount to be charged) is open. */
  const [confirming, setConfirming] = useState(false);
  /** One decision request at a time, however fast the clicks. */
  const flight = useSingleFlight();

  const working = flight.pending || approve.isPending || deny.isPending;

  const close = () => {
    if (working) return;
    setMode('view');
    setReason('');
    setReasonError(null);
    setError(null);
    onClose();
  };

  const data = booking.data;
  const decidable = data ? canHostDecide(data.status) : false;

  const onApprove = async () => {
    if (!data) return;
    setError(null);
    try {
      await approve.mutateAsync({ id: data.id });
      toast({ severity: 'success', message: DECISION_MESSAGES.approved });
    } catch (e) {
      const { message, stale } = decisionError(e, 'approve');
      setError(message);
      if (stale) void booking.refetch();
    } finally {
      setConfirming(false);
    }
  };

  const onDeny = async () => {
    if (!data) return;
    const parsed = denyBookingSchemaJa.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await deny.mutateAsync({ id: data.id, reason: parsed.data.reason });
      toast({ severity: 'success', message: DECISION_MESSAGES.denied });
      setMode('view');
      setReason('');
    } catch (e) {
      const { message, stale } = decisionError(e, 'deny');
      if (e instanceof ApiError && e.status === 400) setReasonError(message);
      else setError(message);
      if (stale) {
        setMode('view');
        void booking.refetch();
      }
    }
  };

  return (
    <Dialog
      open={bookingId !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="booking-dialog-title"
    >
      <DialogTitle id="booking-dialog-title">
        予約詳細
        {data && (
          <Typography component="span" sx={{ ml: 1.5, fontFamily: 'monospace', fontSize: '1rem' }}>
            予約番号 {data.reference}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {booking.isPending && bookingId && (
          <Box aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={32} />
            ))}
          </Box>
        )}
        {booking.isError && (
          <Alert severity="error">
            {booking.error instanceof ApiError && booking.error.status === 404
              ? DECISION_MESSAGES.notFound
              : '予約を読み込めませんでした。'}
          </Alert>
        )}
        {data && mode === 'view' && <Details booking={data} />}
        {data && mode === 'deny' && (
          <Box>
            <Typography sx={{ mb: 1 }}>
              {guestName(data)} 様（{formatTourJa(data)}、{data.guests} 名）のリクエストを否認します。
              カードの与信は取り消され、理由はお客様にメールでお送りします（
              {siteLanguageNameJa(data.guestLocale)}のメール）。
            </Typography>
            <DenialReasonField
              value={reason}
              error={reasonError}
              onChange={(value) => {
                setReason(value);
                if (reasonError) setReasonError(null);
              }}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        {mode === 'view' ? (
          <>
            {data && decidable && (
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 100%' }}>
                承認すると {formatYen(data.amount)} がお客様のカードに請求され、確定メールが送信されます。
              </Typography>
            )}
            <Button onClick={close} disabled={working}>
              閉じる
            </Button>
            {data && canCancel('host', data) && (
              <Button color="error" variant="outlined" onClick={() => setCancelling(true)}>
                キャンセルする
              </Button>
            )}
            {/* Only what can be done: a decided, expired or cancelled booking has nothing to approve or deny. */}
            {decidable && (
              <>
                <Button
                  color="error"
                  variant="outlined"
                  disabled={working}
                  onClick={() => {
                    setError(null);
                    setMode('deny');
                  }}
                >
                  否認する
                </Button>
                <Button
                  variant="contained"
                  disabled={working}
                  onClick={() => {
                    setError(null);
                    setConfirming(true);
                  }}
                >
                  承認する
                </Button>
              </>
            )}
          </>
        ) : (
          <>
            <Button
              onClick={() => {
                setMode('view');
                setReasonError(null);
              }}
              disabled={working}
            >
              戻る
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={working}
              onClick={() => void flight.run(onDeny)}
            >
              {working ? <CircularProgress size={22} color="inherit" aria-label="否認中" /> : '否認を確定'}
            </Button>
          </>
        )}
      </DialogActions>
      {data && (
        <ApproveDialog
          booking={data}
          open={confirming}
          working={working}
          error={null}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void flight.run(onApprove)}
        />
      )}
      {data && cancelling && (
        <CancelBookingDialog
          role="host"
          booking={data}
          open
          onClose={() => setCancelling(false)}
          bookingsRoot={HOST_BOOKINGS_ROOT}
          alsoChanged={[[...HOST_QUERY_ROOT, 'dashboard']]}
          onCancelled={(refund) => {
            setCancelling(false);
            toast({ severity: 'success', message: `予約をキャンセルしました（返金 ${formatYen(refund)}）` });
          }}
        />
      )}
    </Dialog>
  );
}
