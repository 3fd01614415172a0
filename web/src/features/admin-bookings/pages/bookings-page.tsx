/**
 * Every booking, for the admin (back-office spec §2 "Booking list"): a search box (a reference, a guest's e-mail
 * address or any text), the status filter, and the columns of the specification (experience, host business name and
 * e-mail, booker, status badge, received date, guests, amount, booking date); a row opens the booking. Newest
 * first, a page at a time. Search and filter live in the address (a link or the back button brings them back), and
 * the CSV export takes exactly them.
 *
 * A text search reads a bounded number of bookings per request (README "Admin API"), so a page may hold few matches
 * or none and still continue: the screen says how far back it has looked and offers to look further.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ClearIcon from '@mui/icons-material/Clear';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { AdminBookingListItem, AdminBookingPage } from '@domain/back-office-views';
import { PageHeader } from '../../../components/back-office/page-header';
import { BookingStatusChip, STATUS_COLUMN_WIDTH } from '../../../components/back-office/status-chips';
import { ViaConciergeChip } from '../../../components/back-office/offer-status-chip';
import { BookingSlotCells } from '../../../components/back-office/booking-slot-cells';
import { TruncatedText } from '../../../components/back-office/truncated-text';
import { ApiError } from '../../../lib/api-client';
import { formatDateTimeJa, formatTourJa, formatYen, guestName } from '../../../lib/back-office/format';
import { STATUS_FILTERS, statusFilterOf } from '../../../lib/back-office/booking-status-filters';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useAdminBookings, useBookingsCsvExport, type AdminBookingFilters } from '../api/bookings';
import { RetryAlert } from '../../../components/back-office/retry-alert';

/** Back-office spec §2. */
export const NO_BOOKINGS = '予約がありません';
export const EXPORT_FAILED = 'CSV の書き出しに失敗しました。もう一度お試しください。';

const count = new Intl.NumberFormat('ja-JP');

/** What the API took the search for (its `search`), in words. */
export function searchDescription(mode: AdminBookingPage['search'] | undefined, q: string): string | null {
  if (mode === 'reference') return `予約番号「${q}」の予約`;
  if (mode === 'email') return `メールアドレス「${q}」の予約`;
  if (mode === 'text') return `「${q}」を含む予約（お客様の名前・メール、体験名、ホスト名、予約番号）`;
  return null;
}

function HostCell({ host }: { host: AdminBookingListItem['host'] }) {
  if (!host) {
    return (
      <Typography variant="body2" color="text.secondary">
        （ホスト情報なし）
      </Typography>
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', minWidth: 0 }}>
        <TruncatedText text={host.businessName} />
        {host.suspended && <Chip size="small" color="error" variant="outlined" label="停止中" />}
      </Box>
      <TruncatedText text={host.email} variant="caption" color="text.secondary" component="p" />
    </>
  );
}

function BookingTable({
  items,
  open,
  loading,
  empty,
  linkState,
}: {
  items: AdminBookingListItem[];
  open: (id: string) => void;
  loading: boolean;
  empty: string | null;
  linkState: unknown;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Fixed widths for the short columns; the experience takes the rest, one line cut with a tooltip. */}
      <Table aria-label="予約一覧" size="small" sx={{ tableLayout: 'fixed', minWidth: 840 }}>
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell>体験</TableCell>
            <TableCell sx={{ width: 168 }}>ホスト</TableCell>
            <TableCell sx={{ width: 168 }}>予約者</TableCell>
            <TableCell sx={{ width: STATUS_COLUMN_WIDTH }}>ステータス</TableCell>
            <TableCell sx={{ width: 172 }}>予約日時・受付日</TableCell>
            <TableCell align="right" sx={{ width: 60 }}>
              人数
            </TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              金額
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1, 2, 3].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={7}>
                  <Skeleton height={36} />
                </TableCell>
              </TableRow>
            ))}
          {empty && (
            <TableRow>
              <TableCell colSpan={7} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {items.map((b) => (
            <TableRow
              key={b.id}
              hover
              onClick={() => open(b.id)}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
              data-testid="admin-booking-row"
            >
              <TableCell>
                <TruncatedText text={b.experienceTitle} sx={{ fontWeight: 600 }} />
                <Link
                  component={RouterLink}
                  to={`/admin/booking/${encodeURIComponent(b.id)}`}
                  state={linkState}
                  onClick={(e) => e.stopPropagation()}
                  variant="caption"
                  sx={{ fontFamily: 'monospace' }}
                  aria-label={`予約番号 ${b.reference} の詳細`}
                >
                  {b.reference}
                </Link>
              </TableCell>
              <TableCell>
                <HostCell host={b.host} />
              </TableCell>
              <TableCell>
                <TruncatedText text={guestName(b)} />
                <TruncatedText text={b.email} variant="caption" color="text.secondary" component="p" />
              </TableCell>
              <TableCell>
                <BookingStatusChip status={b.status} />
                {b.viaConcierge && (
                  <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                    <ViaConciergeChip />
                  </Box>
                )}
              </TableCell>
              <BookingSlotCells booking={b} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: the same facts as a list of cards (a table of eight columns does not fit 375 px). */
function BookingCards({
  items,
  loading,
  empty,
  linkState,
}: {
  items: AdminBookingListItem[];
  loading: boolean;
  empty: string | null;
  linkState: unknown;
}) {
  return (
    <Box
      component="ul"
      aria-label="予約一覧"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {loading && [0, 1, 2].map((i) => <Skeleton key={i} component="li" variant="rounded" height={120} />)}
      {empty && (
        <Paper component="li" variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          {empty}
        </Paper>
      )}
      {items.map((b) => (
        <Paper
          key={b.id}
          component="li"
          variant="outlined"
          data-testid="admin-booking-row"
          sx={{ position: 'relative', p: 2, '&:hover': { borderColor: 'primary.main' } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
            <Link
              component={RouterLink}
              to={`/admin/booking/${encodeURIComponent(b.id)}`}
              state={linkState}
              underline="none"
              color="inherit"
              sx={{
                fontWeight: 700,
                // The whole card is the link's target.
                '&::after': { content: '""', position: 'absolute', inset: 0 },
              }}
            >
              {b.experienceTitle}
            </Link>
            <BookingStatusChip status={b.status} />
            {b.viaConcierge && <ViaConciergeChip />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {b.reference}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {formatTourJa(b)}・{b.guests} 名・{formatYen(b.amount)}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            予約者: {guestName(b)}（{b.email}）
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <HostCell host={b.host} />
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            受付 {formatDateTimeJa(b.createdAt)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

export function AdminBookingsPage() {
  useBackOfficePageMeta('予約一覧');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const exportCsv = useBookingsCsvExport();
  const wide = useMediaQuery('(min-width:900px)', { noSsr: true });
  const [exporting, setExporting] = useState(false);

  const q = params.get('q')?.trim() || undefined;
  const status = statusFilterOf(params.get('status'));
  const filters = useMemo<AdminBookingFilters>(
    () => ({ ...(status ? { status } : {}), ...(q ? { q } : {}) }),
    [status, q],
  );
  const [draft, setDraft] = useState(q ?? '');
  // The back button changes the address: the box shows the search of the list on screen.
  useEffect(() => setDraft(q ?? ''), [q]);

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  };

  const bookings = useAdminBookings(filters);
  const pages = bookings.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const mode = pages[0]?.search;
  const scanned = pages.reduce((sum, page) => sum + (page.scanned ?? 0), 0);
  const textSearch = mode === 'text';
  const more = bookings.hasNextPage;
  const backState = { back: `${location.pathname}${location.search}` };
  const open = (id: string) => navigate(`/admin/booking/${encodeURIComponent(id)}`, { state: backState });

  let empty: string | null = null;
  if (bookings.isSuccess && items.length === 0) {
    empty = more
      ? `新しい予約から ${count.format(scanned)} 件を確認しましたが、一致する予約はまだ見つかっていません。`
      : NO_BOOKINGS;
  }

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim() || null });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const { rows } = await exportCsv(filters);
      toast({
        severity: 'success',
        message:
          rows === null ? 'CSV を書き出しました' : `${count.format(rows)} 件の予約を CSV に書き出しました`,
      });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      toast({
        severity: 'error',
        message: e instanceof ApiError && e.status === 400 && e.message ? e.message : EXPORT_FAILED,
      });
    } finally {
      setExporting(false);
    }
  };

  const description = q ? searchDescription(mode, q) : null;

  return (
    <>
      <PageHeader
        title="予約一覧"
        subtitle="すべてのホストの予約リクエストと予約です。新しい順に表示します。"
        actions={
          <Button
            variant="outlined"
            startIcon={exporting ? <CircularProgress size={18} /> : <FileDownloadOutlinedIcon />}
            onClick={() => void onExport()}
            disabled={exporting || !bookings.isSuccess || (items.length === 0 && !more)}
          >
            CSV 出力
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
        <Box
          component="form"
          role="search"
          onSubmit={onSearch}
          sx={{ display: 'flex', gap: 1, flex: '1 1 320px', maxWidth: 560 }}
        >
          <TextField
            size="small"
            fullWidth
            label="予約を検索"
            placeholder="予約番号・メールアドレス・名前・体験名・ホスト名"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            slotProps={{
              htmlInput: { maxLength: 200, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: draft ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label="検索語を消去"
                      onClick={() => {
                        setDraft('');
                        update({ q: null });
                      }}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
          <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
            検索
          </Button>
        </Box>
        <TextField
          select
          size="small"
          label="ステータス"
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null })}
          sx={{ minWidth: 160 }}
        >
          {STATUS_FILTERS.map((s) => (
            <MenuItem key={s.value || 'all'} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="search-description">
          {description}
          {textSearch &&
            more &&
            items.length > 0 &&
            `：新しい予約から ${count.format(scanned)} 件を確認しました`}
        </Typography>
      )}
      {bookings.isError && (
        <RetryAlert onRetry={() => void bookings.refetch()} sx={{ mb: 2 }}>
          {bookings.error instanceof ApiError && bookings.error.status === 400
            ? bookings.error.message
            : '予約を取得できませんでした。'}
        </RetryAlert>
      )}
      {wide ? (
        <BookingTable
          items={items}
          open={open}
          loading={bookings.isPending}
          empty={empty}
          linkState={backState}
        />
      ) : (
        <BookingCards items={items} loading={bookings.isPending} empty={empty} linkState={backState} />
      )}
      {more && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant={items.length === 0 ? 'contained' : 'text'}
            onClick={() => void bookings.fetchNextPage()}
            disabled={bookings.isFetchingNextPage}
          >
            {bookings.isFetchingNextPage ? (
              <CircularProgress size={20} aria-label="読み込み中" />
            ) : textSearch ? (
              'さらに古い予約を検索'
            ) : (
              'さらに表示'
            )}
          </Button>
        </Box>
      )}
    </>
  );
}
