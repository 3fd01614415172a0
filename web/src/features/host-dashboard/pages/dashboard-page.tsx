/**
 * Host dashboard (back-office spec §2): a welcome line with the host's e-mail, the counts, the request whose answer
 * is due first ("あと 5 時間") and the 5 newest bookings; a booking opens in the booking list. A self-registered host
 * whose account is still under review is told what that means (DESIGN §4d). A host without any experience yet sees
 * the first steps, each a link (issue 21).
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { HostDashboardView } from '@domain/back-office-views';
import { PageHeader } from '../../../components/back-office/page-header';
import { ReviewsSummary, type DashboardReviews } from '../components/reviews-summary';
import { BookingStatusChip } from '../../../components/back-office/status-chips';
import { formatTourJa, guestName, isDeadlineNear, timeLeftJa } from '../../../lib/back-office/format';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useNow } from '../../../lib/back-office/use-now';
import { useHasExperiences, useHostDashboard } from '../api/dashboard';
import { FirstSteps } from '../components/first-steps';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const NO_BOOKINGS_TEXT = '現在、表示する予約はありません。';

function Counter({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Paper
      component={RouterLink}
      to={to}
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2.5 },
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { borderColor: 'primary.main' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontSize: { xs: 12, sm: 14 } }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.3 }}>
        {value}
        <Typography component="span" sx={{ ml: 0.5, fontSize: '1rem' }}>
          件
        </Typography>
      </Typography>
    </Paper>
  );
}

function NearestDeadline({ deadline }: { deadline: NonNullable<HostDashboardView['nearestDeadline']> }) {
  const now = useNow();
  const urgent = isDeadlineNear(deadline.deadline, now);
  return (
    <Alert
      severity={urgent ? 'error' : 'warning'}
      sx={{ mb: 3 }}
      action={
        <Button
          component={RouterLink}
          to={`/host/bookings?status=pending&booking=${encodeURIComponent(deadline.bookingId)}`}
          color="inherit"
          size="small"
        >
          確認する
        </Button>
      }
    >
      <AlertTitle>回答待ちのリクエストがあります</AlertTitle>
      予約番号 {deadline.reference} の回答期限まで{' '}
      <Box component="strong" data-testid="nearest-deadline">
        {timeLeftJa(deadline.deadline, now)}
      </Box>
      。期限を過ぎるとリクエストは自動的にキャンセルされます。
    </Alert>
  );
}

/** Until the payout account is enabled: nothing can be published, and no earnings can be paid. */
function PayoutAccountNotice({ status }: { status: string }) {
  return (
    <Alert
      severity={status === 'restricted' ? 'error' : 'warning'}
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to="/host/earnings" color="inherit" size="small">
          {status === 'none' ? '登録する' : '確認する'}
        </Button>
      }
    >
      <AlertTitle>
        {status === 'restricted' ? '決済アカウントが制限されています' : '売上の振込先が登録されていません'}
      </AlertTitle>
      体験を公開して予約を受け付けるには、本人確認と振込先口座の登録（売上・振込）を完了してください。
    </Alert>
  );
}

/** While an admin has not approved the account: experiences can be prepared, not published. */
function UnderReviewNotice() {
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to="/host/experience/create" color="inherit" size="small">
          体験を作成
        </Button>
      }
    >
      <AlertTitle>アカウントは審査中です</AlertTitle>
      ご登録ありがとうございます。運営チームがホストアカウントを確認しています。審査中も体験を作成・編集して非公開のまま準備できますが、公開できるのは審査の完了後です。審査が完了するとメールでお知らせします。
    </Alert>
  );
}

export function DashboardPage() {
  useBackOfficePageMeta('ダッシュボード');
  const dashboard = useHostDashboard();
  const me = useHostMe();
  const hasExperiences = useHasExperiences();
  const data = dashboard.data;

  return (
    <>
      <PageHeader title="ダッシュボード" subtitle={data ? `ようこそ、${data.email} さん` : undefined} />
      {dashboard.isError && (
        <RetryAlert onRetry={() => void dashboard.refetch()} sx={{ mb: 3 }}>
          ダッシュボードの情報を取得できませんでした。
        </RetryAlert>
      )}
      {me.data?.reviewStatus === 'underReview' && <UnderReviewNotice />}
      {me.data?.payoutAccount && me.data.payoutAccount.status !== 'enabled' && (
        <PayoutAccountNotice status={me.data.payoutAccount.status} />
      )}
      {hasExperiences.data === false && <FirstSteps />}
      {data?.nearestDeadline && <NearestDeadline deadline={data.nearestDeadline} />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: { xs: 1, sm: 2 },
          mb: 4,
        }}
      >
        {data ? (
          <>
            <Counter label="今月のリクエスト" value={data.counts.thisMonth} to="/host/bookings" />
            <Counter label="承認待ち" value={data.counts.pending} to="/host/bookings?status=pending" />
            <Counter
              label="今後の確定予約"
              value={data.counts.upcoming}
              to="/host/bookings?status=approved"
            />
          </>
        ) : (
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={104} />)
        )}
      </Box>

      {data && <ReviewsSummary reviews={(data as { reviews?: DashboardReviews }).reviews} />}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        最新の予約
      </Typography>
      <Paper variant="outlined">
        {!data ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : data.latestBookings.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {NO_BOOKINGS_TEXT}
          </Typography>
        ) : (
          <List disablePadding aria-label="最新の予約">
            {data.latestBookings.map((booking, i) => (
              <ListItemButton
                key={booking.id}
                component={RouterLink}
                to={`/host/bookings?booking=${encodeURIComponent(booking.id)}`}
                divider={i < data.latestBookings.length - 1}
                sx={{ gap: 2, flexWrap: 'wrap' }}
              >
                <ListItemText
                  primary={booking.experienceTitle}
                  secondary={`${guestName(booking)} 様 ・ ${formatTourJa(booking)}`}
                  sx={{ minWidth: 0 }}
                />
                <BookingStatusChip status={booking.status} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      {data && data.latestBookings.length > 0 && (
        <Box sx={{ mt: 2, textAlign: 'right' }}>
          <Button component={RouterLink} to="/host/bookings">
            すべての予約を見る
          </Button>
        </Box>
      )}
    </>
  );
}
