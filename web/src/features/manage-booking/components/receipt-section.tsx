/**
 * The lookup page's receipt (issue 28; DESIGN §4g "Documents"): once something was charged, the guest may type an
 * addressee (宛名) and a purpose (但し書き, the experience when blank) and download the receipt as a PDF, in the
 * booking's language with the Japanese terms always on it. The fields are checked with the request's own schema;
 * every refusal of the API is said in the page's language.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { LookupBookingView } from '@domain/booking-views';
import {
  RECEIPT_TEXT_MAX_LENGTH,
  receiptRequestSchema,
  receiptTextMessages,
} from '@domain/schemas/documents';
import { ApiError } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useT, type MessageKey, type Translator } from '../../../lib/i18n/i18n';
import type { LookupInput } from '../api/lookup-booking';
import { useReceipt } from '../api/receipt';

type Field = 'addressee' | 'purpose';

/** The request schema's field messages and their catalogue keys. */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  [receiptTextMessages.tooLong]: 'receipt.tooLong',
  [receiptTextMessages.controlCharacters]: 'receipt.controlCharacters',
};

/** What a refused download says, in the page's language. */
function problemOf(error: unknown, t: Translator['t']): string {
  if (!(error instanceof ApiError)) return t('receipt.failed');
  if (error.code === 'not_found') return t('manage.notFoundText');
  if (error.status === 409) return t('receipt.notCharged');
  if (error.code === 'rate_limited') return t('receipt.tooMany');
  if (error.code === 'validation_failed') return t('receipt.invalid');
  return t('receipt.failed');
}

export function ReceiptSection({
  lookup,
  booking,
  experienceTitle,
}: {
  /** The e-mail and reference the guest looked the booking up with. */
  lookup: LookupInput;
  booking: LookupBookingView;
  /** The experience's title (the purpose when left blank), when the experience still exists. */
  experienceTitle: string | null;
}) {
  const { t } = useT();
  const [values, setValues] = useState<Record<Field, string>>({ addressee: '', purpose: '' });
  const receipt = useReceipt();
  const parsed = receiptRequestSchema.safeParse({ ...lookup, ...values });
  const errorOf = (field: Field): string | undefined => {
    if (parsed.success) return undefined;
    const message = parsed.error.issues.find((i) => i.path[0] === field)?.message;
    if (!message) return undefined;
    const key = FIELD_MESSAGES[message];
    return key ? t(key, { max: RECEIPT_TEXT_MAX_LENGTH }) : message;
  };
  const download = () => {
    if (!parsed.success) return;
    receipt.mutate(
      { ...lookup, addressee: values.addressee.trim(), purpose: values.purpose.trim() },
      { onSuccess: (pdf) => downloadBlob(`receipt-${booking.reference}.pdf`, pdf) },
    );
  };
  const name = `${booking.firstName} ${booking.lastName}`;
  const field = (key: Field, label: string, hint: string) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        receipt.reset();
      }}
      error={Boolean(errorOf(key))}
      helperText={errorOf(key) ?? hint}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `receipt-${key}` } }}
    />
  );

  return (
    <Box component="section" aria-labelledby="receipt-title">
      <Typography variant="h6" component="h2" id="receipt-title" gutterBottom>
        {t('receipt.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('receipt.intro')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          download();
        }}
      >
        <Stack spacing={2}>
          {field('addressee', t('receipt.addressee'), t('receipt.addresseeHint', { name }))}
          {field(
            'purpose',
            t('receipt.purpose'),
            experienceTitle
              ? t('receipt.purposeHint', { title: experienceTitle })
              : t('receipt.purposeHintNone'),
          )}
          {receipt.isError && (
            <Alert severity="error" role="alert">
              {problemOf(receipt.error, t)}
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={receipt.isPending || !parsed.success}
              startIcon={
                receipt.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />
              }
            >
              {receipt.isPending ? t('receipt.preparing') : t('receipt.download')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('receipt.reissueNote')}
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}
