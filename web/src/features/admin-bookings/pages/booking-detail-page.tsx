/**
 * One booking, for the admin (back-office spec §2 "Booking detail": experience title, booker name and e-mail,
 * booking date and time, guests, status badge, received date; not found 予約が見つかりませんでした。), with what an
 * admin answering for a host needs beside it: the amount, the guest's contact details and requests, the host (and
 * whether they are suspended), the experience as it is now, the deadline, and who decided. A pending request can
 * be approved or denied here on the host's behalf (the buttons show only while it is pending).
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { AdminBookingView } from '@domain/back-office-views';
import { canHostDecide } from '@domain/booking-status';
import { PageHeader } from '../../../components/back-office/page-header';
import { BookingStatusChip, PublicationChip } from '../../../components/back-office/status-chips';
import { ViaConciergeChip } from '../../../components/back-office/offer-status-chip';
import { PhoneLink } from '../../../components/back-office/phone-link';
import { ApiError } from '../../../lib/api-client';
import {
  formatDateTimeJa,
  decidedByLabel,
  formatTourJa,
  formatYen,
  guestName,
  isDeadlineNear,
  nationalityJa,
  timeLeftJa,
  tourLanguageLabel,
} from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useNow } from '../../../lib/back-office/use-now';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { ADMIN_BOOKINGS_ROOT, useAdminBooking, useApproveBooking, useDenyBooking } from '../api/bookings';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';
import { CancelBookingDialog, canCancel } from '../../../lib/back-office/cancel-booking-dialog';
import { ApproveDialog } from '../../../lib/back-office/approve-dialog';
import { DenyDialog } from '../components/decision-dialogs';
import { DECISION_MESSAGES, decisionError } from '../../../lib/back-office/decision-error';
import { siteLanguageNameJa } from '@domain/languages';
import { BookingOutcomeRows, DetailList, DetailRow } from '../../../components/back-office/detail-row';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const BOOKING_NOT_FOUND = '予約が見つかりませんでした。';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <DetailList>{children}</DetailList>
    </Paper>
  );
}

function Details({ booking }: { booking: AdminBookingView }) {
  const decided = decidedByLabel(booking);
  const experience = booking.experience;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      <Section title="予約内容">
        <DetailRow label="ステータス">
          <BookingStatusChip status={booking.status} />
          {booking.viaConcierge && (
            <Box component="span" sx={{ ml: 1 }}>
              <ViaConciergeChip />
            </Box>
          )}
        </DetailRow>
        <DetailRow label="予約番号">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05rem' }}>
            {booking.reference}
          </Box>
        </DetailRow>
        <DetailRow label="予約日時">{formatTourJa(booking)}</DetailRow>
        <DetailRow label="人数">{booking.guests} 名</DetailRow>
        <DetailRow label="合計金額">
          {formatYen(booking.amount)}（{formatYen(booking.unitPrice)} × {booking.guests} 名）
        </DetailRow>
        <DetailRow label="ツアー言語">{tourLanguageLabel[booking.language] ?? booking.language}</DetailRow>
        <DetailRow label="受付日時">{formatDateTimeJa(booking.createdAt)}</DetailRow>
        {decided && <DetailRow label={booking.status === 'denied' ? '否認' : '承認'}>{decided}</DetailRow>}
        <BookingOutcomeRows booking={booking} />
      </Section>
      <Section title="予約者">
        <DetailRow label="お名前">{guestName(booking)} 様</DetailRow>
        <DetailRow label="メール">
          <Link href={`mailto:${booking.email}`}>{booking.email}</Link>
        </DetailRow>
        <DetailRow label="電話番号">
          <PhoneLink phone={booking.phone} />
        </DetailRow>
        <DetailRow label="国籍">{nationalityJa(booking.nationality)}</DetailRow>
        <DetailRow label="特別なリクエスト">{booking.specialRequests ?? 'なし'}</DetailRow>
        <DetailRow label="メールの言語">{siteLanguageNameJa(booking.guestLocale)}</DetailRow>
      </Section>
      <Section title="体験">
        <DetailRow label="体験名">{booking.experienceTitle}</DetailRow>
        {experience ? (
          <>
            {experience.title !== booking.experienceTitle && (
              <DetailRow label="現在の体験名">{experience.title}</DetailRow>
            )}
            <DetailRow label="公開状態">
              <PublicationChip status={experience.publicationStatus} />
            </DetailRow>
            <DetailRow label="現在の料金">{formatYen(experience.price)}（1名）</DetailRow>
            <DetailRow label="体験ページ">
              <Link
                href={`/experience/${encodeURIComponent(experience.id)}`}
                target="_blank"
                rel="noopener"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                ゲスト向けページを開く
                <OpenInNewIcon sx={{ fontSize: 16 }} aria-label="（新しいタブ）" />
              </Link>
            </DetailRow>
          </>
        ) : (
          <DetailRow label="現在">この体験は削除されています</DetailRow>
        )}
      </Section>
      <Section title="ホスト">
        {booking.host ? (
          <>
            <DetailRow label="ビジネス名">
              <Box
                component="span"
                sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Link component={RouterLink} to={`/admin/hosts/${encodeURIComponent(booking.host.id)}`}>
                  {booking.host.businessName}
                </Link>
                {booking.host.suspended && <Chip size="small" color="error" label="停止中" />}
              </Box>
            </DetailRow>
            <DetailRow label="メール">
              <Link href={`mailto:${booking.host.email}`}>{booking.host.email}</Link>
            </DetailRow>
          </>
        ) : (
          <DetailRow label="ホスト">ホスト情報がありません</DetailRow>
        )}
      </Section>
    </Box>
  );
}

function PendingNotice({ booking }: { booking: AdminBookingView }) {
  const now = useNow();
  const deadline = booking.deadline;
  return (
    <Alert severity={deadline && isDeadlineNear(deadline, now) ? 'warning' : 'info'} sx={{ mb: 2 }}>
      <AlertTitle>ホストの回答待ちです</AlertTitle>
      {deadline && (
        <>
          回答期限は {formatDateTimeJa(deadline)}（{timeLeftJa(deadline, now)}）です。期限を過ぎると自動的に
          キャンセルされ、カードの与信も取り消されます。
        </>
      )}
      {booking.host?.suspended
        ? ' このホストは停止中のため、ホストは回答できません。管理者が代わりに承認または否認してください。'
        : ' ホストが回答できない場合は、管理者がホストに代わって承認または否認できます。'}
    </Alert>
  );
}

export function AdminBookingDetailPage() {
  const { id } = useParams();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '/admin/bookings';
  const booking = useAdminBooking(id);
  const approve = useApproveBooking();
  const deny = useDenyBooking();
  const toast = useToast();
  const [dialog, setDialog] = useState<'approve' | 'deny' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const data = booking.data;
  useBackOfficePageMeta(data ? `予約詳細 ${data.reference}` : '予約詳細');

  /** One decision request at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const working = flight.pending || approve.isPending || deny.isPending;
  const decidable = data ? canHostDecide(data.status) : false;

  const close = () => {
    if (working) return;
    setDialog(null);
    setError(null);
    setFieldError(null);
  };

  const failed = (e: unknown, action: 'approve' | 'deny') => {
    const { message, stale } = decisionError(e, action);
    if (stale) {
      // The booking changed meanwhile (expired, or another admin or the host answered): show it as it is now.
      setDialog(null);
      toast({ severity: 'warning', message });
      void booking.refetch();
      return;
    }
    if (e instanceof ApiError && e.status === 400 && action === 'deny') setFieldError(message);
    else setError(message);
  };

  const onApprove = async () => {
    if (!data) return;
    setError(null);
    try {
      await approve.mutateAsync({ id: data.id });
      setDialog(null);
      toast({ severity: 'success', message: DECISION_MESSAGES.approved });
    } catch (e) {
      failed(e, 'approve');
    }
  };

  const onDeny = async (reason: string) => {
    if (!data) return;
    setError(null);
    setFieldError(null);
    try {
      await deny.mutateAsync({ id: data.id, reason });
      setDialog(null);
      toast({ severity: 'success', message: DECISION_MESSAGES.denied });
    } catch (e) {
      failed(e, 'deny');
    }
  };

  const notFound = booking.error instanceof ApiError && booking.error.status === 404;

  return (
    <>
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        予約一覧に戻る
      </Button>
      <PageHeader
        title="予約詳細"
        subtitle={data ? `予約番号 ${data.reference}` : undefined}
        actions={
          data && (
            <>
              {canCancel('admin', data) && (
                <Button
                  variant="outlined"
                  color="error"
                  disabled={working}
                  onClick={() => setDialog('cancel')}
                >
                  キャンセルする
                </Button>
              )}
              {/* Only what can be done: a decided, expired or cancelled booking has nothing to approve or deny. */}
              {decidable && (
                <>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={working}
                    onClick={() => setDialog('deny')}
                  >
                    ホストに代わって否認
                  </Button>
                  <Button variant="contained" disabled={working} onClick={() => setDialog('approve')}>
                    ホストに代わって承認
                  </Button>
                </>
              )}
            </>
          )
        }
      />
      {booking.isPending && (
        <Box aria-busy="true" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      )}
      {booking.isError && (
        <RetryAlert onRetry={notFound ? undefined : () => void booking.refetch()}>
          {notFound ? BOOKING_NOT_FOUND : '予約を読み込めませんでした。'}
        </RetryAlert>
      )}
      {data && (
        <>
          {data.status === 'pending' && <PendingNotice booking={data} />}
          <Details booking={data} />
          {dialog === 'cancel' && (
            <CancelBookingDialog
              role="admin"
              booking={data}
              open
              onClose={close}
              bookingsRoot={ADMIN_BOOKINGS_ROOT}
              alsoChanged={[[...ADMIN_QUERY_ROOT, 'hosts']]}
              onCancelled={(refund) => {
                setDialog(null);
                toast({
                  severity: 'success',
                  message: `予約をキャンセルしました（返金 ${refund.toLocaleString('ja-JP')}円）`,
                });
              }}
            />
          )}
          <ApproveDialog
            onBehalf
            booking={data}
            open={dialog === 'approve'}
            working={working}
            error={dialog === 'approve' ? error : null}
            onCancel={close}
            onConfirm={() => void flight.run(onApprove)}
          />
          <DenyDialog
            booking={data}
            open={dialog === 'deny'}
            working={working}
            error={dialog === 'deny' ? error : null}
            fieldError={fieldError}
            onCancel={close}
            onConfirm={(reason) => void flight.run(() => onDeny(reason))}
          />
        </>
      )}
    </>
  );
}
