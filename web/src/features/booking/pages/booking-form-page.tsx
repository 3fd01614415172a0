import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
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
import { formatJpy, PRICE_TERMS, totalPrice } from '@domain/pricing';
import { toBookingGuest } from '@domain/schemas/guest-form';
import type { CreateBookingRequestInput } from '@domain/schemas/booking';
import { useApi } from '../../../app/api';
import { useAppConfig } from '../../../app/config-context';
import { CancellationPolicy } from '../../../components/cancellation-policy';
import { PageLoader } from '../../../components/page-loader';
import {
  clearBookingData,
  isBookingData,
  loadBookingData,
  savePendingBooking,
  type BookingData,
} from '../../../lib/booking-data';
import { useExperience, type AvailabilityAnswer } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { siteLocale } from '../../../lib/site-locale';
import { useToast } from '../../../lib/toast';
import {
  bookingFailure,
  FETCH_EXPERIENCE_FAILED_MESSAGE,
  MISSING_BOOKING_INFO_MESSAGE,
  SLOT_GONE_MESSAGE,
} from '../api/booking-errors';
import type { PaymentMethodState } from '../api/payment-method';
import { BookingSummaryCard } from '../components/booking-summary-card';
import { GuestFormFields } from '../components/guest-form';
import { LocalTestCardForm } from '../components/local-test-card-form';
import { useGuestForm } from '../hooks/use-guest-form';

/** Stripe.js and its React bindings load only with the `stripe` provider. */
const StripePayment = lazy(() => import('../components/stripe-payment'));

export const INIT_FAILED_MESSAGE = 'Failed to initialize booking';
/** Guest spec §9: 1 second between the success and the move to the completion page. */
const COMPLETE_DELAY_MS = 1000;

/** `POST /api/bookings` (DESIGN §6). */
interface CreatedBooking {
  bookingId: string;
  reference: string;
  status: 'awaiting_payment';
  amount: number;
  currency: 'JPY';
  payment: { provider: 'stripe' | 'local'; clientSecret: string };
}

function useBookingData(): BookingData | null {
  const location = useLocation();
  const state = location.state as { bookingData?: unknown } | null;
  // Navigation state first; the session copy when the guest reloaded the page.
  const [data] = useState(() => (isBookingData(state?.bookingData) ? state.bookingData : loadBookingData()));
  return data;
}

/**
 * Guest spec §2, Booking Information (`/booking-form`), with the flow of DESIGN §4: on 'Confirm Booking Request'
 * the card details are checked, `POST /api/bookings` holds the slot and returns the payment's client secret, the
 * card is authorised, `POST /api/bookings/{id}/payment-confirmed` moves the booking to `pending`, and after 1 s
 * the guest lands on `/booking-complete`.
 *
 * A declined card leaves the booking `awaiting_payment`: the guest may try another card for the same booking
 * (same hold, same client secret); if they give up, the hold lapses after 15 minutes and nothing is booked. While
 * that booking exists the guest details are locked, because they are already part of it.
 */
export function BookingFormPage() {
  usePageMeta({ title: 'Booking Information', noindex: true });
  const data = useBookingData();
  if (!data) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Alert severity="warning" sx={{ mb: 3 }}>
          {MISSING_BOOKING_INFO_MESSAGE}
        </Alert>
        <Button component={RouterLink} to="/experiences" variant="contained">
          Find an experience
        </Button>
      </Container>
    );
  }
  return <BookingForm data={data} />;
}

function BookingForm({ data }: { data: BookingData }) {
  const config = useAppConfig();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const experience = useExperience(data.experienceId);
  const form = useGuestForm();
  const [payment, setPayment] = useState<PaymentMethodState>({ ready: false, handle: null });
  const [paymentLoadError, setPaymentLoadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [paymentMessage, setPaymentMessage] = useState<string | null>(null);
  const created = useRef<CreatedBooking | null>(null);
  const [held, setHeld] = useState(false);

  const slotGone = useCallback(() => {
    toast({ title: 'Error', message: SLOT_GONE_MESSAGE, severity: 'error' });
    void navigate(-1);
  }, [toast, navigate]);

  // Guest spec §2: slot availability is re-checked on load.
  useEffect(() => {
    const controller = new AbortController();
    api<AvailabilityAnswer>(
      `/experiences/${encodeURIComponent(data.experienceId)}/availability?from=${data.date}&to=${data.date}`,
      { signal: controller.signal },
    )
      .then((answer) => {
        if (!(answer.dates[data.date] ?? []).includes(data.time)) slotGone();
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) console.error('Availability re-check failed', e);
      });
    return () => controller.abort();
  }, [api, data, slotGone]);

  useEffect(() => {
    if (experience.isError)
      toast({ title: 'Error', message: FETCH_EXPERIENCE_FAILED_MESSAGE, severity: 'error' });
  }, [experience.isError, toast]);

  const onPaymentState = useCallback((state: PaymentMethodState) => setPayment(state), []);
  const onPaymentLoadError = useCallback((message: string) => {
    console.error('Payment form failed to load', message);
    setPaymentLoadError(INIT_FAILED_MESSAGE);
  }, []);

  if (experience.isPending) return <PageLoader label="Loading booking information" />;
  if (experience.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Alert severity="error">{FETCH_EXPERIENCE_FAILED_MESSAGE}</Alert>
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
          guestLocale: siteLocale(),
          guest: toBookingGuest(form.parsed),
        };
        booking = await api<CreatedBooking>('/bookings', { method: 'POST', body: request });
        created.current = booking;
        setHeld(true);
        savePendingBooking({
          bookingId: booking.bookingId,
          reference: booking.reference,
          email: form.parsed.email,
        });
      }
      stage = 'confirm';
      await payment.handle.confirm(booking.payment.clientSecret, {
        name: `${form.parsed.firstName} ${form.parsed.lastName}`,
        email: form.parsed.email,
        phone: toBookingGuest(form.parsed).phone,
      });
      await api(`/bookings/${encodeURIComponent(booking.bookingId)}/payment-confirmed`, { method: 'POST' });
      clearBookingData();
      setCompleting(true);
      const state = { reference: booking.reference, email: form.parsed.email, justBooked: true };
      setTimeout(() => void navigate('/booking-complete', { state, replace: true }), COMPLETE_DELAY_MS);
    } catch (e) {
      console.error('Booking request failed', e);
      const failure = bookingFailure(e, stage);
      if (failure.kind === 'slot_gone') {
        slotGone();
        return;
      }
      if (failure.kind === 'payment') setPaymentMessage(failure.message);
      toast({ title: 'Error', message: failure.message, severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  const provider = config.payments.provider;
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Link
        component={RouterLink}
        to={`/experience/${data.experienceId}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden /> Back to the experience
      </Link>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        Booking Information
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <BookingSummaryCard data={shown} title={exp.title} image={exp.mainImages[0]} />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={4}>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              {held && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Your time slot is held for 15 minutes while you complete the payment. Your details are part
                  of this request; to change them, go back and start a new request.
                </Alert>
              )}
              <GuestFormFields form={form} disabled={held || submitting || completing} />
            </Paper>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="payment-title"
              sx={{ p: { xs: 2, md: 3 } }}
            >
              <Typography id="payment-title" variant="h6" component="h2" gutterBottom>
                Payment Information
              </Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>Total</Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="booking-total">
                  {formatJpy(shown.totalPrice)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                All payments are processed in Japanese yen (JPY). {PRICE_TERMS.en}
              </Typography>
              {paymentLoadError ? (
                <Alert severity="error">{paymentLoadError}</Alert>
              ) : provider === 'stripe' && config.payments.publishableKey ? (
                <Suspense fallback={<PageLoader label="Loading payment form" minHeight={120} />}>
                  <StripePayment
                    publishableKey={config.payments.publishableKey}
                    amount={shown.totalPrice}
                    onStateChange={onPaymentState}
                    onLoadError={onPaymentLoadError}
                  />
                </Suspense>
              ) : provider === 'local' ? (
                <LocalTestCardForm onStateChange={onPaymentState} />
              ) : (
                <Alert severity="error">{INIT_FAILED_MESSAGE}</Alert>
              )}
              {paymentMessage && (
                <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="payment-error">
                  {paymentMessage}
                </Alert>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <CancellationPolicy policy={exp.cancellationPolicy} />
            </Paper>
            <Box>
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={!canConfirm}
                onClick={() => void confirm()}
              >
                {submitting ? 'Processing…' : 'Confirm Booking Request'}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Your payment is processed securely by our card payment provider. Your card is only authorised
                now and charged once the host confirms your request, within 48 hours; if the booking cannot be
                secured, you are not charged.
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
        <Typography role="status">Completing your booking...</Typography>
      </Backdrop>
    </Container>
  );
}
