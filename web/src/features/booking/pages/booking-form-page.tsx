import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { personName } from '@domain/person-name';
import { totalPrice } from '@domain/pricing';
import { toBookingGuest } from '@domain/schemas/guest-form';
import type { CreateBookingRequestInput } from '@domain/schemas/booking';
import { useApi } from '../../../app/api';
import { trackEvent } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../app/config-context';
import { CancellationPolicy } from '../../../components/cancellation-policy';
import { PageLoader } from '../../../components/page-loader';
import {
  clearBookingData,
  clearHeldBooking,
  HOLD_RESUMABLE_MS,
  holdsChoice,
  isBookingData,
  loadBookingData,
  loadHeldBooking,
  saveHeldBooking,
  savePendingBooking,
  type BookingData,
  type HeldBooking,
} from '../../../lib/booking-data';
import { useExperience, type AvailabilityAnswer } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useToast } from '../../../lib/toast';
import { bookingFailure } from '../api/booking-errors';
import type { CreatedBooking } from '../api/created-booking';
import type { PaymentMethodState } from '../api/payment-method';
import { releaseHold } from '../api/release-hold';
import { BookingSummaryCard } from '../components/booking-summary-card';
import { durationOf } from '@domain/tour-span';
import { GuestFormFields } from '../components/guest-form';
import { PaymentSection } from '../components/card-payment-fields';
import { useGuestForm } from '../hooks/use-guest-form';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §9: 1 second between the success and the move to the completion page. */
const COMPLETE_DELAY_MS = 1000;
/** The server's hold (DESIGN §3), for the "held until" time the page shows. */
const HOLD_MS = 15 * 60_000;

function useBookingData(): BookingData | null {
  const location = useLocation();
  const state = location.state as { bookingData?: unknown } | null;
  // Navigation state first; the session copy when the guest reloaded the page.
  const [data] = useState(() => (isBookingData(state?.bookingData) ? state.bookingData : loadBookingData()));
  return data;
}

/**
 * What the form finds of an earlier hold in this tab when it opens: one it resumes (same choice, still running),
 * or one it gives back first (another choice, or too old to pay into).
 */
function earlierHold(data: BookingData): { resumed: HeldBooking | null; stale: HeldBooking | null } {
  const stored = loadHeldBooking();
  if (!stored) return { resumed: null, stale: null };
  const resumable = holdsChoice(stored, data) && Date.now() - stored.heldAt < HOLD_RESUMABLE_MS;
  return resumable ? { resumed: stored, stale: null } : { resumed: null, stale: stored };
}

/**
 * Guest spec §2, Booking Information (`/booking-form`), with the flow of DESIGN §4: on 'Confirm Booking Request'
 * the card details are checked, `POST /api/bookings` holds the slot and returns the payment's client secret, the
 * card is authorised, `POST /api/bookings/{id}/payment-confirmed` moves the booking to `pending`, and after 1 s
 * the guest lands on `/booking-complete`.
 *
 * A declined card leaves the booking `awaiting_payment`: the guest may try another card for the same booking
 * (same hold, same client secret). The hold is kept for this tab (`HeldBooking`), so a guest who reloads or comes
 * back to the form resumes it with their details; a guest who leaves the form for another page gives it back at
 * once (`POST /api/bookings/{id}/release`). Closing the tab cannot be told from a reload, so that hold lapses
 * after its 15 minutes, silently. While the hold exists the guest details are locked: they are part of it.
 */
export function BookingFormPage() {
  const { t, path } = useT();
  usePageMeta({ title: t('booking.infoTitle'), noindex: true });
  const data = useBookingData();
  if (!data) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('booking.error.missingInfo')}
        </Alert>
        <Button component={RouterLink} to={path('/experiences')} variant="contained">
          {t('booking.findExperience')}
        </Button>
      </Container>
    );
  }
  return <BookingForm data={data} />;
}

function BookingForm({ data }: { data: BookingData }) {
  const config = useAppConfig();
  const { t, path, locale } = useT();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const experience = useExperience(data.experienceId);
  const [hold] = useState(() => earlierHold(data));
  const form = useGuestForm(hold.resumed?.guest);
  const [payment, setPayment] = useState<PaymentMethodState>({ ready: false, handle: null });
  const [submitting, setSubmitting] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [paymentMessage, setPaymentMessage] = useState<string | null>(null);
  const created = useRef<HeldBooking | null>(hold.resumed);
  const [held, setHeld] = useState<HeldBooking | null>(hold.resumed);

  const slotGone = useCallback(() => {
    // Guest spec §8: the message, then back one step; it explains the page it leads back to.
    toast({
      title: t('common.error'),
      message: t('booking.error.slotGone'),
      severity: 'error',
      carryToNextPage: true,
    });
    void navigate(-1);
  }, [toast, navigate]);

  // Guest spec §2: slot availability is re-checked on load, unless the slot is held by this very guest.
  useEffect(() => {
    if (hold.resumed) return;
    const controller = new AbortController();
    void (async () => {
      // A hold left from earlier in this tab is given back first, so it blocks neither this slot nor another.
      if (hold.stale) {
        clearHeldBooking();
        await releaseHold(api, hold.stale).catch((e: unknown) =>
          console.error('Earlier hold not released', e),
        );
      }
      const answer = await api<AvailabilityAnswer>(
        `/experiences/${encodeURIComponent(data.experienceId)}/availability?from=${data.date}&to=${data.date}`,
        { signal: controller.signal },
      );
      if (!(answer.dates[data.date] ?? []).includes(data.time)) slotGone();
    })().catch((e: unknown) => {
      if (!controller.signal.aborted) console.error('Availability re-check failed', e);
    });
    return () => controller.abort();
  }, [api, data, slotGone, hold]);

  // A guest who leaves the form for another page of the app (Back, a link) gives their hold back at once. A page
  // that is going away (reload, closed tab) announces it with `pagehide` and is not a guest leaving the form: the
  // hold is resumed on return, or lapses. StrictMode's rehearsal unmount mounts again at once, so the release waits
  // a tick and is dropped when the form is still there.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    let pageGoingAway = false;
    const onPageHide = () => (pageGoingAway = true);
    const onPageShow = () => (pageGoingAway = false);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      mounted.current = false;
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      if (pageGoingAway) return;
      setTimeout(() => {
        if (mounted.current) return;
        const leftBehind = loadHeldBooking();
        if (!leftBehind) return;
        clearHeldBooking();
        releaseHold(api, leftBehind)
          .then(() =>
            queryClient.invalidateQueries({ queryKey: ['availability', leftBehind.choice.experienceId] }),
          )
          .catch((e: unknown) => console.error('Hold not released; it lapses after 15 minutes', e));
      }, 0);
    };
  }, [api, queryClient]);

  useEffect(() => {
    if (experience.isError)
      toast({ title: t('common.error'), message: t('booking.error.fetchExperience'), severity: 'error' });
  }, [experience.isError, toast, t]);

  const onPaymentState = useCallback((state: PaymentMethodState) => setPayment(state), []);

  if (experience.isPending) return <PageLoader label={t('booking.loadingInfo')} />;
  if (experience.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Alert severity="error">{t('booking.error.fetchExperience')}</Alert>
      </Container>
    );
  }
  const exp = experience.data;
  // The server's price decides (DESIGN §3); the detail page's figure is only what the guest was shown there.
  const shown: BookingData = {
    ...data,
    unitPrice: exp.price,
    totalPrice: totalPrice(exp.price, data.guests),
  };
  const canConfirm = form.isValid && payment.ready && payment.handle !== null && !submitting && !completing;

  async function confirm() {
    form.touchAll();
    if (!form.parsed || !payment.handle) return;
    setSubmitting(true);
    setPaymentMessage(null);
    let stage: 'create' | 'confirm' = 'create';
    try {
      await payment.handle.prepare();
      let booking = created.current;
      if (!booking) {
        const request: CreateBookingRequestInput = {
          experienceId: data.experienceId,
          date: data.date,
          time: data.time,
          guests: data.guests,
          language: data.language,
          guestLocale: locale,
          guest: toBookingGuest(form.parsed),
        };
        const answer = await api<CreatedBooking>('/bookings', { method: 'POST', body: request });
        booking = {
          bookingId: answer.bookingId,
          reference: answer.reference,
          clientSecret: answer.payment.clientSecret,
          amount: answer.amount,
          choice: {
            experienceId: data.experienceId,
            date: data.date,
            time: data.time,
            guests: data.guests,
            language: data.language,
          },
          guest: form.values,
          heldAt: Date.now(),
        };
        created.current = booking;
        saveHeldBooking(booking);
        setHeld(booking);
        savePendingBooking({
          bookingId: booking.bookingId,
          reference: booking.reference,
          email: form.parsed.email,
        });
      }
      stage = 'confirm';
      await payment.handle.confirm(booking.clientSecret, {
        name: personName(form.parsed),
        email: form.parsed.email,
        phone: toBookingGuest(form.parsed).phone,
      });
      await api(`/bookings/${encodeURIComponent(booking.bookingId)}/payment-confirmed`, { method: 'POST' });
      clearHeldBooking();
      clearBookingData();
      // Guest spec §4: the booking_request_complete event (price_total, experience_id), when analytics is on.
      trackEvent(config.analytics, 'booking_request_complete', {
        price_total: booking.amount,
        experience_id: data.experienceId,
      });
      setCompleting(true);
      const state = { reference: booking.reference, email: form.parsed.email, justBooked: true };
      setTimeout(() => void navigate(path('/booking-complete'), { state, replace: true }), COMPLETE_DELAY_MS);
    } catch (e) {
      console.error('Booking request failed', e);
      const failure = bookingFailure(e, stage, t);
      if (
        stage === 'confirm' &&
        e instanceof ApiError &&
        (e.code === 'state_conflict' || e.code === 'not_found')
      ) {
        // The hold ended on the server (it lapsed): the next try makes a new request with the same details.
        clearHeldBooking();
        created.current = null;
        setHeld(null);
      }
      if (failure.kind === 'slot_gone') {
        slotGone();
        return;
      }
      if (failure.kind === 'payment') setPaymentMessage(failure.message);
      toast({ title: t('common.error'), message: failure.message, severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Link
        component={RouterLink}
        to={path(`/experience/${data.experienceId}`)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden /> {t('booking.back')}
      </Link>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        {t('booking.infoTitle')}
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <BookingSummaryCard
              data={shown}
              title={exp.title}
              image={exp.mainImages[0]}
              durationMinutes={durationOf(exp)}
            />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={4}>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              {held && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {t('booking.held', { time: heldUntil(held, locale) })}
                </Alert>
              )}
              <GuestFormFields form={form} disabled={held !== null || submitting || completing} />
            </Paper>
            <PaymentSection
              amount={shown.totalPrice}
              onStateChange={onPaymentState}
              message={paymentMessage}
            />
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <CancellationPolicy policy={exp.cancellationPolicy} rule={exp.refundRule} />
            </Paper>
            <Box>
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={!canConfirm}
                onClick={() => void confirm()}
              >
                {submitting ? t('booking.processing') : t('booking.confirm')}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {t('booking.secure')}
              </Typography>
            </Box>
          </Stack>
        </Grid>
      </Grid>
      <Backdrop
        open={completing}
        sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" aria-hidden />
        <Typography role="status">{t('booking.completing')}</Typography>
      </Backdrop>
    </Container>
  );
}

/** The end of the hold in the guest's own clock, e.g. "10:42". */
function heldUntil(held: HeldBooking, locale: string): string {
  return new Date(held.heldAt + HOLD_MS).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}
