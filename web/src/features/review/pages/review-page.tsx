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
import { REVIEW_TEXT_MAX } from '@domain/reviews';
import { useApi } from '../../../app/api';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';

interface Invitation {
  experience: { id: string; title: string };
  date: string;
  alreadyReviewed: boolean;
}

const STAR_LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * `/review/{token}` (DESIGN §4e): the personal link of the invitation mail. The experience and the tour date, 1–5
 * stars (MUI Rating: radio buttons, arrow keys, each star labelled), the text with a counter, and a thank-you
 * state; an unknown, expired or used link gets a page that says so.
 */
export function ReviewPage() {
  const { token = '' } = useParams();
  const api = useApi();
  usePageMeta({ title: 'Write a review', noindex: true });
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
      <Notice title={notFound ? 'This review link is not valid' : 'Something went wrong'}>
        {notFound
          ? 'The link may have expired (links work for 30 days after the invitation) or be incomplete. Please open it again from your invitation e-mail.'
          : 'We could not open your review. Please try again in a moment.'}
      </Notice>
    );
  }
  const { experience, date } = invitation.data;
  if (submit.isSuccess) {
    return (
      <Notice title="Thank you for your review!">
        Your review of “{experience.title}” is now on the experience’s page and helps other travellers choose.{' '}
        <RouterLink to={`/experience/${experience.id}`}>See the experience</RouterLink>
      </Notice>
    );
  }
  if (invitation.data.alreadyReviewed || (submit.error instanceof ApiError && submit.error.status === 409)) {
    return (
      <Notice title="You have already reviewed this tour">
        Thank you: there is one review per booking, and yours is on{' '}
        <RouterLink to={`/experience/${experience.id}`}>the experience’s page</RouterLink>.
      </Notice>
    );
  }

  const textError = touched && text.trim() === '' ? 'Please write a few words about your experience' : null;
  const ratingError = touched && !rating ? 'Choose from 1 to 5 stars' : null;
  const serverError = submit.error instanceof ApiError ? submit.error : null;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          How was your experience?
        </Typography>
        <Typography variant="h6" component="p">
          {experience.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your tour on {formatBookingDate(date, 'en')}
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
                Your rating
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Rating
                  name="rating"
                  value={rating}
                  size="large"
                  onChange={(_, value) => setRating(value)}
                  getLabelText={(value) => `${value} star${value === 1 ? '' : 's'}, ${STAR_LABELS[value]}`}
                />
                <Typography color="text.secondary">{rating ? STAR_LABELS[rating] : ''}</Typography>
              </Stack>
              {(ratingError || serverError?.fields?.rating) && (
                <Typography color="error" variant="body2" role="alert">
                  {ratingError ?? serverError?.fields?.rating}
                </Typography>
              )}
            </Box>
            <TextField
              label="Your review"
              multiline
              minRows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(textError || text.length > REVIEW_TEXT_MAX || serverError?.fields?.text)}
              helperText={
                textError ??
                serverError?.fields?.text ??
                `${text.length.toLocaleString('en')} / ${REVIEW_TEXT_MAX.toLocaleString('en')} characters`
              }
              slotProps={{
                htmlInput: { 'aria-describedby': 'review-counter' },
                formHelperText: { id: 'review-counter' },
              }}
            />
            {serverError && !serverError.fields && <Alert severity="error">{serverError.message}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
              Post your review
            </Button>
            <Typography variant="body2" color="text.secondary">
              Your review is shown with your first name, the initial of your last name and the month of your
              tour. It cannot be changed after posting.
            </Typography>
          </Stack>
        </Box>
      </Paper>
    </Container>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{children}</Typography>
      <Button component={RouterLink} to="/" sx={{ mt: 3 }}>
        Back to the home page
      </Button>
    </Container>
  );
}
