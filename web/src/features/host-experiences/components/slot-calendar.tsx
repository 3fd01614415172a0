/**
 * The month calendar of the availability editor (DESIGN §4b, §4j): the starts the saved rule makes for the tour's
 * length, with their bookings; a day opens its starts, each shown as the span a tour started there occupies, and the
 * booked tours as spans on the day's timeline; a click closes or reopens one start (or the whole day) and a start's
 * capacity can be changed; a range of days can be closed or reopened at once (a holiday trip). Changes apply
 * immediately.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  addDays,
  bookableWindow,
  compareDates,
  daysBetween,
  isCalendarDate,
  isDateInRange,
  todayInTokyo,
  weekdayOf,
} from '@domain/calendar';
import { MAX_SLOT_RANGE_DAYS, type HostSlotView, type SlotOverrideRequest } from '@domain/schemas/host-api';
import { ApiError } from '../../../lib/api-client';
import { formatDateJa, WEEKDAY_LABELS_JA } from '../../../lib/back-office/format';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { monthRange, useMonthSlots, useUpdateSlots } from '../api/slots';
import { RetryAlert } from '../../../components/back-office/retry-alert';

export const CAPACITY_BELOW_BOOKED = 'この時間帯に重なっている予約の数より少ない受付数にはできません。';
const UPDATE_FAILED = '予約枠を更新できませんでした。もう一度お試しください。';
/** A start's span as the calendar shows it: `08:00–16:00`, `20:00–翌02:00`. */
export function spanJa(slot: Pick<HostSlotView, 'time' | 'end' | 'endDayOffset'>): string {
  return `${slot.time}–${slot.endDayOffset ? '翌' : ''}${slot.end}`;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A booked tour on one day's 24-hour line: from `from` to `to` minutes of that day. */
interface DaySpan {
  key: string;
  label: string;
  booked: number;
  from: number;
  to: number;
}

/**
 * The day's booked tours as the spans they occupy (DESIGN §4j): a bar per start with bookings across the day's
 * 24 hours, the same as a list for screen readers. A tour running past midnight is cut at the day's edge, and
 * shows again on the next day from 00:00 (`carried`: the day before's tours that end on this one).
 */
function BookedSpans({ slots, carried }: { slots: HostSlotView[]; carried: HostSlotView[] }) {
  const booked: DaySpan[] = [
    ...carried
      .filter((s) => s.booked > 0 && s.endDayOffset === 1)
      .map((s) => ({
        key: `carried-${s.time}`,
        label: `前日${spanJa(s)}`,
        booked: s.booked,
        from: 0,
        to: minutesOf(s.end),
      })),
    ...slots
      .filter((s) => s.booked > 0)
      .map((s) => ({
        key: s.time,
        label: spanJa(s),
        booked: s.booked,
        from: minutesOf(s.time),
        to: s.endDayOffset ? 24 * 60 : minutesOf(s.end),
      })),
  ];
  if (booked.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        予約済みのツアー
      </Typography>
      <Box
        aria-hidden
        data-testid="booked-timeline"
        sx={{ position: 'relative', height: 12 + 14 * booked.length, bgcolor: 'grey.100', borderRadius: 1 }}
      >
        {booked.map((s, i) => (
          <Box
            key={s.key}
            sx={{
              position: 'absolute',
              top: 6 + 14 * i,
              height: 10,
              left: `${(s.from / 1440) * 100}%`,
              width: `${(Math.max(15, s.to - s.from) / 1440) * 100}%`,
              bgcolor: 'primary.main',
              borderRadius: 0.5,
            }}
          />
        ))}
      </Box>
      <Box component="ul" aria-label="予約済みのツアー" sx={{ pl: 2.5, my: 0.5, typography: 'body2' }}>
        {booked.map((s) => (
          <li key={s.key}>
            {s.label} {s.booked} 件
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** A booked slot the hours or holidays no longer open (issue 21 item 1): its bookings stay valid. */
export const OUTSIDE_RULE_NOTE = '営業時間の変更後も、この枠の予約は有効です。新しい予約は受け付けません。';

const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;

interface DaySummary {
  total: number;
  open: number;
  booked: number;
  blocked: number;
}

function summarise(slots: readonly HostSlotView[]): DaySummary {
  let open = 0;
  let booked = 0;
  let blocked = 0;
  let total = 0;
  for (const s of slots) {
    booked += s.booked;
    // A booked slot the rule no longer opens counts its bookings, not as a slot of the day.
    if (s.outsideRule) continue;
    total += 1;
    if (s.blocked) blocked += 1;
    else if (s.inUse < s.capacity) open += 1;
  }
  return { total, open, booked, blocked };
}

function slotState(slot: HostSlotView): {
  label: string;
  color: 'default' | 'success' | 'warning' | 'error';
} {
  if (slot.outsideRule) return { label: '営業時間外', color: 'error' };
  if (slot.blocked) return { label: '休止中', color: 'default' };
  // A capacity of 0 is the host pausing the slot, not guests filling it.
  if (slot.capacity === 0 && slot.booked === 0) return { label: '休止', color: 'default' };
  // Full when the busiest moment of a tour started here already holds `capacity` tours (its own or overlapping).
  if (slot.inUse >= slot.capacity) return { label: '満席', color: 'warning' };
  return { label: '受付中', color: 'success' };
}

function errorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status === 409) return CAPACITY_BELOW_BOOKED;
  if (e instanceof ApiError && e.status === 400) return e.message;
  return UPDATE_FAILED;
}

function SlotRow({
  slot,
  past,
  busy,
  onChange,
}: {
  slot: HostSlotView;
  past: boolean;
  busy: boolean;
  onChange: (change: { blocked?: boolean; capacity?: number }) => void;
}) {
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const state = slotState(slot);
  const parsed = Number.parseInt(capacity, 10);
  const capacityChanged = Number.isInteger(parsed) && parsed >= 0 && parsed !== slot.capacity;
  return (
    <Box
      role="listitem"
      aria-label={`${slot.time} の枠`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '112px 1fr', sm: '112px 96px 1fr auto' },
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{spanJa(slot)}</Typography>
      <Chip size="small" label={state.label} color={state.color} sx={{ justifySelf: 'start' }} />
      <Typography variant="body2" color="text.secondary">
        予約 {slot.booked}・重なり {slot.inUse} / 受付数 {slot.capacity}
      </Typography>
      {slot.outsideRule ? (
        <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          {OUTSIDE_RULE_NOTE}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <TextField
            size="small"
            type="number"
            label="受付数"
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            disabled={past || busy}
            slotProps={{ htmlInput: { min: 0, max: 100, 'aria-label': `${slot.time} の受付数` } }}
            sx={{ width: 96 }}
          />
          <Button
            size="small"
            variant="outlined"
            disabled={past || busy || !capacityChanged}
            onClick={() => onChange({ capacity: parsed })}
          >
            変更
          </Button>
          <Button
            size="small"
            variant={slot.blocked ? 'contained' : 'outlined'}
            color={slot.blocked ? 'primary' : 'inherit'}
            disabled={past || busy}
            onClick={() => onChange({ blocked: !slot.blocked })}
            aria-label={`${slot.time} を${slot.blocked ? '再開' : '休止'}`}
          >
            {slot.blocked ? '再開' : '休止'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function DayDialog({
  date,
  slots,
  carried,
  past,
  busy,
  error,
  onClose,
  onChange,
}: {
  date: string;
  slots: HostSlotView[];
  /** The day before's starts (for its tours that run past midnight into this day). */
  carried: HostSlotView[];
  past: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onChange: (change: Omit<SlotOverrideRequest, 'date'>) => void;
}) {
  const ruleSlots = slots.filter((s) => !s.outsideRule);
  const allBlocked = ruleSlots.length > 0 && ruleSlots.every((s) => s.blocked);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="day-dialog-title">
      <DialogTitle id="day-dialog-title">{formatDateJa(date)} の予約枠</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {past && (
          <Alert severity="info" sx={{ mb: 2 }}>
            過去の日付は変更できません。
          </Alert>
        )}
        {ruleSlots.length === 0 && (
          <Typography color="text.secondary">この日は営業時間外（定休日）です。</Typography>
        )}
        <BookedSpans slots={slots} carried={carried} />
        {slots.length > 0 && (
          <Box role="list" aria-label="この日の枠">
            {slots.map((slot) => (
              <SlotRow
                key={`${slot.time}-${slot.capacity}`}
                slot={slot}
                past={past}
                busy={busy}
                onChange={(change) => onChange({ time: slot.time, ...change })}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {ruleSlots.length > 0 && !past ? (
          <Button
            color={allBlocked ? 'primary' : 'error'}
            disabled={busy}
            onClick={() => onChange({ blocked: !allBlocked })}
          >
            {allBlocked ? 'この日の受付を再開' : 'この日を休止する'}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>閉じる</Button>
      </DialogActions>
    </Dialog>
  );
}

function RangeDialog({
  today,
  busy,
  error,
  onClose,
  onApply,
}: {
  today: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onApply: (from: string, to: string, blocked: boolean) => void;
}) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 6));
  const [action, setAction] = useState<'close' | 'reopen'>('close');
  const valid = isCalendarDate(from) && isCalendarDate(to);
  const problem = !valid
    ? '日付を入力してください'
    : compareDates(from, today) < 0
      ? '今日以降の日付を指定してください'
      : compareDates(to, from) < 0
        ? '終了日は開始日以降にしてください'
        : daysBetween(from, to) + 1 > MAX_SLOT_RANGE_DAYS
          ? `一度に指定できるのは${MAX_SLOT_RANGE_DAYS}日までです`
          : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="range-dialog-title">
      <DialogTitle id="range-dialog-title">期間を指定して休止・再開</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          旅行や臨時休業の期間をまとめて休止できます。既に入っている予約はそのまま残ります。
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <TextField
            type="date"
            label="開始日"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
          <TextField
            type="date"
            label="終了日"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
            error={Boolean(problem && valid)}
            helperText={problem ?? ' '}
          />
        </Stack>
        <RadioGroup row value={action} onChange={(_, v) => setAction(v as 'close' | 'reopen')} sx={{ mt: 1 }}>
          <FormControlLabel value="close" control={<Radio />} label="休止する" />
          <FormControlLabel value="reopen" control={<Radio />} label="受付を再開する" />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button
          variant="contained"
          disabled={Boolean(problem) || busy}
          onClick={() => onApply(from, to, action === 'close')}
        >
          {busy ? <CircularProgress size={20} color="inherit" aria-label="更新中" /> : '適用する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SlotCalendar({ experienceId, ruleChanged }: { experienceId: string; ruleChanged: boolean }) {
  const toast = useToast();
  const today = useMemo(() => todayInTokyo(new Date()), []);
  /** Guests book from three days ahead to 85 days ahead (DESIGN §3, §4g); other days are shown greyed. */
  const bookable = useMemo(() => bookableWindow(new Date()), []);
  const [month, setMonth] = useState(() => monthOf(today));
  const slots = useMonthSlots(experienceId, month);
  const update = useUpdateSlots(experienceId);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [rangeOpen, setRangeOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { from, to } = monthRange(month);
  const leading = weekdayOf(from);
  const dates = useMemo(() => {
    const list: string[] = [];
    for (let d = from; compareDates(d, to) <= 0; d = addDays(d, 1)) list.push(d);
    return list;
  }, [from, to]);

  /** One slot change at a time, however fast the clicks: a second one meanwhile is not sent (and is not applied). */
  const flight = useSingleFlight();
  const busy = flight.pending || update.isPending;
  const apply = async (change: SlotOverrideRequest, success: string) => {
    let applied = false;
    await flight.run(async () => {
      setError(null);
      try {
        await update.mutateAsync(change);
        toast({ severity: 'success', message: success });
        applied = true;
      } catch (e) {
        setError(errorMessage(e));
      }
    });
    return applied;
  };

  const days = slots.data?.days ?? {};
  return (
    <Box>
      {ruleChanged && (
        <Alert severity="info" sx={{ mb: 2 }}>
          営業時間・定休日の変更は、保存するとカレンダーに反映されます。
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton
            aria-label="前の月"
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
            disabled={month <= monthOf(today)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography sx={{ fontWeight: 700, minWidth: 104, textAlign: 'center' }} aria-live="polite">
            {monthLabel(month)}
          </Typography>
          <IconButton aria-label="次の月" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
        <Button variant="outlined" size="small" onClick={() => setRangeOpen(true)}>
          期間を指定して休止
        </Button>
      </Box>
      {slots.isError && (
        <RetryAlert onRetry={() => void slots.refetch()} sx={{ mb: 1 }}>
          予約枠を取得できませんでした。
        </RetryAlert>
      )}
      <Box
        role="grid"
        aria-label={`${monthLabel(month)}の予約枠`}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
      >
        {WEEKDAY_LABELS_JA.map((label, i) => (
          <Typography
            key={label}
            role="columnheader"
            variant="caption"
            sx={{
              textAlign: 'center',
              fontWeight: 700,
              color: i === 0 ? 'error.main' : i === 6 ? 'primary.main' : 'text.secondary',
            }}
          >
            {label}
          </Typography>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <Box key={`blank-${i}`} />
        ))}
        {dates.map((date) => {
          const daySlots = days[date];
          const past = compareDates(date, today) < 0;
          if (!slots.data) {
            return (
              <Skeleton
                key={date}
                variant="rounded"
                sx={{ aspectRatio: { xs: '1 / 1.1', sm: '1 / 0.8' }, height: 'auto' }}
              />
            );
          }
          const s = summarise(daySlots ?? []);
          const closed = s.total === 0;
          const allBlocked = s.total > 0 && s.blocked === s.total;
          const outside = !isDateInRange(date, bookable);
          const label = closed
            ? '休業日'
            : allBlocked
              ? '休止'
              : past
                ? '終了'
                : outside
                  ? '受付期間外'
                  : `空き ${s.open}/${s.total}`;
          return (
            <ButtonBase
              key={date}
              role="gridcell"
              aria-label={`${formatDateJa(date)} ${label}${s.booked > 0 ? ` 予約 ${s.booked}` : ''}`}
              onClick={() => {
                setError(null);
                setOpenDay(date);
              }}
              sx={{
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
                textAlign: 'left',
                p: { xs: 0.5, sm: 1 },
                minHeight: { xs: 56, sm: 76 },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: closed || allBlocked ? 'grey.100' : 'background.paper',
                opacity: past ? 0.5 : outside ? 0.75 : 1,
                '&:hover': { borderColor: 'primary.main' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {Number(date.slice(8))}
              </Typography>
              <Typography
                variant="caption"
                sx={{
                  lineHeight: 1.2,
                  color:
                    closed || allBlocked || outside
                      ? 'text.secondary'
                      : s.open === 0
                        ? 'warning.dark'
                        : 'success.dark',
                  fontSize: { xs: 10, sm: 12 },
                }}
              >
                {label}
              </Typography>
              {s.booked > 0 && (
                <Typography
                  variant="caption"
                  sx={{ lineHeight: 1.2, fontSize: { xs: 10, sm: 12 }, color: 'primary.main' }}
                >
                  予約 {s.booked}
                </Typography>
              )}
            </ButtonBase>
          );
        })}
      </Box>
      {openDay && (
        <DayDialog
          date={openDay}
          slots={days[openDay] ?? []}
          // The day before within the month shown (the 1st of a month does not see the last night of the one before).
          carried={days[addDays(openDay, -1)] ?? []}
          past={compareDates(openDay, today) < 0}
          busy={busy}
          error={error}
          onClose={() => setOpenDay(null)}
          onChange={(change) =>
            void apply(
              { date: openDay, ...change },
              change.capacity !== undefined
                ? '受付数を変更しました'
                : change.blocked
                  ? change.time
                    ? `${change.time} の枠を休止しました`
                    : 'この日を休止しました'
                  : change.time
                    ? `${change.time} の枠を再開しました`
                    : 'この日の受付を再開しました',
            )
          }
        />
      )}
      {rangeOpen && (
        <RangeDialog
          today={today}
          busy={busy}
          error={error}
          onClose={() => {
            setRangeOpen(false);
            setError(null);
          }}
          onApply={(rangeFrom, rangeTo, blocked) =>
            void apply(
              { date: rangeFrom, toDate: rangeTo, blocked },
              blocked ? '指定した期間を休止しました' : '指定した期間の受付を再開しました',
            ).then((ok) => {
              if (ok) {
                setRangeOpen(false);
                setMonth(monthOf(rangeFrom));
              }
            })
          }
        />
      )}
    </Box>
  );
}
