import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { durationOf, formatSpan } from '@domain/tour-span';
import { useNavigate } from 'react-router';
import { format, parseISO } from 'date-fns';
import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { ja } from 'date-fns/locale/ja';
import { ko } from 'date-fns/locale/ko';
import { zhTW } from 'date-fns/locale/zh-TW';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { bookableWindow } from '@domain/calendar';
import type { GuestLanguage } from '@domain/entities';
import { participantOptions, totalPrice } from '@domain/pricing';
import { useApi } from '../../../app/api';
import { saveBookingData, type BookingData } from '../../../lib/booking-data';
import { useAvailability, type AvailabilityAnswer } from '../../../lib/catalogue-api';
import { useToast } from '../../../lib/toast';
import { useT } from '../../../lib/i18n/i18n';
import { earlyTap, useEarlyTap } from '../../../lib/early-taps';
import { BOOKING_NEXT_TAP } from './booking-next-tap';
import { languageName } from '@domain/languages';
import type { Locale } from '../../../lib/i18n/locales';

/** The tour's language: `en` and `ja`, as the domain's guest languages; named in the reader's language. */
const LANGUAGE_OPTIONS: readonly GuestLanguage[] = ['en', 'ja'];

/** The calendar's month and weekday names in the site's language. */
const CALENDAR_LOCALES: Record<Locale, DateFnsLocale> = { en: enUS, ja, 'zh-Hant': zhTW, ko };

/**
 * The month heading as each language writes it (date-fns patterns): `November 2026`, `2026年11月`, `2026년 11월`
 * — date-fns' own `MMMM yyyy` would read 「11月 2026」 (issue 32 item 6).
 */
const MONTH_HEADINGS: Record<Locale, string> = {
  en: 'MMMM yyyy',
  ja: 'yyyy年M月',
  'zh-Hant': 'yyyy年M月',
  ko: 'yyyy년 M월',
};

export interface BookableExperience {
  id: string;
  price: number;
  participantsMin: number;
  participantsMax: number;
  /** The tour's length: each start is offered as its span (absent: an hour). */
  durationMinutes?: number;
}

/**
 * The calendar shows Tokyo calendar dates (the API's keys) as plain days: a cell labelled "12" *is* the 12th in
 * Tokyo whatever the browser's zone, because we only ever compare `yyyy-MM-dd` labels, never instants.
 */
const dayKey = (day: Date) => format(day, 'yyyy-MM-dd');

const NO_DATES: Record<string, string[]> = {};

/**
 * The calendar (six weeks of day buttons, the form's heaviest part), memoised: it renders again only when its
 * inputs change, not on every keystroke or selection elsewhere in the form.
 */
const AvailabilityCalendar = memo(function AvailabilityCalendar({
  date,
  onChange,
  bookable,
  dates,
  loading,
}: {
  date: string;
  onChange: (day: Date | null) => void;
  bookable: { from: string; to: string };
  dates: Record<string, string[]>;
  loading: boolean;
}) {
  const firstAvailable = Object.keys(dates).sort()[0];
  const { locale, t } = useT();
  // The calendar's own buttons and labels read the catalogue, not MUI's English (issue 32 item 6).
  const localeText = useMemo(
    () => ({
      previousMonth: t('calendar.previousMonth'),
      nextMonth: t('calendar.nextMonth'),
      calendarViewSwitchingButtonAriaLabel: (view: string) =>
        view === 'year' ? t('calendar.toCalendarView') : t('calendar.toYearView'),
    }),
    [t],
  );
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={CALENDAR_LOCALES[locale]}
      localeText={localeText}
    >
      <DateCalendar
        // Opens on the month of the first free day once the answer is in (a day tour's first weeks may be taken):
        // the reference date counts only when the calendar mounts, so it mounts again when that month is known.
        key={firstAvailable?.slice(0, 7) ?? 'loading'}
        value={date ? parseISO(date) : null}
        onChange={onChange}
        minDate={parseISO(bookable.from)}
        maxDate={parseISO(bookable.to)}
        referenceDate={firstAvailable ? parseISO(firstAvailable) : parseISO(bookable.from)}
        shouldDisableDate={(day: Date) => !dates[dayKey(day)]}
        loading={loading}
        disableHighlightToday
        slotProps={{ calendarHeader: { format: MONTH_HEADINGS[locale] } }}
        sx={{ mx: 0, width: '100%', maxWidth: 360 }}
      />
    </LocalizationProvider>
  );
});

/**
 * Guest spec §2 and §5: the booking request form of the detail page. Dates come from the availability API (only
 * days with a free slot inside the bookable window), the start times appear once a date is picked and are reset
 * when it changes, participants run over the experience's range, language is en/ja.
 */
export function BookingRequestForm({
  experience,
  now = new Date(),
}: {
  experience: BookableExperience;
  now?: Date;
}) {
  // Computed once per visit: the window only moves at midnight in Tokyo.
  const [bookable] = useState(() => bookableWindow(now));
  const availability = useAvailability(experience.id, bookable);
  // The answer re-renders the calendar: as a deferred value that runs in the background in small slices instead of
  // one blocking task (the calendar shows its loading state until then).
  const answer = useDeferredValue(availability.data);
  const dates = answer?.dates ?? NO_DATES;
  const options = participantOptions(experience.participantsMin, experience.participantsMax);
  const { t, yen, locale, path } = useT();

  // Date and time together: a new date clears the time in the same update (guest spec §2).
  const [slot, setSlot] = useState({ date: '', time: '' });
  const { date, time } = slot;
  const setTime = (value: string) => setSlot((current) => ({ ...current, time: value }));
  const onDateChange = useCallback((day: Date | null) => {
    const key = day ? dayKey(day) : '';
    setSlot((current) => (key === current.date ? current : { date: key, time: '' }));
  }, []);
  const [participants, setParticipants] = useState(options[0]?.value ?? 1);
  const [language, setLanguage] = useState<GuestLanguage>('en');
  const [busy, setBusy] = useState(false);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const times = date ? (dates[date] ?? []) : [];
  const firstAvailable = Object.keys(dates).sort()[0];
  const total = totalPrice(experience.price, participants);

  async function next() {
    // The domain's rule and message; loaded on demand so the detail page does not ship zod up front.
    const { bookingRequestFormSchema } = await import('@domain/schemas/booking-request-form');
    const parsed = bookingRequestFormSchema.safeParse({ date, time, language, participants });
    if (!parsed.success) {
      toast({ title: t('error.toastTitle'), message: t('booking.requiredFields'), severity: 'error' });
      return;
    }
    setBusy(true);
    try {
      // Asked again at the moment of the click: another guest may have taken the slot since the page loaded.
      const fresh = await api<AvailabilityAnswer>(
        `/experiences/${encodeURIComponent(experience.id)}/availability?from=${date}&to=${date}`,
      );
      if (!(fresh.dates[date] ?? []).includes(time)) {
        toast({ title: t('error.toastTitle'), message: t('booking.slotUnavailable'), severity: 'error' });
        setTime('');
        await queryClient.invalidateQueries({ queryKey: ['availability', experience.id] });
        return;
      }
      const bookingData: BookingData = {
        experienceId: experience.id,
        date,
        time,
        guests: participants,
        language,
        unitPrice: experience.price,
        totalPrice: total,
      };
      saveBookingData(bookingData);
      await navigate(path('/booking-form'), { state: { bookingData } });
    } catch (e) {
      console.error('Booking could not be prepared', e);
      toast({ title: t('error.toastTitle'), message: t('booking.initFailed'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  }

  // "Next" tapped on the placeholder before this code was in (issue 34): as if tapped here.
  useEarlyTap(BOOKING_NEXT_TAP, () => void next());

  return (
    <Paper
      component="section"
      id="booking-request"
      aria-labelledby="booking-request-title"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="booking-request-title" variant="h5" component="h2" gutterBottom tabIndex={-1}>
        {t('booking.requestTitle')}
      </Typography>
      <Stack spacing={2.5}>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('booking.date')}
          </Typography>
          {availability.isError ? (
            <Alert
              severity="error"
              action={<Button onClick={() => void availability.refetch()}>{t('common.retry')}</Button>}
            >
              {t('booking.datesFailed')}
            </Alert>
          ) : (
            <AvailabilityCalendar
              date={date}
              onChange={onDateChange}
              bookable={bookable}
              dates={dates}
              loading={answer === undefined}
            />
          )}
          {answer && !firstAvailable && (
            <Typography color="text.secondary">{t('booking.noDates')}</Typography>
          )}
        </Box>
        {date && (
          <TextField
            select
            label={t('booking.startTime')}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            helperText={t('booking.timesJapan', { zone: availability.data?.timeZone ?? 'Asia/Tokyo' })}
          >
            {times.map((slotTime) => (
              // The tour's span, so a guest sees when it ends (DESIGN §4j); the value stays the start.
              <MenuItem key={slotTime} value={slotTime}>
                {formatSpan(slotTime, durationOf(experience))}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={t('booking.participants')}
          value={participants}
          onChange={(e) => setParticipants(Number(e.target.value))}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {t('booking.people', { count: o.value })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('booking.tourLanguage')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as GuestLanguage)}
        >
          {LANGUAGE_OPTIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {languageName(value, locale)}
            </MenuItem>
          ))}
        </TextField>
        <Box aria-label={t('booking.priceSummary')} role="group">
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>
              {yen(experience.price)} × {t('booking.people', { count: participants })}
            </Typography>
            <Typography>{yen(total)}</Typography>
          </Stack>
          <Divider sx={{ my: 1 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>{t('booking.total')}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="request-total">
              {yen(total)}
            </Typography>
          </Stack>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('booking.extraCharges')}
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={() => void next()}
          disabled={busy}
          {...earlyTap(BOOKING_NEXT_TAP)}
        >
          {busy ? t('booking.preparing') : t('booking.next')}
        </Button>
      </Stack>
    </Paper>
  );
}
