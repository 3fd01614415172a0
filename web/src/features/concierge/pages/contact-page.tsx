import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GuestLocale } from '@domain/entities';
import { INQUIRY_LIMITS } from '@domain/inquiries';
import { inquiryRequestSchema, type InquiryRequestInput } from '@domain/schemas/inquiries';
import { useApi } from '../../../app/api';
import { ApiError } from '../../../lib/api-client';
import { useExperience, useExperienceCards } from '../../../lib/catalogue-api';
import { externalLinkProps, useExternalLinks } from '../../../lib/external-link';
import { useT } from '../../../lib/i18n/i18n';
import { LOCALES } from '../../../lib/i18n/locales';
import { usePageMeta } from '../../../lib/page-meta';
import { serverFieldMessage, type InquiryField } from '../api/inquiry-errors';

interface FormValues {
  name: string;
  email: string;
  locale: GuestLocale;
  experienceId: string;
  preferredDates: string;
  guests: string;
  message: string;
}

/** The experiences the select offers (the API's largest page; a prefilled one is added when not among them). */
const EXPERIENCE_CHOICES = 100;

/** The form's values as `POST /api/inquiries` takes them (blank optional fields left out). */
function requestOf(v: FormValues): Record<string, unknown> {
  const guests = v.guests.trim();
  return {
    name: v.name,
    email: v.email,
    locale: v.locale,
    message: v.message,
    ...(v.experienceId ? { experienceId: v.experienceId } : {}),
    ...(v.preferredDates.trim() ? { preferredDates: v.preferredDates } : {}),
    // A number the schema judges (1–50, whole); text that is not a number is refused as such.
    ...(guests ? { guests: /^\d+$/.test(guests) ? Number(guests) : Number.NaN } : {}),
  };
}

/**
 * `/contact` (DESIGN §4h): the guest asks the concierge. Name, e-mail, the language of the reply (the site's by
 * default), optionally the experience (`?experience=<id>` prefills it), preferred dates and party size, and the
 * question, checked with the same schema as the API. A refusal keeps everything typed; the confirmation says when
 * the reply comes and that the private conversation link is on its way by mail.
 */
export function ContactPage() {
  const { t, path, number, locale } = useT();
  usePageMeta({ title: t('contact.metaTitle'), description: t('contact.metaDescription') });
  const api = useApi();
  const { messenger } = useExternalLinks();
  const [params] = useSearchParams();
  const prefilled = params.get('experience') ?? '';
  const [values, setValues] = useState<FormValues>({
    name: '',
    email: '',
    locale,
    experienceId: prefilled,
    preferredDates: '',
    guests: '',
    message: '',
  });
  const [touched, setTouched] = useState<Partial<Record<InquiryField, boolean>>>({});
  const cards = useExperienceCards({ limit: EXPERIENCE_CHOICES });
  const prefilledExperience = useExperience(prefilled || undefined);

  // The API's own schema, with its field messages in the page's language.
  const parsed = useMemo(() => inquiryRequestSchema(locale).safeParse(requestOf(values)), [locale, values]);
  const clientErrors = useMemo(() => {
    const map: Partial<Record<InquiryField, string>> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as InquiryField | undefined;
        if (field && !map[field]) map[field] = issue.message;
      }
    return map;
  }, [parsed]);

  const send = useMutation({
    mutationFn: (body: InquiryRequestInput) => api<{ id: string }>('/inquiries', { method: 'POST', body }),
  });
  const serverFields = useMemo(() => {
    const map: Partial<Record<InquiryField, string>> = {};
    if (send.error instanceof ApiError && send.error.fields)
      for (const [field, message] of Object.entries(send.error.fields))
        map[field as InquiryField] = serverFieldMessage(
          field as InquiryField,
          message,
          send.variables?.locale ?? locale,
          locale,
        );
    return map;
  }, [send.error, send.variables, locale]);

  if (send.isSuccess) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 } }}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('contact.done.title')}
          </Typography>
          <Typography>{t('contact.done.text', { email: send.variables.email })}</Typography>
        </Alert>
        <Button component={RouterLink} to={path('/experiences')} variant="contained">
          {t('contact.done.browse')}
        </Button>
      </Container>
    );
  }

  const errorOf = (field: InquiryField): string | undefined =>
    (touched[field] ? clientErrors[field] : undefined) ?? serverFields[field];
  const set = (field: keyof FormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const blur = (field: InquiryField) => () => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));
  const fieldProps = (field: InquiryField & keyof FormValues) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    onBlur: blur(field),
    error: Boolean(errorOf(field)),
    disabled: send.isPending,
    fullWidth: true,
  });

  const experiences = cards.data ?? [];
  const prefilledTitle = prefilledExperience.data?.title;
  const experienceOptions =
    prefilled && prefilledTitle && !experiences.some((e) => e.id === prefilled)
      ? [{ id: prefilled, title: prefilledTitle }, ...experiences]
      : experiences;

  const general =
    send.error instanceof ApiError && send.error.status === 429
      ? t('contact.error.rateLimited')
      : send.error instanceof ApiError && send.error.status === 400
        ? t('contact.error.invalid')
        : send.isError
          ? t('contact.error.failed')
          : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 10, md: 14 } }}>
      <Typography
        id="contact-title"
        variant="h3"
        component="h1"
        gutterBottom
        sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}
      >
        {t('contact.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('contact.intro')}
      </Typography>
      {messenger && (
        <Button variant="outlined" {...externalLinkProps(messenger)} sx={{ mb: 3 }}>
          {t('contact.messenger')}
        </Button>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Box
          component="form"
          noValidate
          aria-labelledby="contact-title"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched({
              name: true,
              email: true,
              locale: true,
              message: true,
              experienceId: true,
              preferredDates: true,
              guests: true,
            });
            if (!parsed.success || send.isPending) return;
            send.reset();
            // What the guest left blank is left out, as the API reads it.
            send.mutate(
              Object.fromEntries(
                Object.entries(parsed.data).filter(([, v]) => v !== null && v !== undefined),
              ) as InquiryRequestInput,
            );
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('contact.name')}
                required
                autoComplete="name"
                helperText={errorOf('name') ?? ' '}
                {...fieldProps('name')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('contact.email')}
                required
                type="email"
                autoComplete="email"
                helperText={errorOf('email') ?? ' '}
                {...fieldProps('email')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={t('contact.locale')}
                helperText={errorOf('locale') ?? ' '}
                slotProps={{ select: { native: true } }}
                {...fieldProps('locale')}
              >
                {LOCALES.map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('contact.guests')}
                type="number"
                slotProps={{ htmlInput: { min: 1, max: INQUIRY_LIMITS.guests.max, step: 1 } }}
                helperText={errorOf('guests') ?? ' '}
                {...fieldProps('guests')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                select
                label={t('contact.experience')}
                helperText={errorOf('experienceId') ?? ' '}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                {...fieldProps('experienceId')}
              >
                <option value="">{t('contact.noExperience')}</option>
                {experienceOptions.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title}
                  </option>
                ))}
                {/* Until the list arrives, the prefilled experience still shows as chosen. */}
                {prefilled && !experienceOptions.some((e) => e.id === prefilled) && (
                  <option value={prefilled}>{prefilledTitle ?? '…'}</option>
                )}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField
                label={t('contact.preferredDates')}
                helperText={errorOf('preferredDates') ?? t('contact.preferredDatesHint')}
                {...fieldProps('preferredDates')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label={t('contact.message')}
                required
                multiline
                minRows={6}
                helperText={
                  errorOf('message') ??
                  t('contact.counter', {
                    count: number(values.message.length),
                    max: number(INQUIRY_LIMITS.message),
                  })
                }
                {...fieldProps('message')}
              />
            </Grid>
          </Grid>
          {general && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {general}
            </Alert>
          )}
          <Stack direction="row" sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
              {send.isPending ? t('contact.sending') : t('contact.submit')}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Container>
  );
}
