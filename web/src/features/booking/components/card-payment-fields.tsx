import { lazy, Suspense, useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
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
