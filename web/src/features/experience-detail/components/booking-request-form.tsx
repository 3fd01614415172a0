import { memo, useCallback, useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { format, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
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
import { SLOT_UNAVAILABLE_MESSAGE } from '@domain/errors';
import { formatJpy, participantLabel, participantOptions, totalPrice } from '@domain/pricing';
import { useApi } from '../../../app/api';
import { saveBookingData, type BookingData } from '../../../lib/booking-data';
import { useAvailability, type AvailabilityAnswer } from '../../../lib/catalogue-api';
import { useToast } from '../../../lib/toast';

export const INIT_FAILED_MESSAGE = 'Failed to initialize booking';
export const EXTRA_CHARGES_NOTE =
  'Extra charges may apply on the day for interpretation, optional add-ons, souvenirs or delivery.';

/** `en` and `ja`, as the domain's guest languages; labels as the guest reads them. */
const LANGUAGE_OPTIONS: readonly { value: GuestLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: 'Japanese' },
];

export interface BookableExperience {
  id: string;
  price: number;
  participantsMin: number;
  participantsMax: number;
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
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      <DateCalendar
        value={date ? parseISO(date) : null}
        onChange={onChange}
        minDate={parseISO(bookable.from)}
        maxDate={parseISO(bookable.to)}
        referenceDate={firstAvailable ? parseISO(firstAvailable) : parseISO(bookable.from)}
        shouldDisableDate={(day: Date) => !dates[dayKey(day)]}
        loading={loading}
        disableHighlightToday
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
      toast({ title: 'エラー', message: parsed.error.issues[0]?.message ?? '', severity: 'error' });
      return;
    }
    setBusy(true);
    try {
      // Asked again at the moment of the click: another guest may have taken the slot since the page loaded.
      const fresh = await api<AvailabilityAnswer>(
        `/experiences/${encodeURIComponent(experience.id)}/availability?from=${date}&to=${date}`,
      );
      if (!(fresh.dates[date] ?? []).includes(time)) {
        toast({ title: 'エラー', message: SLOT_UNAVAILABLE_MESSAGE, severity: 'error' });
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
      await navigate('/booking-form', { state: { bookingData } });
    } catch (e) {
      console.error('Booking could not be prepared', e);
      toast({ title: 'エラー', message: INIT_FAILED_MESSAGE, severity: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper
      component="section"
      id="booking-request"
      aria-labelledby="booking-request-title"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="booking-request-title" variant="h5" component="h2" gutterBottom tabIndex={-1}>
        Request for booking
      </Typography>
      <Stack spacing={2.5}>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Date
          </Typography>
          {availability.isError ? (
            <Alert
              severity="error"
              action={<Button onClick={() => void availability.refetch()}>Retry</Button>}
            >
              Available dates could not be loaded.
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
            <Typography color="text.secondary">No dates are available for booking at the moment.</Typography>
          )}
        </Box>
        {date && (
          <TextField
            select
            label="Start time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            helperText={`Times are Japan time (${availability.data?.timeZone ?? 'Asia/Tokyo'}).`}
          >
            {times.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label="Participants"
          value={participants}
          onChange={(e) => setParticipants(Number(e.target.value))}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Language"
          value={language}
          onChange={(e) => setLanguage(e.target.value as GuestLanguage)}
        >
          {LANGUAGE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Box aria-label="Price summary" role="group">
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>
              {formatJpy(experience.price)} × {participantLabel(participants)}
            </Typography>
            <Typography>{formatJpy(total)}</Typography>
          </Stack>
          <Divider sx={{ my: 1 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>Total</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="request-total">
              {formatJpy(total)}
            </Typography>
          </Stack>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {EXTRA_CHARGES_NOTE}
        </Typography>
        <Button variant="contained" size="large" onClick={() => void next()} disabled={busy}>
          {busy ? 'Preparing payment form' : 'Next'}
        </Button>
      </Stack>
    </Paper>
  );
}
