/**
 * The day view (manifest): who comes on a day, at what time, how many, how to reach them and what they asked for;
 * printable. Requests still waiting for an answer are listed too, marked, since the host may still accept them.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { addDays, isCalendarDate } from '@domain/calendar';
import { BookingStatusChip } from '../../../components/back-office/status-chips';
import { formatDateJa, guestName } from '../../../lib/back-office/format';
import { useHostBookings } from '../api/bookings';
import { tourLanguageLabel } from './booking-labels';

/** The bookings that take place: waiting, confirmed or held (not denied, expired, cancelled or unpaid). */
const ON_THE_DAY = new Set(['pending', 'approved', 'completed']);

export function DayManifest({
  date,
  onDateChange,
  onOpen,
}: {
  date: string;
  onDateChange: (date: string) => void;
  onOpen: (id: string) => void;
}) {
  const bookings = useHostBookings({ from: date, to: date });
  const all = bookings.data?.pages.flatMap((p) => p.items) ?? [];
  const coming = all
    .filter((b) => ON_THE_DAY.has(b.status) && b.date === date)
    .sort((a, b) => a.time.localeCompare(b.time) || a.createdAt.localeCompare(b.createdAt));
  const byTime = new Map<string, BackOfficeBooking[]>();
  for (const b of coming) byTime.set(b.time, [...(byTime.get(b.time) ?? []), b]);
  const confirmedGuests = coming.filter((b) => b.status !== 'pending').reduce((n, b) => n + b.guests, 0);
  const waitingGuests = coming.filter((b) => b.status === 'pending').reduce((n, b) => n + b.guests, 0);

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          mb: 2,
          '@media print': { display: 'none' },
        }}
      >
        <IconButton aria-label="前の日" onClick={() => onDateChange(addDays(date, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <TextField
          type="date"
          size="small"
          label="日付"
          value={date}
          onChange={(e) => isCalendarDate(e.target.value) && onDateChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <IconButton aria-label="次の日" onClick={() => onDateChange(addDays(date, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} sx={{ ml: 'auto' }}>
          印刷
        </Button>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {formatDateJa(date)} の予約
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="manifest-summary">
        確定 {confirmedGuests} 名{waitingGuests > 0 ? `・承認待ち ${waitingGuests} 名` : ''}
      </Typography>
      {bookings.isError && <Alert severity="error">予約を取得できませんでした。</Alert>}
      {bookings.isPending && <Skeleton variant="rounded" height={160} />}
      {bookings.isSuccess && coming.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">この日の予約はありません。</Typography>
        </Paper>
      )}
      {[...byTime.entries()].map(([time, list]) => (
        <Paper
          key={time}
          variant="outlined"
          component="section"
          aria-label={`${time} の予約`}
          sx={{ mb: 2, breakInside: 'avoid' }}
        >
          <Box sx={{ px: 2, py: 1, bgcolor: 'grey.100', display: 'flex', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>{time}〜</Typography>
            <Typography>{list.reduce((n, b) => n + b.guests, 0)} 名</Typography>
          </Box>
          {list.map((b) => (
            <Box
              key={b.id}
              role="button"
              tabIndex={0}
              onClick={() => onOpen(b.id)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onOpen(b.id)}
              sx={{
                px: 2,
                py: 1.5,
                borderTop: 1,
                borderColor: 'divider',
                display: 'grid',
                gap: 0.5,
                gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr' },
                cursor: 'pointer',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  {guestName(b)} 様 <BookingStatusChip status={b.status} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {b.experienceTitle} ・ 予約番号 {b.reference}
                </Typography>
              </Box>
              <Box>
                <Typography>{b.guests} 名</Typography>
                <Typography variant="body2" color="text.secondary">
                  {tourLanguageLabel[b.language] ?? b.language} ・ {b.nationality}
                </Typography>
              </Box>
              <Box>
                <Typography>
                  <a href={`tel:${b.phone.replace(/[^\d+]/g, '')}`} onClick={(e) => e.stopPropagation()}>
                    {b.phone}
                  </a>
                </Typography>
                {b.specialRequests && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    リクエスト: {b.specialRequests}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Paper>
      ))}
    </Box>
  );
}
