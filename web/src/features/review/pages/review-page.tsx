import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBookingDate } from '@domain/calendar';
import { REVIEW_LINK_VALID_DAYS, REVIEW_TEXT_MAX } from '@domain/reviews';
import { useApi } from '../../../app/api';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { usePageMeta } from '../../../lib/page-meta';

interface Invitation {
  experience: { id: string; title: string };
  date: string;
  alreadyReviewed: boolean;
}

const STAR_LABELS = [
  'review.star.1',
  'review.star.2',
  'review.star.3',
  'review.star.4',
  'review.star.5',
] as const;

/**
 * `/review/{token}` (DESIGN §4e): the personal link of the invitation mail. The experience and the tour date, 1–5
 * stars (MUI Rating: radio buttons, arrow keys, each star labelled), the text with a counter, and a thank-you
 * state; an unknown, expired or used link gets a page that says so.
 */
export function ReviewPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const { t, path, number, locale } = useT();
  usePageMeta({ title: t('review.metaTitle'), noindex: true });
  const starLabel = (value: number) => t(STAR_LABELS[value - 1]!);
  const invitation = useQuery({
    queryKey: ['review-invitation', token],
    queryFn: ({ signal }) => api<Invitation>(`/reviews/${encodeURIComponent(token)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = useMutation({
    mutationFn: () =>
      api(`/reviews/${encodeURIComponent(token)}`, { method: 'POST', body: { rating, text } }),
  });

  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) {
    const notFound = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <Notice title={notFound ? t('review.invalid.title') : t('review.failed.title')}>
        {notFound
          ? t('review.invalid.text', { days: number(REVIEW_LINK_VALID_DAYS) })
          : t('review.failed.text')}
      </Notice>
    );
  }
  const { experience, date } = invitation.data;
  if (submit.isSuccess) {
    return (
      <Notice title={t('review.thanks.title')}>
        {t('review.thanks.text', { title: experience.title })}{' '}
        <RouterLink to={path(`/experience/${experience.id}`)}>{t('review.seeExperience')}</RouterLink>
      </Notice>
    );
  }
  if (invitation.data.alreadyReviewed || (submit.error instanceof ApiError && submit.error.status === 409)) {
    return (
      <Notice title={t('review.already.title')}>
        {t('review.already.text')}{' '}
        <RouterLink to={path(`/experience/${experience.id}`)}>{t('review.seeExperience')}</RouterLink>
      </Notice>
    );
  }

  const textError = touched && text.trim() === '' ? t('review.textRequired') : null;
  const ratingError = touched && !rating ? t('review.ratingRequired') : null;
  const serverError = submit.error instanceof ApiError ? submit.error : null;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('review.heading')}
        </Typography>
        <Typography variant="h6" component="p">
          {experience.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('review.tourOn', { date: formatBookingDate(date, locale) })}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!rating || text.trim() === '' || text.length > REVIEW_TEXT_MAX) return;
            submit.mutate();
          }}
        >
          <Stack spacing={3}>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" id="rating-label" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('review.ratingLabel')}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Rating
                  name="rating"
                  value={rating}
                  size="large"
                  onChange={(_, value) => setRating(value)}
                  getLabelText={(value) => t('review.starLabel', { count: value, label: starLabel(value) })}
                />
                <Typography color="text.secondary">{rating ? starLabel(rating) : ''}</Typography>
              </Stack>
              {(ratingError || serverError?.fields?.rating) && (
                <Typography color="error" variant="body2" role="alert">
                  {ratingError ?? serverError?.fields?.rating}
                </Typography>
              )}
            </Box>
            <TextField
              label={t('review.textLabel')}
              multiline
              minRows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(textError || text.length > REVIEW_TEXT_MAX || serverError?.fields?.text)}
              helperText={
                textError ??
                serverError?.fields?.text ??
                t('review.counter', { count: number(text.length), max: number(REVIEW_TEXT_MAX) })
              }
              slotProps={{
                htmlInput: { 'aria-describedby': 'review-counter' },
                formHelperText: { id: 'review-counter' },
              }}
            />
            {serverError && !serverError.fields && <Alert severity="error">{serverError.message}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
              {t('review.submit')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('review.privacy')}
            </Typography>
          </Stack>
        </Box>
      </Paper>
    </Container>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  const { t, path } = useT();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{children}</Typography>
      <Button component={RouterLink} to={path('/')} sx={{ mt: 3 }}>
        {t('review.home')}
      </Button>
    </Container>
  );
}
