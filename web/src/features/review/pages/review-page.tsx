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
import { useT, type Translator } from '../../../lib/i18n/i18n';
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

interface SubmitProblem {
  rating?: string;
  text?: string;
  general?: string;
}

/**
 * The API's refusal of a review in the page's language. The API words its field messages in English (its
 * contract); the page maps the field or the error code to its catalogue, and tells the text's two problems apart
 * by the text itself (empty, or longer than the limit).
 */
function submitProblem(error: unknown, text: string, tr: Pick<Translator, 't' | 'number'>): SubmitProblem {
  const { t, number } = tr;
  if (!(error instanceof ApiError)) return { general: t('review.error.submitFailed') };
  if (error.code === 'rate_limited') return { general: t('review.error.rateLimited') };
  if (error.fields) {
    const problem: SubmitProblem = {};
    if (error.fields.rating) problem.rating = t('review.ratingRequired');
    if (error.fields.text) {
      if (text.trim() === '') problem.text = t('review.textRequired');
      else if (text.length > REVIEW_TEXT_MAX)
        problem.text = t('review.error.textTooLong', { max: number(REVIEW_TEXT_MAX) });
      else problem.text = t('review.error.invalid');
    }
    if (Object.keys(error.fields).some((field) => field !== 'rating' && field !== 'text'))
      problem.general = t('review.error.invalid');
    return problem;
  }
  return { general: t(error.status === 400 ? 'review.error.invalid' : 'review.error.submitFailed') };
}

/**
 * `/review/{token}` (DESIGN §4e): the personal link of the invitation mail. The experience and the tour date, 1–5
 * stars (MUI Rating: radio buttons, arrow keys, each star labelled), the text with a counter, and a thank-you
 * state; an unknown, expired or used link gets a page that says so.
 */
export function ReviewPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const tr = useT();
  const { t, path, number, locale } = tr;
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
  const invalidLink = (
    <Notice title={t('review.invalid.title')}>
      {t('review.invalid.text', { days: number(REVIEW_LINK_VALID_DAYS) })}
    </Notice>
  );
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) return invalidLink;
    return <Notice title={t('review.failed.title')}>{t('review.failed.text')}</Notice>;
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

  // The link may also lapse between opening the page and sending the review.
  if (submit.error instanceof ApiError && submit.error.status === 404) return invalidLink;

  const textError = touched && text.trim() === '' ? t('review.textRequired') : null;
  const ratingError = touched && !rating ? t('review.ratingRequired') : null;
  const serverError = submit.isError ? submitProblem(submit.error, text, tr) : null;
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
                  // The radio of "no stars yet", in the page's language (MUI's default is the English "Empty").
                  emptyLabelText={t('review.noRating')}
                />
                <Typography color="text.secondary">{rating ? starLabel(rating) : ''}</Typography>
              </Stack>
              {(ratingError || serverError?.rating) && (
                <Typography color="error" variant="body2" role="alert">
                  {ratingError ?? serverError?.rating}
                </Typography>
              )}
            </Box>
            <TextField
              label={t('review.textLabel')}
              multiline
              minRows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(textError || text.length > REVIEW_TEXT_MAX || serverError?.text)}
              helperText={
                textError ??
                serverError?.text ??
                t('review.counter', { count: number(text.length), max: number(REVIEW_TEXT_MAX) })
              }
              slotProps={{
                htmlInput: { 'aria-describedby': 'review-counter' },
                formHelperText: { id: 'review-counter' },
              }}
            />
            {serverError?.general && <Alert severity="error">{serverError.general}</Alert>}
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
