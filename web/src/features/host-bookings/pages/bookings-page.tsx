/**
 * The host's bookings (back-office spec §2 "Host booking list"): a table with a checkbox, experience title, booker
 * (name and e-mail), status badge (a pending request shows the time left to answer), received date, guests, total
 * and booking date and time; a row opens the detail dialog. Beyond the specification: filters by status and tour
 * date kept in the address, a day view (manifest) and a CSV export of the filtered list for Excel.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { isCalendarDate, todayInTokyo } from '@domain/calendar';
import { hostBookingsQueryMessages, isDateRangeInverted } from '@domain/schemas/host-api';
import { PageHeader } from '../../../components/back-office/page-header';
import { RowOpenButton } from '../../../components/back-office/row-open-button';
import { BookingStatusChip, STATUS_COLUMN_WIDTH } from '../../../components/back-office/status-chips';
import { ViaConciergeChip } from '../../../components/back-office/offer-status-chip';
import { BookingSlotCells } from '../../../components/back-office/booking-slot-cells';
import { TruncatedText } from '../../../components/back-office/truncated-text';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { STATUS_FILTERS, statusFilterOf } from '../../../lib/back-office/booking-status-filters';
import { downloadText } from '../../../lib/download';
import {
  formatDateTimeJa,
  formatTourJa,
  formatYen,
  guestName,
  isDeadlineNear,
  timeLeftJa,
} from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useNow } from '../../../lib/back-office/use-now';
import { useToast } from '../../../lib/toast';
import {
  fetchAllBookings,
  useExperienceChoices,
  useHostBookings,
  useNextTourDay,
  type BookingFilters,
} from '../api/bookings';
import { BookingDetailDialog } from '../components/booking-detail-dialog';
import { hostBookingsCsv } from '../components/bookings-csv';
import { DayManifest } from '../components/day-manifest';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const NO_BOOKINGS = '条件に合う予約はありません。';

const dateParam = (v: string | null) => (v && isCalendarDate(v) ? v : undefined);
const idParam = (v: string | null) => (v && /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : undefined);
/** The row's button names the booking it opens. */
const openLabel = (reference: string) => `予約番号 ${reference} を開く`;

export function BookingsPage() {
  useBackOfficePageMeta('予約一覧');
  const [params, setParams] = useSearchParams();
  const api = useAuthorizedApi();
  const toast = useToast();
  const now = useNow();
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  /** Phones get cards instead of the eight-column table. */
  const phone = useMediaQuery('(max-width:599.95px)');

  const filters: BookingFilters = {
    status: statusFilterOf(params.get('status')),
    experienceId: idParam(params.get('experienceId')),
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
  };
  /** A range ending before it starts selects nothing: said at the field, and never asked for (item 11). */
  const rangeInverted = isDateRangeInverted(filters.from, filters.to);
  const experiences = useExperienceChoices();
  const view = params.get('view') === 'day' ? 'day' : 'list';
  const today = todayInTokyo(now);
  const chosenDay = dateParam(params.get('date'));
  // Without a day in the address, the day view opens on the next day with tours (today when it has some).
  const nextTourDay = useNextTourDay(today, view === 'day' && !chosenDay);
  const day = chosenDay ?? (nextTourDay.isPending ? null : (nextTourDay.data ?? today));
  const openId = params.get('booking');

  const update = (changes: Record<string, string | null>, replace = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );
  };

  const bookings = useHostBookings(filters, !rangeInverted);
  const items = bookings.data?.pages.flatMap((page) => page.items) ?? [];
  const allSelected = items.length > 0 && selected.length === items.length;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllBookings(api, filters);
      const chosen = selected.length > 0 ? all.filter((b) => selected.includes(b.id)) : all;
      const stamp = todayInTokyo(new Date()).replaceAll('-', '');
      downloadText(`bookings-${stamp}.csv`, await hostBookingsCsv(api, chosen));
      toast({ severity: 'success', message: `${chosen.length} 件の予約を CSV に書き出しました` });
    } catch {
      toast({ severity: 'error', message: 'CSV の書き出しに失敗しました。もう一度お試しください。' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {/* Printed, the day view is the manifest alone (issue 21 item 14). */}
      <Box sx={{ displayPrint: 'none' }}>
        <PageHeader
          title="予約一覧"
          subtitle="体験へのリクエストと予約です。承認待ちのリクエストには48時間以内にご回答ください。"
          actions={
            view === 'list' && (
              <Button
                variant="outlined"
                startIcon={exporting ? <CircularProgress size={18} /> : <FileDownloadOutlinedIcon />}
                onClick={() => void exportCsv()}
                disabled={exporting || items.length === 0 || rangeInverted}
              >
                {selected.length > 0 ? `選択した ${selected.length} 件を CSV 出力` : 'CSV 出力'}
              </Button>
            )
          }
        />
      </Box>
      <Tabs
        value={view}
        onChange={(_, v: string) => update({ view: v === 'day' ? 'day' : null }, false)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}
      >
        <Tab value="list" label="一覧" />
        <Tab value="day" label="日別（当日の参加者）" />
      </Tabs>

      {view === 'day' ? (
        day === null ? (
          <Skeleton variant="rounded" height={160} aria-label="次に予約のある日を探しています" />
        ) : (
          <DayManifest
            date={day}
            skippedToday={!chosenDay && day !== today ? today : null}
            onDateChange={(d) => update({ date: d })}
            onOpen={(id) => update({ booking: id }, false)}
          />
        )
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
            <TextField
              select
              size="small"
              label="体験"
              value={filters.experienceId ?? ''}
              onChange={(e) => {
                setSelected([]);
                update({ experienceId: e.target.value || null });
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ width: 240 }}
            >
              <MenuItem value="">すべての体験</MenuItem>
              {/* An experience named in the address but not (yet) loaded still shows as chosen. */}
              {filters.experienceId && !experiences.data?.some((e) => e.id === filters.experienceId) && (
                <MenuItem value={filters.experienceId}>選択中の体験</MenuItem>
              )}
              {experiences.data?.map((e) => (
                <MenuItem key={e.id} value={e.id} sx={{ maxWidth: 480, whiteSpace: 'normal' }}>
                  {e.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="ステータス"
              value={filters.status ?? ''}
              onChange={(e) => {
                setSelected([]);
                update({ status: e.target.value || null });
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
            >
              {STATUS_FILTERS.map((s) => (
                <MenuItem key={s.value || 'all'} value={s.value}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              size="small"
              label="予約日（から）"
              value={filters.from ?? ''}
              onChange={(e) => update({ from: e.target.value || null })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label="予約日（まで）"
              value={filters.to ?? ''}
              onChange={(e) => update({ to: e.target.value || null })}
              error={rangeInverted}
              helperText={rangeInverted ? hostBookingsQueryMessages.rangeInverted : undefined}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: filters.from, 'aria-invalid': rangeInverted || undefined },
              }}
            />
            {(filters.status || filters.experienceId || filters.from || filters.to) && (
              <Button onClick={() => update({ status: null, experienceId: null, from: null, to: null })}>
                条件をクリア
              </Button>
            )}
          </Box>
          {bookings.isError && (
            <RetryAlert onRetry={() => void bookings.refetch()} sx={{ mb: 2 }}>
              予約を取得できませんでした。
            </RetryAlert>
          )}
          {phone ? (
            <Stack spacing={1.5} component="ul" aria-label="予約一覧" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {bookings.isPending &&
                !rangeInverted &&
                [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} />)}
              {(rangeInverted || (bookings.isSuccess && items.length === 0)) && (
                <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {NO_BOOKINGS}
                </Typography>
              )}
              {items.map((b) => (
                <Paper
                  key={b.id}
                  component="li"
                  variant="outlined"
                  data-testid="booking-row"
                  onClick={() => update({ booking: b.id }, false)}
                  sx={{ p: 2, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
                >
                  <Box
                    sx={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      gap: 1,
                      alignItems: 'flex-start',
                    }}
                  >
                    <RowOpenButton
                      label={openLabel(b.reference)}
                      onOpen={() => update({ booking: b.id }, false)}
                    >
                      <Typography sx={{ fontWeight: 600 }}>{b.experienceTitle}</Typography>
                    </RowOpenButton>
                    <BookingStatusChip status={b.status} />
                    {b.viaConcierge && <ViaConciergeChip />}
                  </Box>
                  {b.status === 'pending' && b.deadline && (
                    <Typography
                      variant="caption"
                      sx={{
                        display: 'block',
                        fontWeight: 600,
                        color: isDeadlineNear(b.deadline, now) ? 'error.main' : 'warning.dark',
                      }}
                    >
                      回答期限 {timeLeftJa(b.deadline, now)}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {formatTourJa(b)} ・ {b.guests} 名 ・ {formatYen(b.amount)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {guestName(b)}（{b.email}）
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    予約番号 {b.reference} ・ 受付 {formatDateTimeJa(b.createdAt)}
                  </Typography>
                </Paper>
              ))}
            </Stack>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              {/* Fixed widths for the short columns; the experience takes the rest, one line cut with a tooltip. */}
              <Table aria-label="予約一覧" size="small" sx={{ tableLayout: 'fixed', minWidth: 860 }}>
                <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                  <TableRow>
                    <TableCell padding="checkbox" sx={{ width: 48 }}>
                      <Checkbox
                        checked={allSelected}
                        indeterminate={selected.length > 0 && !allSelected}
                        onChange={() => setSelected(allSelected ? [] : items.map((b) => b.id))}
                        disabled={items.length === 0}
                        slotProps={{ input: { 'aria-label': 'すべて選択' } }}
                      />
                    </TableCell>
                    <TableCell>体験</TableCell>
                    <TableCell sx={{ width: 180 }}>予約者</TableCell>
                    <TableCell sx={{ width: STATUS_COLUMN_WIDTH }}>ステータス</TableCell>
                    <TableCell sx={{ width: 172 }}>予約日時・受付日</TableCell>
                    <TableCell align="right" sx={{ width: 60 }}>
                      人数
                    </TableCell>
                    <TableCell align="right" sx={{ width: 96 }}>
                      合計金額
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bookings.isPending &&
                    !rangeInverted &&
                    [0, 1, 2, 3].map((i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={7}>
                          <Skeleton height={36} />
                        </TableCell>
                      </TableRow>
                    ))}
                  {(rangeInverted || (bookings.isSuccess && items.length === 0)) && (
                    <TableRow>
                      <TableCell colSpan={7} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                        {NO_BOOKINGS}
                      </TableCell>
                    </TableRow>
                  )}
                  {items.map((b) => {
                    const checked = selected.includes(b.id);
                    return (
                      <TableRow
                        key={b.id}
                        hover
                        selected={checked}
                        onClick={() => update({ booking: b.id }, false)}
                        sx={{ cursor: 'pointer', verticalAlign: 'top' }}
                        data-testid="booking-row"
                      >
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={checked}
                            onClick={(e) => e.stopPropagation()}
                            onChange={() =>
                              setSelected((ids) =>
                                checked ? ids.filter((id) => id !== b.id) : [...ids, b.id],
                              )
                            }
                            slotProps={{ input: { 'aria-label': `予約番号 ${b.reference} を選択` } }}
                          />
                        </TableCell>
                        <TableCell>
                          <RowOpenButton
                            label={openLabel(b.reference)}
                            onOpen={() => update({ booking: b.id }, false)}
                          >
                            <TruncatedText
                              text={b.experienceTitle}
                              sx={{ fontWeight: 600 }}
                              data-testid="experience-title"
                            />
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              sx={{ fontFamily: 'monospace' }}
                            >
                              {b.reference}
                            </Typography>
                          </RowOpenButton>
                        </TableCell>
                        <TableCell>
                          <TruncatedText text={guestName(b)} />
                          <TruncatedText
                            text={b.email}
                            variant="caption"
                            color="text.secondary"
                            component="p"
                          />
                        </TableCell>
                        <TableCell>
                          <BookingStatusChip status={b.status} />
                          {b.viaConcierge && (
                            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                              <ViaConciergeChip />
                            </Box>
                          )}
                          {b.status === 'pending' && b.deadline && (
                            // Wraps inside the column, the time left kept whole (issue 32 item 12: on one line it
                            // ran over the dates).
                            <Typography
                              variant="caption"
                              data-testid="deadline"
                              sx={{
                                display: 'block',
                                mt: 0.5,
                                fontWeight: 600,
                                overflowWrap: 'anywhere',
                                color: isDeadlineNear(b.deadline, now) ? 'error.main' : 'warning.dark',
                              }}
                            >
                              回答期限{' '}
                              <Box component="span" sx={{ display: 'inline-block' }}>
                                {timeLeftJa(b.deadline, now)}
                              </Box>
                            </Typography>
                          )}
                        </TableCell>
                        <BookingSlotCells booking={b} />
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {bookings.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button onClick={() => void bookings.fetchNextPage()} disabled={bookings.isFetchingNextPage}>
                {bookings.isFetchingNextPage ? <CircularProgress size={20} /> : 'さらに表示'}
              </Button>
            </Box>
          )}
        </>
      )}
      <BookingDetailDialog bookingId={openId} onClose={() => update({ booking: null })} />
    </>
  );
}
