import { lazy, Suspense, useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRICE_TERMS } from '@domain/price-terms';
import { useAppConfig } from '../../../app/config-context';
import { PageLoader } from '../../../components/page-loader';
import { useT } from '../../../lib/i18n/i18n';
import type { PaymentMethodState } from '../api/payment-method';
import { LocalTestCardForm } from './local-test-card-form';

/** Stripe.js and its React bindings load only with the `stripe` provider. */
const StripePayment = lazy(() => import('./stripe-payment'));

/**
 * The card form of the configured provider (DESIGN §4): Stripe's Payment Element, or the local gateway's test-card
 * form; shared by the booking form and the offer page, which both authorise a card for the booking they create.
 */
export function CardPaymentFields({
  amount,
  onStateChange,
}: {
  amount: number;
  onStateChange: (state: PaymentMethodState) => void;
}) {
  const config = useAppConfig();
  const { t } = useT();
  const [loadError, setLoadError] = useState<string | null>(null);
  const onLoadError = useCallback(
    (message: string) => {
      console.error('Payment form failed to load', message);
      setLoadError(t('booking.initFailed'));
    },
    [t],
  );
  const provider = config.payments.provider;
  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (provider === 'stripe' && config.payments.publishableKey)
    return (
      <Suspense fallback={<PageLoader label={t('booking.loadingPayment')} minHeight={120} />}>
        <StripePayment
          publishableKey={config.payments.publishableKey}
          amount={amount}
          onStateChange={onStateChange}
          onLoadError={onLoadError}
        />
      </Suspense>
    );
  if (provider === 'local') return <LocalTestCardForm onStateChange={onStateChange} />;
  return <Alert severity="error">{t('booking.initFailed')}</Alert>;
}

/**
 * The checkout's payment block: the total in yen with the price terms, the card form and the payment's refusal;
 * the same on the booking form and on a concierge's offer.
 */
export function PaymentSection({
  amount,
  onStateChange,
  message,
}: {
  amount: number;
  onStateChange: (state: PaymentMethodState) => void;
  /** Why the card was refused, in the guest's language. */
  message: string | null;
}) {
  const { t, yen, locale } = useT();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="payment-title"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="payment-title" variant="h6" component="h2" gutterBottom>
        {t('booking.paymentTitle')}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('booking.total')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="booking-total">
          {yen(amount)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('booking.paidInYen')} {PRICE_TERMS[locale]}
      </Typography>
      <CardPaymentFields amount={amount} onStateChange={onStateChange} />
      {message && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="payment-error">
          {message}
        </Alert>
      )}
    </Paper>
  );
}
