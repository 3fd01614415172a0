/**
 * The day view (manifest): who comes on a day, for which experience, at what time, how many, how to reach them and
 * what they asked for, with a check-in tick per confirmed booking (issue 21). Requests still waiting for an answer
 * are listed too, marked, since the host may still accept them. Printed, it is the manifest alone: one block per
 * experience with the date and totals, no navigation (item 14).
 */
import { durationOf, formatSpan } from '@domain/tour-span';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { RowOpenButton } from '../../../components/back-office/row-open-button';
import { BookingStatusChip } from '../../../components/back-office/status-chips';
import { PhoneLink } from '../../../components/back-office/phone-link';
import { formatDateJa, guestName, nationalityJa, tourLanguageLabel } from '../../../lib/back-office/format';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { ON_THE_DAY, useCheckIn, useHostBookings } from '../api/bookings';

const CHECKABLE = new Set(['approved', 'completed']);

interface ExperienceBlock {
  experienceId: string;
  title: string;
  times: [string, BackOfficeBooking[]][];
  confirmed: number;
  waiting: number;
  checkedIn: number;
}

const guestsOf = (list: BackOfficeBooking[]) => list.reduce((n, b) => n + b.guests, 0);

/** The day's bookings by experience (earliest first), then by tour span (start time first). */
export function manifestBlocks(coming: BackOfficeBooking[]): ExperienceBlock[] {
  const byExperience = new Map<string, BackOfficeBooking[]>();
  for (const b of coming) byExperience.set(b.experienceId, [...(byExperience.get(b.experienceId) ?? []), b]);
  return [...byExperience.entries()].map(([experienceId, list]) => {
    // Grouped by the tour's span (start–end, DESIGN §4j), which starts with the start time and so sorts by it.
    const times = new Map<string, BackOfficeBooking[]>();
    for (const b of list) {
      const span = formatSpan(b.time, durationOf(b));
      times.set(span, [...(times.get(span) ?? []), b]);
    }
    const confirmed = list.filter((b) => CHECKABLE.has(b.status));
    return {
      experienceId,
      title: list[0]!.experienceTitle,
      times: [...times.entries()],
      confirmed: guestsOf(confirmed),
      waiting: guestsOf(list.filter((b) => b.status === 'pending')),
      checkedIn: guestsOf(confirmed.filter((b) => b.checkedInAt)),
    };
  });
}

const totalsJa = (confirmed: number, waiting: number) =>
  `確定 ${confirmed} 名${waiting > 0 ? `・承認待ち ${waiting} 名` : ''}`;

function CheckInTick({ booking }: { booking: BackOfficeBooking }) {
  const checkIn = useCheckIn();
  const toast = useToast();
  /** One tick request at a time; the box shows the state being saved meanwhile. */
  const flight = useSingleFlight();
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!CHECKABLE.has(booking.status)) return null;
  const checked = Boolean(booking.checkedInAt);
  const tick = (checkedIn: boolean) =>
    flight.run(async () => {
      setSaving(checkedIn);
      try {
        await checkIn.mutateAsync({ id: booking.id, checkedIn });
      } catch {
        toast({ severity: 'error', message: 'チェックインを保存できませんでした。もう一度お試しください。' });
      } finally {
        setSaving(null);
      }
    });
  return (
    <FormControlLabel
      label="チェックイン"
      control={
        <Checkbox
          checked={saving ?? checked}
          disabled={flight.pending}
          onChange={(e) => void tick(e.target.checked)}
          slotProps={{ input: { 'aria-label': `${guestName(booking)} 様のチェックイン` } }}
        />
      }
    />
  );
}

export function DayManifest({
  date,
  skippedToday = null,
  onDateChange,
  onOpen,
}: {
  date: string;
  /** Today, when the view opened on a later day because today has no tours. */
  skippedToday?: string | null;
  onDateChange: (date: string) => void;
  onOpen: (id: string) => void;
}) {
  const bookings = useHostBookings({ from: date, to: date });
  const all = bookings.data?.pages.flatMap((p) => p.items) ?? [];
  const coming = all
    .filter((b) => ON_THE_DAY.has(b.status) && b.date === date)
    .sort((a, b) => a.time.localeCompare(b.time) || a.createdAt.localeCompare(b.createdAt));
  const blocks = manifestBlocks(coming);
  const confirmedGuests = guestsOf(coming.filter((b) => CHECKABLE.has(b.status)));
  const waitingGuests = guestsOf(coming.filter((b) => b.status === 'pending'));

  return (
    <Box data-testid="day-manifest">
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2, displayPrint: 'none' }}
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
      {skippedToday && (
        <Alert
          severity="info"
          sx={{ mb: 2, displayPrint: 'none' }}
          data-testid="manifest-next-day"
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => onDateChange(skippedToday)}
            >
              今日を表示
            </Button>
          }
        >
          今日（{formatDateJa(skippedToday)}）は予約がないため、次に予約のある日を表示しています。
        </Alert>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {formatDateJa(date)} の予約
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="manifest-summary">
        {totalsJa(confirmedGuests, waitingGuests)}
      </Typography>
      {bookings.isError && <Alert severity="error">予約を取得できませんでした。</Alert>}
      {bookings.isPending && <Skeleton variant="rounded" height={160} />}
      {bookings.isSuccess && coming.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">この日の予約はありません。</Typography>
        </Paper>
      )}
      {blocks.map((block) => (
        <Paper
          key={block.experienceId}
          variant="outlined"
          component="section"
          aria-label={block.title}
          data-testid="manifest-experience"
          sx={{ mb: 2, breakInside: 'avoid', '@media print': { boxShadow: 'none', borderColor: '#000' } }}
        >
          <Box
            sx={{
              px: 2,
              py: 1,
              bgcolor: 'grey.100',
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              justifyContent: 'space-between',
              alignItems: 'baseline',
            }}
          >
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {block.title}
            </Typography>
            <Typography variant="body2" data-testid="manifest-experience-totals">
              {formatDateJa(date)}・{totalsJa(block.confirmed, block.waiting)}・チェックイン済み{' '}
              {block.checkedIn} / {block.confirmed} 名
            </Typography>
          </Box>
          {block.times.map(([time, list]) => (
            <Box
              key={time}
              component="section"
              aria-label={`${block.title} ${time} の予約`}
              data-testid="manifest-time"
            >
              <Box
                sx={{
                  px: 2,
                  py: 0.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  display: 'flex',
                  justifyContent: 'space-between',
                }}
              >
                <Typography sx={{ fontWeight: 700 }}>{time}</Typography>
                <Typography>{guestsOf(list)} 名</Typography>
              </Box>
              {list.map((b) => (
                <Box
                  key={b.id}
                  data-testid="manifest-booking"
                  sx={{
                    px: 2,
                    py: 1.5,
                    borderTop: 1,
                    borderColor: 'divider',
                    display: 'grid',
                    gap: 0.5,
                    gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr auto' },
                    alignItems: 'start',
                    '@media print': { gridTemplateColumns: '2fr 1fr 2fr auto' },
                  }}
                >
                  <Box>
                    <RowOpenButton label={`予約番号 ${b.reference} を開く`} onOpen={() => onOpen(b.id)}>
                      {/* A div: the status chip is one, and a paragraph cannot hold it. */}
                      <Typography component="div" sx={{ fontWeight: 600 }}>
                        {guestName(b)} 様 <BookingStatusChip status={b.status} />
                      </Typography>
                    </RowOpenButton>
                    <Typography variant="body2" color="text.secondary">
                      予約番号 {b.reference}
                    </Typography>
                  </Box>
                  <Box>
                    <Typography>{b.guests} 名</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {tourLanguageLabel[b.language] ?? b.language} ・ {nationalityJa(b.nationality)}
                    </Typography>
                  </Box>
                  <Box>
                    <Typography>
                      <PhoneLink phone={b.phone} />
                    </Typography>
                    {b.specialRequests && (
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                        リクエスト: {b.specialRequests}
                      </Typography>
                    )}
                  </Box>
                  <CheckInTick booking={b} />
                </Box>
              ))}
            </Box>
          ))}
        </Paper>
      ))}
    </Box>
  );
}
