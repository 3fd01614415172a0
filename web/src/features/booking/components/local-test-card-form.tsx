import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useApi } from '../../../app/api';
import { ApiError } from '../../../lib/api-client';
import { PaymentError, type PaymentMethodState } from '../api/payment-method';
import { useT } from '../../../lib/i18n/i18n';

const digits = (v: string) => v.replace(/\D/g, '');

/** `4242424242424242` → `4242 4242 4242 4242` while typing. */
function formatCardNumber(raw: string): string {
  return digits(raw)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1230` → `12 / 30`. */
function formatExpiry(raw: string): string {
  const d = digits(raw).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function parseExpiry(value: string, now = new Date()): { month: number; year: number } | null {
  const d = digits(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  const year = 2000 + Number(d.slice(2));
  if (month < 1 || month > 12) return null;
  // A card is valid through the last day of its expiry month.
  const endOfMonth = new Date(year, month, 1);
  return endOfMonth > now ? { month, year } : null;
}

/**
 * The card form of the `local` payment provider (DESIGN §4): no real card ever goes anywhere. It is labelled
 * as a test form so nobody mistakes it for a real checkout; the local gateway authorises 4242… and declines 4000…0002.
 */
export function LocalTestCardForm({ onStateChange }: { onStateChange: (state: PaymentMethodState) => void }) {
  const api = useApi();
  const { t } = useT();
  const incomplete = t('card.incomplete');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState({ number: false, expiry: false, cvc: false });

  const numberOk = digits(number).length >= 13 && digits(number).length <= 19;
  // Memoised: the handle below depends on it, and a new object per render would re-announce the handle forever.
  const parsedExpiry = useMemo(() => parseExpiry(expiry), [expiry]);
  const cvcOk = /^\d{3,4}$/.test(cvc);
  const ready = numberOk && parsedExpiry !== null && cvcOk;

  const handle = useMemo(
    () => ({
      prepare: async () => {
        if (!ready || !parsedExpiry) throw new PaymentError(incomplete);
      },
      confirm: async (clientSecret: string) => {
        if (!parsedExpiry) throw new PaymentError(incomplete);
        try {
          await api<{ status: string }>('/local-payments/confirm', {
            method: 'POST',
            body: {
              clientSecret,
              card: { number: digits(number), expMonth: parsedExpiry.month, expYear: parsedExpiry.year, cvc },
            },
          });
        } catch (e) {
          // In the page's language, as Stripe's errors are (issue 32 item 6): a decline, or details refused.
          if (e instanceof ApiError && (e.code === 'card_declined' || e.status === 402)) {
            throw new PaymentError(t('payment.declined'));
          }
          if (e instanceof ApiError && e.code === 'validation_failed') throw new PaymentError(incomplete);
          throw e;
        }
      },
    }),
    [api, ready, parsedExpiry, number, cvc, incomplete, t],
  );

  useEffect(() => onStateChange({ ready, handle }), [ready, handle, onStateChange]);

  return (
    <>
      <Alert severity="warning" variant="outlined" sx={{ mb: 2 }}>
        <AlertTitle>{t('card.testTitle')}</AlertTitle>
        {t('card.testText')}
      </Alert>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            fullWidth
            label={t('card.number')}
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            onBlur={() => setTouched((t) => ({ ...t, number: true }))}
            error={touched.number && !numberOk}
            helperText={touched.number && !numberOk ? t('card.numberError') : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number' } }}
          />
        </Grid>
        <Grid size={6}>
          <TextField
            fullWidth
            label={t('card.expiry')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            onBlur={() => setTouched((t) => ({ ...t, expiry: true }))}
            error={touched.expiry && !parsedExpiry}
            helperText={touched.expiry && !parsedExpiry ? t('card.expiryError') : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp' } }}
          />
        </Grid>
        <Grid size={6}>
          <TextField
            fullWidth
            label="CVC"
            value={cvc}
            onChange={(e) => setCvc(digits(e.target.value).slice(0, 4))}
            onBlur={() => setTouched((t) => ({ ...t, cvc: true }))}
            error={touched.cvc && !cvcOk}
            helperText={touched.cvc && !cvcOk ? t('card.cvcError') : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc' } }}
          />
        </Grid>
      </Grid>
    </>
  );
}
