/**
 * Admin dashboard (back-office spec §2): three counters, total bookings, this month's bookings and registered hosts,
 * each leading to its list. "This month" is the Tokyo month the API counted (`month`), named on the card, so a
 * screen left open across midnight on the last day does not mislead. Below them, the requests waiting for an
 * answer and the five nearest deadlines, each a link to its booking (issue 21).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { AdminDashboardView } from '@domain/back-office-views';
import { PageHeader } from '../../../components/back-office/page-header';
import { formatDateTimeJa, isDeadlineNear, timeLeftJa } from '../../../lib/back-office/format';
import { useNow } from '../../../lib/back-office/use-now';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useAdminDashboard } from '../api/dashboard';
import { RetryAlert } from '../../../components/back-office/retry-alert';

/** `2026-11` → `2026年11月`. */
export function monthLabelJa(month: string): string {
  const [year, m] = month.split('-');
  return `${year}年${Number(m)}月`;
}

const count = new Intl.NumberFormat('ja-JP');

function Counter({
  label,
  value,
  unit,
  note,
  icon,
  to,
}: {
  label: string;
  value: number;
  unit: string;
  note?: string;
  icon: ReactNode;
  to: string;
}) {
  return (
    <Paper
      component={RouterLink}
      to={to}
      variant="outlined"
      data-testid="admin-counter"
      sx={{
        p: 2.5,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { borderColor: 'primary.main' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 48,
          height: 48,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.25 }}>
          {count.format(value)}
          <Typography component="span" sx={{ ml: 0.5, fontSize: '1rem' }}>
            {unit}
          </Typography>
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function PendingRequests({ data }: { data: AdminDashboardView }) {
  const now = useNow();
  return (
    <Paper variant="outlined" component="section" aria-label="回答待ちのリクエスト" sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          回答待ちのリクエスト
        </Typography>
        <Link component={RouterLink} to="/admin/bookings?status=pending" data-testid="admin-pending-count">
          {count.format(data.pendingRequests)} 件
        </Link>
      </Box>
      {data.nextDeadlines.length === 0 ? (
        <Typography color="text.secondary">回答を待っているリクエストはありません。</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            回答期限の近い順（最大5件）。期限までに回答がないと自動的に期限切れになります。
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {data.nextDeadlines.map((d) => (
              <li key={d.bookingId} data-testid="admin-next-deadline">
                <Link
                  component={RouterLink}
                  to={`/admin/booking/${encodeURIComponent(d.bookingId)}`}
                  sx={{ fontWeight: 600 }}
                >
                  {d.reference}
                </Link>{' '}
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ color: isDeadlineNear(d.deadline, now) ? 'error.main' : 'text.secondary' }}
                >
                  回答期限 {formatDateTimeJa(d.deadline)}（{timeLeftJa(d.deadline, now)}）
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** 問い合わせ (DESIGN §4h): open and overdue inquiries, leading to the inbox (where overdue ones come first). */
function Inquiries({ inquiries }: { inquiries: { open: number; overdue: number } }) {
  return (
    <Paper variant="outlined" component="section" aria-label="問い合わせ" sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          問い合わせ
        </Typography>
        <Link component={RouterLink} to="/admin/inquiries" data-testid="admin-inquiries-open">
          未完了 {count.format(inquiries.open)} 件
        </Link>
        <Typography
          component="span"
          data-testid="admin-inquiries-overdue"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            ...(inquiries.overdue > 0 && { color: 'error.main', fontWeight: 700 }),
          }}
        >
          {inquiries.overdue > 0 && <WarningAmberIcon fontSize="small" aria-hidden />}
          期限超過 {count.format(inquiries.overdue)} 件
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        お客様への返信は受付から1営業日以内（平日 10:30〜18:00、日本時間）です。
      </Typography>
    </Paper>
  );
}

export function AdminDashboardPage() {
  useBackOfficePageMeta('ダッシュボード');
  const dashboard = useAdminDashboard();
  const data = dashboard.data;

  return (
    <>
      <PageHeader title="ダッシュボード" subtitle="マーケットプレイス全体の予約とホストの状況です。" />
      {dashboard.isError && (
        <RetryAlert onRetry={() => void dashboard.refetch()} sx={{ mb: 3 }}>
          ダッシュボードの情報を取得できませんでした。
        </RetryAlert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          gap: 2,
          mb: 4,
        }}
      >
        {data ? (
          <>
            <Counter
              label="総予約数"
              value={data.totalBookings}
              unit="件"
              icon={<EventNoteOutlinedIcon />}
              to="/admin/bookings"
            />
            <Counter
              label="今月の予約数"
              value={data.bookingsThisMonth}
              unit="件"
              note={`${monthLabelJa(data.month)}（日本時間）`}
              icon={<CalendarMonthOutlinedIcon />}
              to="/admin/bookings"
            />
            <Counter
              label="登録ホスト数"
              value={data.totalHosts}
              unit="件"
              icon={<StorefrontOutlinedIcon />}
              to="/admin/hosts"
            />
          </>
        ) : (
          !dashboard.isError && [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={104} />)
        )}
      </Box>
      {data && <PendingRequests data={data} />}
      {data?.inquiries && <Inquiries inquiries={data.inquiries} />}
      <Typography variant="body2" color="text.secondary">
        予約数はカードの与信が完了したリクエスト（承認待ち・承認済み・否認・期限切れなどを含む）の件数です。
      </Typography>
    </>
  );
}
