/**
 * The host list (back-office spec §2 "Host list"): business name, e-mail, experience count and registered date,
 * newest first, a page at a time; a suspended host carries a badge; a row opens the host; a button creates a host.
 * Empty: ホストが登録されていません. Self-registered hosts under review carry 「審査中」 and an approve button; the
 * 審査中 filter (`?review=underReview`) lists only them (DESIGN §4d). A search box (`?q=`) finds hosts by part of
 * their business name or e-mail (issue 21).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TextField from '@mui/material/TextField';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import type { AdminHostListItem } from '@domain/back-office-views';
import { PageHeader } from '../../../components/back-office/page-header';
import { formatDayOfInstantJa } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useAdminHosts } from '../api/hosts';
import { ApproveHostButton, UnderReviewChip } from '../components/approve-host';
import { RetryAlert } from '../../../components/back-office/retry-alert';

/** Back-office spec §2. */
export const NO_HOSTS = 'ホストが登録されていません';
export const NO_HOSTS_UNDER_REVIEW = '審査中のホストはいません';
export const NO_HOSTS_FOUND = '検索語に一致するホストはいません';

const hostPath = (id: string) => `/admin/hosts/${encodeURIComponent(id)}`;

function SuspendedChip({ host }: { host: AdminHostListItem }) {
  return host.suspended ? <Chip size="small" color="error" label="停止中" /> : null;
}

interface HostListProps {
  items: AdminHostListItem[];
  loading: boolean;
  /** The empty list's text, or null while there is something (or nothing yet) to show. */
  empty: string | null;
}

function HostTable({ items, loading, empty }: HostListProps) {
  const navigate = useNavigate();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="ホスト一覧" size="small">
        <TableHead>
          <TableRow>
            <TableCell>ビジネス名</TableCell>
            <TableCell>メールアドレス</TableCell>
            <TableCell align="right">体験数</TableCell>
            <TableCell>登録日</TableCell>
            <TableCell>状態</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1, 2].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={5}>
                  <Skeleton height={36} />
                </TableCell>
              </TableRow>
            ))}
          {empty && (
            <TableRow>
              <TableCell colSpan={5} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {items.map((host) => (
            <TableRow
              key={host.id}
              hover
              onClick={() => navigate(hostPath(host.id))}
              sx={{ cursor: 'pointer' }}
              data-testid="admin-host-row"
            >
              <TableCell>
                <Link
                  component={RouterLink}
                  to={hostPath(host.id)}
                  onClick={(e) => e.stopPropagation()}
                  sx={{ fontWeight: 600 }}
                >
                  {host.businessName}
                </Link>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{host.email}</TableCell>
              <TableCell align="right">{host.experienceCount}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayOfInstantJa(host.createdAt)}</TableCell>
              <TableCell>
                {host.suspended && <SuspendedChip host={host} />}
                {host.reviewStatus === 'underReview' && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <UnderReviewChip status={host.reviewStatus} />
                    <ApproveHostButton id={host.id} businessName={host.businessName} />
                  </Box>
                )}
                {!host.suspended && host.reviewStatus !== 'underReview' && (
                  <Typography variant="body2" color="text.secondary">
                    有効
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HostCards({ items, loading, empty }: HostListProps) {
  return (
    <Box
      component="ul"
      aria-label="ホスト一覧"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {loading && [0, 1, 2].map((i) => <Skeleton key={i} component="li" variant="rounded" height={88} />)}
      {empty && (
        <Paper component="li" variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          {empty}
        </Paper>
      )}
      {items.map((host) => (
        <Paper
          key={host.id}
          component="li"
          variant="outlined"
          data-testid="admin-host-row"
          sx={{ position: 'relative', p: 2, '&:hover': { borderColor: 'primary.main' } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Link
              component={RouterLink}
              to={hostPath(host.id)}
              underline="none"
              color="inherit"
              sx={{ fontWeight: 700, '&::after': { content: '""', position: 'absolute', inset: 0 } }}
            >
              {host.businessName}
            </Link>
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              <SuspendedChip host={host} />
              <UnderReviewChip status={host.reviewStatus} />
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {host.email}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            体験 {host.experienceCount} 件・登録日 {formatDayOfInstantJa(host.createdAt)}
          </Typography>
          {host.reviewStatus === 'underReview' && (
            <Box sx={{ mt: 1 }}>
              <ApproveHostButton id={host.id} businessName={host.businessName} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}

export function AdminHostsPage() {
  useBackOfficePageMeta('ホスト一覧');
  const [params, setParams] = useSearchParams();
  const filter = params.get('review') === 'underReview' ? 'underReview' : 'all';
  const q = params.get('q')?.trim() || undefined;
  const [draft, setDraft] = useState(q ?? '');
  // The back button changes the address: the box shows the search of the list on screen.
  useEffect(() => setDraft(q ?? ''), [q]);
  const hosts = useAdminHosts(filter, q);
  const wide = useMediaQuery('(min-width:900px)', { noSsr: true });
  const items = hosts.data?.pages.flatMap((page) => page.items) ?? [];
  let empty: string | null = null;
  if (hosts.isSuccess && items.length === 0) {
    empty = q ? NO_HOSTS_FOUND : filter === 'underReview' ? NO_HOSTS_UNDER_REVIEW : NO_HOSTS;
  }
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setParam('q', draft.trim() || null);
  };

  return (
    <>
      <PageHeader
        title="ホスト一覧"
        subtitle="登録されているホストです。新しく登録された順に表示します。"
        actions={
          <Button
            component={RouterLink}
            to="/admin/hosts/create"
            variant="contained"
            startIcon={<PersonAddAltOutlinedIcon />}
          >
            ホストを作成
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_, value: 'all' | 'underReview' | null) => {
            if (value) setParam('review', value === 'underReview' ? 'underReview' : null);
          }}
          aria-label="審査状態で絞り込み"
        >
          <ToggleButton value="all">すべて</ToggleButton>
          <ToggleButton value="underReview">審査中</ToggleButton>
        </ToggleButtonGroup>
        <Box
          component="form"
          role="search"
          onSubmit={onSearch}
          sx={{ display: 'flex', gap: 1, flex: '1 1 280px', maxWidth: 480 }}
        >
          <TextField
            size="small"
            fullWidth
            label="ホストを検索"
            placeholder="ビジネス名・メールアドレスの一部"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, enterKeyHint: 'search' } }}
          />
          <Button type="submit" variant="outlined">
            検索
          </Button>
        </Box>
      </Box>
      {hosts.isError && (
        <RetryAlert onRetry={() => void hosts.refetch()} sx={{ mb: 2 }}>
          ホストを取得できませんでした。
        </RetryAlert>
      )}
      {wide ? (
        <HostTable items={items} loading={hosts.isPending} empty={empty} />
      ) : (
        <HostCards items={items} loading={hosts.isPending} empty={empty} />
      )}
      {hosts.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void hosts.fetchNextPage()} disabled={hosts.isFetchingNextPage}>
            {hosts.isFetchingNextPage ? <CircularProgress size={20} aria-label="読み込み中" /> : 'さらに表示'}
          </Button>
        </Box>
      )}
    </>
  );
}
