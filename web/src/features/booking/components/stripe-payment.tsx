/**
 * Stripe's Payment Element in deferred mode (DESIGN §4): the element is rendered with the amount, `jpy` and
 * manual capture before any PaymentIntent exists; the intent is created by `POST /api/bookings` when the guest
 * commits. This module (and Stripe.js) is loaded only when `/config.json` says the provider is `stripe`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { PaymentError, type PaymentMethodState } from '../api/payment-method';
import { paymentMessageKey } from '../api/payment-errors';
import { useT } from '../../../lib/i18n/i18n';
import type { Locale } from '../../../lib/i18n/locales';

/** Stripe Elements' locale of each site language: its labels and messages in the page's language (issue 32 item 6). */
const STRIPE_LOCALES = { en: 'en', ja: 'ja', 'zh-Hant': 'zh-TW', ko: 'ko' } as const satisfies Record<
  Locale,
  string
>;

const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

interface Props {
  publishableKey: string;
  amount: number;
  onStateChange: (state: PaymentMethodState) => void;
  onLoadError: (message: string) => void;
}

function Inner({ onStateChange, onLoadError }: Pick<Props, 'onStateChange' | 'onLoadError'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { t } = useT();
  const notInitialised = t('booking.error.stripeNotInitialised');
  const processingError = t('booking.error.processing');
  /** A provider error in the page's language: the catalogue's message for its code, else Stripe's localized one. */
  const messageOf = useCallback(
    (error: { type?: string; code?: string; decline_code?: string; message?: string }) => {
      const key = paymentMessageKey(error);
      if (key) return t(key);
      const forGuest = error.type === 'card_error' || error.type === 'validation_error';
      return forGuest && error.message ? error.message : processingError;
    },
    [t, processingError],
  );

  const handle = useMemo(
    () => ({
      prepare: async () => {
        if (!stripe || !elements) throw new PaymentError(notInitialised);
        const { error } = await elements.submit();
        if (error) throw new PaymentError(messageOf(error));
      },
      confirm: async (clientSecret: string, billing: { name: string; email: string; phone: string }) => {
        if (!stripe || !elements) throw new PaymentError(notInitialised);
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          redirect: 'if_required',
          confirmParams: {
            return_url: `${window.location.origin}/booking-complete`,
            payment_method_data: { billing_details: billing },
          },
        });
        // Guest spec §8: card and validation errors carry a message meant for the guest, in its language.
        if (error) throw new PaymentError(messageOf(error));
      },
    }),
    [stripe, elements, notInitialised, messageOf],
  );

  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    onStateChange({
      ready: loaded && Boolean(stripe && elements),
      handle: stripe && elements ? handle : null,
    });
  }, [loaded, stripe, elements, handle, onStateChange]);

  return (
    <PaymentElement
      options={{ layout: 'tabs' }}
      onReady={() => setLoaded(true)}
      onLoadError={(e) => onLoadError(e.error.message ?? notInitialised)}
    />
  );
}

export default function StripePayment({ publishableKey, amount, onStateChange, onLoadError }: Props) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const { locale } = useT();
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: 'payment',
        amount,
        currency: 'jpy',
        captureMethod: 'manual',
        appearance: { theme: 'stripe' },
        locale: STRIPE_LOCALES[locale],
      }}
    >
      <Inner onStateChange={onStateChange} onLoadError={onLoadError} />
    </Elements>
  );
}
