import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/api';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { clearHeldBooking, clearPendingBooking, loadPendingBooking } from '../../../lib/booking-data';
import { usePageMeta } from '../../../lib/page-meta';
import { useLookupBooking, type LookupInput } from '../api/lookup-booking';
import { BookingDetails } from '../components/booking-details';
import { LookupDialog } from '../components/lookup-dialog';
import { useT } from '../../../lib/i18n/i18n';

interface CompleteState {
  reference?: string;
  email?: string;
  justBooked?: boolean;
}

/**
 * Guest spec §2, Booking Details (`/booking-complete`). Three ways in:
 * - straight after the booking form (navigation state with the reference and e-mail): the booking is looked up at
 *   once, so the guest who just paid sees it without typing their details again;
 * - back from a Stripe redirect (3-D Secure; `?payment_intent=` in the URL): the pending booking kept in the
 *   session is confirmed, then shown;
 * - anything else: the 'Manage Your Booking' dialog asks for e-mail and booking ID; Cancel returns home.
 */
export function BookingCompletePage() {
  const { t, path } = useT();
  usePageMeta({ title: t('manage.detailsTitle'), noindex: true });
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const lookup = useLookupBooking();
  const state = (location.state ?? {}) as CompleteState;
  const [justBooked] = useState(Boolean(state.justBooked));
  const [dialogOpen, setDialogOpen] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirectIntent = new URLSearchParams(location.search).get('payment_intent');
    const pending = loadPendingBooking();
    if (state.reference && state.email) {
      clearPendingBooking();
      lookup.mutate(
        { reference: state.reference, email: state.email },
        { onError: () => setDialogOpen(true) },
      );
    } else if (redirectIntent && pending) {
      api(`/bookings/${encodeURIComponent(pending.bookingId)}/payment-confirmed`, { method: 'POST' })
        .catch((e: unknown) => console.error('Payment confirmation after redirect failed', e))
        .finally(() => {
          // Back from the card's own check (3-D Secure): the hold is paid for, nothing is left to resume.
          clearHeldBooking();
          clearPendingBooking();
          lookup.mutate(
            { reference: pending.reference, email: pending.email },
            { onError: () => setDialogOpen(true) },
          );
        });
    } else {
      setDialogOpen(true);
    }
  }, [api, location.search, lookup, state.email, state.reference]);

  const submit = (input: LookupInput) =>
    lookup.mutate(input, {
      onSuccess: () => setDialogOpen(false),
    });

  const problem =
    lookup.isError && dialogOpen
      ? {
          message:
            lookup.error instanceof ApiError && lookup.error.code === 'rate_limited'
              ? t('manage.rateLimited')
              : t('manage.verifyFailed'),
        }
      : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        {t('manage.detailsTitle')}
      </Typography>
      {justBooked && lookup.isSuccess && (
        <Alert severity="success" sx={{ mb: 3 }}>
          <AlertTitle>{t('manage.sentTitle')}</AlertTitle>
          {t('manage.sentText', { email: lookup.data.booking.email })}
        </Alert>
      )}
      {lookup.isPending && <PageLoader label={t('manage.loading')} minHeight="30vh" />}
      {lookup.isSuccess && <BookingDetails result={lookup.data} />}
      <LookupDialog
        open={dialogOpen}
        title={t('manage.dialogTitle')}
        busy={lookup.isPending}
        problem={problem}
        initial={{ email: state.email, reference: state.reference }}
        onSubmit={submit}
        onCancel={() => void navigate(path('/'))}
      />
    </Container>
  );
}
