import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { personName } from '@domain/person-name';
import { emptyGuestForm, toBookingGuest, type GuestFormValues } from '@domain/schemas/guest-form';
import { useApi } from '../../../app/api';
import { NotFoundView } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { savePendingBooking } from '../../../lib/booking-data';
import { isOpenOffer, tokyoTime, type OfferDetail } from '../../../lib/concierge';
import { useT } from '../../../lib/i18n/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useToast } from '../../../lib/toast';
import { bookingFailure } from '../api/booking-errors';
import type { CreatedBooking } from '../api/created-booking';
import type { PaymentMethodState } from '../api/payment-method';
import { PaymentSection } from '../components/card-payment-fields';
import { GuestFormFields } from '../components/guest-form';
import { OfferSummaryCard } from '../components/offer-summary-card';
import { useGuestForm } from '../hooks/use-guest-form';

/** Guest spec §9: 1 second between the success and the move to the completion page. */
const COMPLETE_DELAY_MS = 1000;

const offerKey = (token: string) => ['offer', token] as const;

/**
 * The booking this tab made from the offer and has not paid yet: a guest whose card was declined and who reloads
 * pays into the same booking (the offer is `booked` by then, so the offer alone would say it is used).
 */
interface OfferBooking {
  bookingId: string;
  reference: string;
  clientSecret: string;
  amount: number;
  guest: GuestFormValues;
}
const storageKey = (token: string) => `offer-booking:${token}`;
function loadOfferBooking(token: string): OfferBooking | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey(token)) ?? 'null') as OfferBooking | null;
    return value && typeof value.bookingId === 'string' && typeof value.clientSecret === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}
const saveOfferBooking = (token: string, booking: OfferBooking) =>
  sessionStorage.setItem(storageKey(token), JSON.stringify(booking));
const clearOfferBooking = (token: string) => sessionStorage.removeItem(storageKey(token));

/** The offer's guest name split for the booking's two name fields (the last word as the family name). */
function prefilledGuest(offer: OfferDetail): GuestFormValues {
  const words = offer.guest.name.trim().split(/\s+/).filter(Boolean);
  const lastName = words.length > 1 ? words[words.length - 1]! : '';
  const firstName = words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? '');
  return {
    ...emptyGuestForm,
    firstName,
    lastName,
    email: offer.guest.email,
    confirmEmail: offer.guest.email,
  };
}

/**
 * `/offer/{token}` (DESIGN §4h): the concierge's tailored offer and the normal checkout. The guest's name and
 * e-mail come from the offer; paying posts `POST /api/offers/{token}/book` (the booking takes over the slot the
 * offer holds), authorises the card exactly as `/booking-form` does and ends on the same confirmation. A booked,
 * expired or withdrawn offer (also one that closes while the guest pays: 409 `offer_not_open`) says so and offers
 * no form; an unknown link says it is not valid.
 */
export function OfferPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const { t } = useT();
  usePageMeta({ title: t('offer.metaTitle'), noindex: true });
  const [resumed] = useState(() => loadOfferBooking(token));
  const offer = useQuery({
    queryKey: offerKey(token),
    queryFn: ({ signal }) => api<OfferDetail>(`/offers/${encodeURIComponent(token)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  if (offer.isPending) return <PageLoader label={t('offer.loading')} />;
  if (offer.isError) {
    if (offer.error instanceof ApiError && offer.error.status === 404) return <InvalidOffer />;
    return (
      <Container maxWidth="sm" sx={{ py: 14 }}>
        <Alert severity="error">{t('offer.error.load')}</Alert>
      </Container>
    );
  }
  const data = offer.data;
  const resumable = resumed && data.status === 'booked' && data.bookingReference === resumed.reference;
  if (!isOpenOffer(data.status) && !resumable) return <ClosedOffer offer={data} />;
  return <OfferCheckout token={token} offer={data} resumed={resumable ? resumed : null} />;
}

function InvalidOffer() {
  const { t } = useT();
  return (
    <NotFoundView
      title={t('inquiry.invalid.title')}
      message={t('offer.invalid.text')}
      actions={[
        { label: t('offer.askConcierge'), to: '/contact' },
        { label: t('notFound.home'), to: '/' },
      ]}
    />
  );
}

/** A used, expired or withdrawn offer: what happened, and the way on. No form. */
function ClosedOffer({ offer }: { offer: OfferDetail }) {
  const { t, path, locale } = useT();
  const booked = offer.status === 'booked';
  const title = booked
    ? t('offer.booked.title')
    : offer.status === 'withdrawn'
      ? t('offer.withdrawn.title')
      : t('offer.expired.title');
  const text = booked
    ? t('offer.booked.text')
    : offer.status === 'withdrawn'
      ? t('offer.withdrawn.text')
      : t('offer.expired.text', { time: tokyoTime(offer.expiresAt, locale) });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 12, md: 16 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{text}</Typography>
      {booked && offer.bookingReference && (
        <Typography sx={{ fontWeight: 700 }}>
          {t('offer.booked.reference', { reference: offer.bookingReference })}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        {booked ? (
          <Button component={RouterLink} to={path('/booking-confirmation')} variant="contained">
            {t('nav.manageBooking')}
          </Button>
        ) : (
          <Button component={RouterLink} to={path('/contact')} variant="contained">
            {t('offer.askConcierge')}
          </Button>
        )}
        <Button component={RouterLink} to={path('/experiences')} variant="outlined">
          {t('contact.done.browse')}
        </Button>
      </Stack>
    </Container>
  );
}

function OfferCheckout({
  token,
  offer,
  resumed,
}: {
  token: string;
  offer: OfferDetail;
  resumed: OfferBooking | null;
}) {
  const { t, path, locale } = useT();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useGuestForm(resumed?.guest ?? prefilledGuest(offer));
  const [payment, setPayment] = useState<PaymentMethodState>({ ready: false, handle: null });
  const [submitting, setSubmitting] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [paymentMessage, setPaymentMessage] = useState<string | null>(null);
  const created = useRef<OfferBooking | null>(resumed);
  const [held, setHeld] = useState(resumed !== null);
  const onPaymentState = useCallback((state: PaymentMethodState) => setPayment(state), []);
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
        const answer = await api<CreatedBooking>(`/offers/${encodeURIComponent(token)}/book`, {
          method: 'POST',
          body: { guest: toBookingGuest(form.parsed), guestLocale: locale },
        });
        booking = {
          bookingId: answer.bookingId,
          reference: answer.reference,
          clientSecret: answer.payment.clientSecret,
          amount: answer.amount,
          guest: form.values,
        };
        created.current = booking;
        saveOfferBooking(token, booking);
        setHeld(true);
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
      clearOfferBooking(token);
      setCompleting(true);
      const state = { reference: booking.reference, email: form.parsed.email, justBooked: true };
      setTimeout(() => void navigate(path('/booking-complete'), { state, replace: true }), COMPLETE_DELAY_MS);
    } catch (e) {
      console.error('Booking the offer failed', e);
      if (e instanceof ApiError && stage === 'create' && (e.code === 'offer_not_open' || e.status === 404)) {
        // Booked by someone else, withdrawn or expired meanwhile: the page reads the offer again and says which.
        await queryClient.invalidateQueries({ queryKey: offerKey(token) });
        return;
      }
      if (
        stage === 'confirm' &&
        e instanceof ApiError &&
        (e.code === 'state_conflict' || e.code === 'not_found')
      ) {
        // The unpaid booking lapsed: the offer is open again (or expired); read it again before a new try.
        clearOfferBooking(token);
        created.current = null;
        setHeld(false);
        await queryClient.invalidateQueries({ queryKey: offerKey(token) });
      }
      const failure = bookingFailure(e, stage, t);
      if (failure.kind === 'payment') setPaymentMessage(failure.message);
      toast({ title: t('common.error'), message: failure.message, severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Container sx={{ py: { xs: 10, md: 12 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        {t('offer.heading')}
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <OfferSummaryCard offer={offer} />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={4}>
            {offer.message && (
              <Paper
                variant="outlined"
                component="section"
                aria-labelledby="offer-message-title"
                sx={{ p: 3 }}
              >
                <Typography id="offer-message-title" variant="h6" component="h2" gutterBottom>
                  {t('offer.messageTitle')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{offer.message}</Typography>
              </Paper>
            )}
            <Alert severity="info">
              {t('offer.heldUntil', { time: tokyoTime(offer.expiresAt, locale) })}{' '}
              {offer.preApproved ? t('offer.preApproved') : t('offer.request')}
            </Alert>
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <GuestFormFields form={form} disabled={held || submitting || completing} />
            </Paper>
            <PaymentSection
              amount={offer.totalAmount}
              onStateChange={onPaymentState}
              message={paymentMessage}
            />
            <Box>
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={!canConfirm}
                onClick={() => void confirm()}
              >
                {submitting ? t('booking.processing') : t('offer.pay')}
              </Button>
            </Box>
          </Stack>
        </Grid>
      </Grid>
      <Backdrop
        open={completing}
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" aria-hidden />
        <Typography role="status">{t('booking.completing')}</Typography>
      </Backdrop>
    </Container>
  );
}
