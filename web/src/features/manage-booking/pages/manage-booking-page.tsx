import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { receiptAvailable } from '@domain/booking-views';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useLookupBooking, type LookupInput } from '../api/lookup-booking';
import { useCancelBooking, useRequestCancelCode } from '../api/cancel-booking';
import { BookingDetails } from '../components/booking-details';
import { CancelBookingSection } from '../components/cancel-booking-section';
import { LookupDialog, type LookupProblem } from '../components/lookup-dialog';
import { ReceiptSection } from '../components/receipt-section';
import { useT } from '../../../lib/i18n/i18n';
import type { Translator } from '../../../lib/i18n/i18n';

/** A cancellation the API refused because the booking is no longer cancellable (409): read it again. */
const cancelRefused = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Guest spec §8: the lookup's problems (the Japanese lookup page's messages, in every language). */
function problemOf(error: unknown, t: Translator['t']): LookupProblem {
  if (error instanceof ApiError && error.code === 'not_found') {
    return { title: t('manage.notFoundTitle'), message: t('manage.notFoundText') };
  }
  if (error instanceof ApiError && error.code === 'rate_limited')
    return { title: t('manage.otherTitle'), message: t('manage.rateLimited') };
  return { title: t('manage.otherTitle'), message: t('manage.otherText') };
}

/**
 * What the cancellation dialog says when sending the code or cancelling failed (issue 29), in the page's language
 * (the API's own message is English).
 */
function cancelProblemOf(error: unknown, t: Translator['t']): string {
  if (error instanceof ApiError && error.code === 'invalid_code') return t('cancel.invalidCode');
  if (error instanceof ApiError && error.status === 429) return t('cancel.tooManyAttempts');
  if (error instanceof ApiError && error.status === 404) return t('manage.notFoundText');
  return t('cancel.failed');
}

/**
 * Manage Booking (`/booking-confirmation`). The specification has two readings; this is reading (a), the lookup:
 * a dialog asks for the booking ID and e-mail, the details follow, and 'Look up another booking' reopens the
 * dialog. Reading (b), the "request sent" confirmation reached with navigation state, is what `/booking-complete`
 * shows right after a booking, so no screen depends on state that a reload or a shared link would lose.
 */
export function ManageBookingPage() {
  const { t, locale } = useT();
  usePageMeta({ title: t('nav.manageBooking'), description: t('manage.description') });
  const lookup = useLookupBooking();
  const [dialogOpen, setDialogOpen] = useState(true);
  const [dialogKey, setDialogKey] = useState(0);

  const cancel = useCancelBooking();
  const cancelCode = useRequestCancelCode();
  const [lastInput, setLastInput] = useState<LookupInput | null>(null);
  const submit = (input: LookupInput) => {
    setLastInput(input);
    cancel.reset();
    cancelCode.reset();
    lookup.mutate(input, { onSuccess: () => setDialogOpen(false) });
  };
  // The code goes to the booking's own address: e-mail and reference alone cancel nothing (issue 29).
  const requestCode = async () => {
    if (!lastInput) return;
    cancel.reset();
    await cancelCode.mutateAsync(lastInput);
  };
  // After a cancellation the booking is read again: the page then shows who cancelled and the refund. A
  // cancellation refused because the booking changed meanwhile (another tab cancelled it) reads it again too, so
  // the page shows its current state, not the stale one (issue 32 item 6).
  const confirmCancel = async (code: string) => {
    if (!lastInput) return;
    cancelCode.reset();
    try {
      await cancel.mutateAsync({ ...lastInput, code });
    } catch (e) {
      if (cancelRefused(e)) lookup.mutate(lastInput);
      throw e;
    }
    lookup.mutate(lastInput);
  };
  const refused = cancelRefused(cancel.error);
  const cancelError = (refused ? null : cancel.error) ?? cancelCode.error;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t('nav.manageBooking')}
      </Typography>
      {/* The English page keeps the Japanese name under its title (guest spec); other languages need no second. */}
      <Typography color="text.secondary" sx={{ mb: 3 }} lang="ja">
        {locale === 'en' ? '予約確認' : ''}
      </Typography>
      {lookup.isSuccess && !dialogOpen ? (
        <>
          {refused && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {t('cancel.refused')}
            </Alert>
          )}
          <BookingDetails
            result={lookup.data}
            receipt={
              lastInput &&
              receiptAvailable(lookup.data.booking) && (
                <ReceiptSection
                  lookup={lastInput}
                  booking={lookup.data.booking}
                  experienceTitle={lookup.data.experience?.title ?? null}
                />
              )
            }
            cancellation={
              <CancelBookingSection
                booking={lookup.data.booking}
                onRequestCode={requestCode}
                onConfirm={confirmCancel}
                pending={cancel.isPending || cancelCode.isPending}
                error={cancelError ? cancelProblemOf(cancelError, t) : null}
              />
            }
          />
          <Box sx={{ mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => {
                lookup.reset();
                setDialogKey((k) => k + 1);
                setDialogOpen(true);
              }}
            >
              {t('manage.another')}
            </Button>
          </Box>
        </>
      ) : (
        !dialogOpen && (
          <Button variant="contained" onClick={() => setDialogOpen(true)}>
            {t('manage.find')}
          </Button>
        )
      )}
      <LookupDialog
        key={dialogKey}
        open={dialogOpen}
        title={t('manage.dialogTitle')}
        busy={lookup.isPending}
        problem={lookup.isError ? problemOf(lookup.error, t) : null}
        onSubmit={submit}
        onCancel={() => setDialogOpen(false)}
      />
    </Container>
  );
}
