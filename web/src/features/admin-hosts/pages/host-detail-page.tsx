/**
 * One host, for the admin (back-office spec §2 "Host detail": avatar, business name, e-mail, introduction,
 * registered date, business description, language badges, the host's experiences with publication badge, price,
 * created date and a details button to /experience/{id}; not found ホストが見つかりません), plus what the admin acts
 * on: the requests waiting for the host's answer (which the admin can answer on the host's behalf) and suspension.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { AdminHostView } from '@domain/back-office-views';
import { adminMessages } from '@domain/schemas/admin';
import { PageHeader } from '../../../components/back-office/page-header';
import { PublicationChip } from '../../../components/back-office/status-chips';
import { ApiError } from '../../../lib/api-client';
import {
  formatDateTimeJa,
  formatDayOfInstantJa,
  formatTourJa,
  formatYen,
  guestName,
  isDeadlineNear,
  timeLeftJa,
} from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useNow } from '../../../lib/back-office/use-now';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useAdminHost, useReinstateHost, useSuspendHost } from '../api/hosts';
import { HOST_LANGUAGE_LABELS } from '../../../lib/back-office/host-languages';
import { ApproveHostButton, UnderReviewChip } from '../components/approve-host';
import { ReinstateDialog, SUSPENSION_MESSAGES, SuspendDialog } from '../components/suspension-dialogs';
import { HostMoneySection } from '../components/host-money-section';
import { DetailList, DetailRow } from '../../../components/back-office/detail-row';
import { RetryAlert } from '../../../components/back-office/retry-alert';

/** Back-office spec §2. */
export const HOST_NOT_FOUND = 'ホストが見つかりません';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

const orNone = (value: string | null) => value ?? '—';

function Profile({ host }: { host: AdminHostView }) {
  return (
    <Section title="プロフィール">
      <DetailList>
        <DetailRow label="自己紹介">{orNone(host.introduction)}</DetailRow>
        <DetailRow label="事業内容">{orNone(host.businessDescription)}</DetailRow>
        <DetailRow label="対応言語">
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap' }}>
            {host.languages.length === 0
              ? '—'
              : host.languages.map((language) => (
                  <Chip
                    key={language}
                    size="small"
                    variant="outlined"
                    label={HOST_LANGUAGE_LABELS[language]}
                  />
                ))}
          </Box>
        </DetailRow>
        <DetailRow label="登録日">{formatDayOfInstantJa(host.createdAt)}</DetailRow>
        <DetailRow label="営業時間">{orNone(host.businessHours)}</DetailRow>
        <DetailRow label="住所">{orNone(host.address)}</DetailRow>
        <DetailRow label="電話番号">{orNone(host.phone)}</DetailRow>
        <DetailRow label="ウェブサイト">
          {host.website && /^https?:\/\//i.test(host.website) ? (
            <Link href={host.website} target="_blank" rel="noopener noreferrer">
              {host.website}
            </Link>
          ) : (
            orNone(host.website)
          )}
        </DetailRow>
        <DetailRow label="キャンセルポリシー">
          {host.cancellationPolicy
            ? `${host.cancellationPolicy.days}日前まで ${host.cancellationPolicy.refundPercentage}% 返金`
            : '未設定'}
        </DetailRow>
      </DetailList>
    </Section>
  );
}

function Experiences({ host }: { host: AdminHostView }) {
  return (
    <Section title={`体験（${host.experiences.length} 件）`}>
      {host.experiences.length === 0 ? (
        <Typography color="text.secondary">このホストの体験はまだありません。</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="ホストの体験" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>体験</TableCell>
                <TableCell>公開状態</TableCell>
                <TableCell align="right">料金</TableCell>
                <TableCell>作成日</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {host.experiences.map((experience) => (
                <TableRow key={experience.id} data-testid="host-experience-row">
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                      <Box
                        component="img"
                        src={experience.image}
                        alt=""
                        loading="lazy"
                        sx={{ width: 56, height: 42, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                      />
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {experience.title}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <PublicationChip status={experience.publicationStatus} />
                      {experience.publicationStatus === 'public' && !experience.listed && (
                        <Chip size="small" variant="outlined" color="error" label="ゲストに非表示" />
                      )}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatYen(experience.price)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDayOfInstantJa(experience.createdAt)}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      href={`/experience/${encodeURIComponent(experience.id)}`}
                      target="_blank"
                      rel="noopener"
                      endIcon={<OpenInNewIcon sx={{ fontSize: 16 }} />}
                      aria-label={`「${experience.title}」の詳細（ゲスト向けページ、新しいタブ）`}
                    >
                      詳細
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function PendingRequests({ host }: { host: AdminHostView }) {
  const now = useNow();
  return (
    <Section title={`回答待ちのリクエスト（${host.pendingBookings.length} 件）`}>
      {host.pendingBookings.length === 0 ? (
        <Typography color="text.secondary">回答待ちのリクエストはありません。</Typography>
      ) : (
        <List disablePadding aria-label="回答待ちのリクエスト">
          {host.pendingBookings.map((booking, i) => (
            <ListItemButton
              key={booking.id}
              component={RouterLink}
              to={`/admin/booking/${encodeURIComponent(booking.id)}`}
              state={{ back: `/admin/hosts/${encodeURIComponent(host.id)}` }}
              divider={i < host.pendingBookings.length - 1}
              sx={{ gap: 2, flexWrap: 'wrap', px: 1 }}
            >
              <ListItemText
                primary={`${booking.experienceTitle}（${formatTourJa(booking)}）`}
                secondary={`予約番号 ${booking.reference}・${guestName(booking)} 様・${booking.guests} 名・${formatYen(booking.amount)}`}
              />
              {booking.deadline && (
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    color: isDeadlineNear(booking.deadline, now) ? 'error.main' : 'warning.dark',
                  }}
                >
                  回答期限 {timeLeftJa(booking.deadline, now)}
                </Typography>
              )}
            </ListItemButton>
          ))}
        </List>
      )}
    </Section>
  );
}

function changeError(e: unknown, fallback: string): { message: string; stale: boolean } {
  if (e instanceof ApiError && e.status === 409) return { message: e.message || fallback, stale: true };
  if (e instanceof ApiError && e.status === 503 && e.message) return { message: e.message, stale: false };
  return { message: fallback, stale: false };
}

export function AdminHostDetailPage() {
  const { id } = useParams();
  const host = useAdminHost(id);
  const suspend = useSuspendHost();
  const reinstate = useReinstateHost();
  const toast = useToast();
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = host.data;
  useBackOfficePageMeta(data ? `ホスト詳細 ${data.businessName}` : 'ホスト詳細');
  /** One suspension or reinstatement request at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const working = flight.pending || suspend.isPending || reinstate.isPending;
  const notFound = host.error instanceof ApiError && host.error.status === 404;

  const close = () => {
    if (working) return;
    setDialog(null);
    setError(null);
  };

  const run = async (action: 'suspend' | 'reinstate', reason: string | null = null) => {
    if (!data) return;
    setError(null);
    try {
      if (action === 'suspend') await suspend.mutateAsync({ id: data.id, reason });
      else await reinstate.mutateAsync({ id: data.id });
      setDialog(null);
      toast({
        severity: 'success',
        message: action === 'suspend' ? SUSPENSION_MESSAGES.suspended : SUSPENSION_MESSAGES.reinstated,
      });
    } catch (e) {
      const { message, stale } = changeError(
        e,
        action === 'suspend' ? adminMessages.suspensionFailed : adminMessages.reinstatementFailed,
      );
      if (stale) {
        // Another admin got there first: show the host as it is now.
        setDialog(null);
        toast({ severity: 'warning', message });
        void host.refetch();
      } else setError(message);
    }
  };

  return (
    <>
      <Button component={RouterLink} to="/admin/hosts" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        ホスト一覧に戻る
      </Button>
      {host.isPending && (
        <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      )}
      {host.isError && (
        <>
          <PageHeader title="ホスト詳細" />
          <RetryAlert onRetry={notFound ? undefined : () => void host.refetch()}>
            {notFound ? HOST_NOT_FOUND : 'ホストを読み込めませんでした。'}
          </RetryAlert>
        </>
      )}
      {data && (
        <>
          <Box
            sx={{
              display: 'flex',
              gap: 2,
              alignItems: 'center',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              mb: 3,
            }}
          >
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
              <Avatar
                src={data.avatarUrl ?? undefined}
                alt={data.businessName}
                sx={{ width: 72, height: 72, fontSize: '1.75rem' }}
              >
                {data.businessName.slice(0, 1)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="h1"
                  sx={{
                    fontSize: { xs: '1.5rem', sm: '1.75rem' },
                    display: 'flex',
                    gap: 1,
                    alignItems: 'center',
                    flexWrap: 'wrap',
                  }}
                >
                  {data.businessName}
                  {data.suspension && <Chip color="error" size="small" label="停止中" />}
                  <UnderReviewChip status={data.reviewStatus} />
                </Typography>
                <Link href={`mailto:${data.email}`} sx={{ wordBreak: 'break-all' }}>
                  {data.email}
                </Link>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {data.reviewStatus === 'underReview' && (
                <ApproveHostButton id={data.id} businessName={data.businessName} />
              )}
              {data.suspension ? (
                <Button variant="contained" onClick={() => setDialog('reinstate')} disabled={working}>
                  再開する
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setDialog('suspend')}
                  disabled={working}
                >
                  停止する
                </Button>
              )}
            </Box>
          </Box>
          {data.suspension && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="suspension-notice">
              <AlertTitle>
                このホストは停止中です（{formatDateTimeJa(data.suspension.suspendedAt)} から）
              </AlertTitle>
              ホストはログインできず、体験はゲスト向けページに表示されません。回答待ちのリクエストは管理者が回答できます。
              {data.suspension.reason && (
                <Box component="span" sx={{ display: 'block', mt: 1 }}>
                  停止の理由（管理者用メモ）: {data.suspension.reason}
                </Box>
              )}
            </Alert>
          )}
          {/* minmax(0, 1fr): a wide table scrolls inside its section instead of widening the page on phones. */}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            {data.pendingBookings.length > 0 && <PendingRequests host={data} />}
            <Profile host={data} />
            <Experiences host={data} />
            {data.pendingBookings.length === 0 && <PendingRequests host={data} />}
            <HostMoneySection host={data} />
          </Box>
          <SuspendDialog
            open={dialog === 'suspend'}
            businessName={data.businessName}
            pendingCount={data.pendingBookings.length}
            working={working}
            error={dialog === 'suspend' ? error : null}
            onCancel={close}
            onConfirm={(reason) => void flight.run(() => run('suspend', reason))}
          />
          <ReinstateDialog
            open={dialog === 'reinstate'}
            businessName={data.businessName}
            working={working}
            error={dialog === 'reinstate' ? error : null}
            onCancel={close}
            onConfirm={() => void flight.run(() => run('reinstate'))}
          />
        </>
      )}
    </>
  );
}
