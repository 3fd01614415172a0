import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INQUIRY_LIMITS } from '@domain/inquiries';
import { useApi } from '../../../app/api';
import { NotFoundView } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import {
  tokyoTime,
  type Conversation,
  type InquiryMessage,
  type InquiryStatus,
} from '../../../lib/concierge';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { OfferCard } from '../components/offer-card';

const STATUS_KEYS: Record<InquiryStatus, MessageKey> = {
  new: 'inquiry.status.new',
  answered: 'inquiry.status.answered',
  waiting: 'inquiry.status.waiting',
  closed: 'inquiry.status.closed',
};

const conversationKey = (token: string) => ['inquiry', token] as const;

/**
 * `/inquiry/{token}` (DESIGN §4h): the guest's private conversation with the concierge, reached from the
 * acknowledgement mail. The messages (the guest's on the right, the concierge's on the left, each with its Tokyo
 * time), the status in words and, while the question waits, the promised reply time; the concierge's offers as
 * cards; and the answer box, whose message joins the conversation without a reload. An unknown link says so.
 */
export function InquiryPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const { t, number, locale, path } = useT();
  usePageMeta({ title: t('inquiry.metaTitle'), noindex: true });
  const conversation = useQuery({
    queryKey: conversationKey(token),
    queryFn: ({ signal }) => api<Conversation>(`/inquiries/${encodeURIComponent(token)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const reply = useMutation({
    mutationFn: (body: { text: string }) =>
      api<{ messages: InquiryMessage[]; status: InquiryStatus }>(
        `/inquiries/${encodeURIComponent(token)}/messages`,
        { method: 'POST', body },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<Conversation>(conversationKey(token), (old) =>
        old ? { ...old, messages: answer.messages, status: answer.status } : old,
      );
      setText('');
      setTouched(false);
      // The new reply deadline (and any change by the concierge meanwhile) comes with a fresh read.
      void queryClient.invalidateQueries({ queryKey: conversationKey(token) });
    },
  });

  if (conversation.isPending) return <PageLoader label={t('inquiry.loading')} />;
  const invalid = (
    <NotFoundView
      title={t('inquiry.invalid.title')}
      message={t('inquiry.invalid.text')}
      actions={[
        { label: t('inquiry.newQuestion'), to: '/contact' },
        { label: t('notFound.home'), to: '/' },
      ]}
    />
  );
  if (conversation.isError) {
    if (conversation.error instanceof ApiError && conversation.error.status === 404) return invalid;
    return (
      <Container maxWidth="sm" sx={{ py: 14 }}>
        <Alert severity="error">{t('inquiry.error.load')}</Alert>
      </Container>
    );
  }
  if (reply.error instanceof ApiError && reply.error.status === 404) return invalid;

  const { status, replyDueAt, messages, offers } = conversation.data;
  const trimmed = text.trim();
  const clientError =
    text.length > INQUIRY_LIMITS.message
      ? t('inquiry.error.tooLong', { max: number(INQUIRY_LIMITS.message) })
      : touched && trimmed === ''
        ? t('inquiry.error.required')
        : null;
  const serverError = !reply.isError
    ? null
    : reply.error instanceof ApiError && reply.error.status === 429
      ? t('inquiry.error.rateLimited')
      : reply.error instanceof ApiError && reply.error.status === 400
        ? text.length > INQUIRY_LIMITS.message
          ? t('inquiry.error.tooLong', { max: number(INQUIRY_LIMITS.message) })
          : t('inquiry.error.required')
        : t('inquiry.error.failed');

  return (
    <Container maxWidth="md" sx={{ py: { xs: 10, md: 14 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('inquiry.heading')}
      </Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid="inquiry-status">
        {t('inquiry.status', { status: t(STATUS_KEYS[status]) })}
      </Typography>
      {status === 'new' && (
        <Typography color="text.secondary">
          {t('inquiry.replyBy', { time: tokyoTime(replyDueAt, locale) })}
        </Typography>
      )}
      {status === 'closed' && <Typography color="text.secondary">{t('inquiry.closedNote')}</Typography>}

      {offers.length > 0 && (
        <Box component="section" aria-labelledby="offers-title" sx={{ mt: 4 }}>
          <Typography id="offers-title" variant="h6" component="h2" gutterBottom>
            {t('inquiry.offers')}
          </Typography>
          <Stack spacing={2}>
            {offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </Stack>
        </Box>
      )}

      <Box component="section" aria-labelledby="messages-title" sx={{ mt: 4 }}>
        <Typography id="messages-title" variant="h6" component="h2" gutterBottom>
          {t('inquiry.messages')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {messages.map((message, i) => (
            <MessageBubble key={`${message.createdAt}-${i}`} message={message} />
          ))}
        </Stack>
      </Box>

      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-labelledby="reply-title"
        sx={{ p: { xs: 2, md: 3 }, mt: 4 }}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (trimmed === '' || text.length > INQUIRY_LIMITS.message || reply.isPending) return;
          reply.mutate({ text: trimmed });
        }}
      >
        <Typography id="reply-title" variant="h6" component="h2" gutterBottom>
          {t('inquiry.reply')}
        </Typography>
        <TextField
          label={t('inquiry.reply')}
          name="text"
          multiline
          minRows={4}
          fullWidth
          value={text}
          disabled={reply.isPending}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(clientError ?? serverError)}
          helperText={
            clientError ??
            t('inquiry.counter', { count: number(text.length), max: number(INQUIRY_LIMITS.message) })
          }
        />
        {serverError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {serverError}
          </Alert>
        )}
        {reply.isSuccess && (
          <Typography role="status" color="success.main" sx={{ mt: 2 }}>
            {t('inquiry.sent')}
          </Typography>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={reply.isPending}>
            {reply.isPending ? t('inquiry.sending') : t('inquiry.send')}
          </Button>
          <Button component={RouterLink} to={path('/experiences')}>
            {t('contact.done.browse')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function MessageBubble({ message }: { message: InquiryMessage }) {
  const { t, locale } = useT();
  const fromGuest = message.from === 'guest';
  return (
    <Box
      component="li"
      data-from={message.from}
      sx={{ display: 'flex', justifyContent: fromGuest ? 'flex-end' : 'flex-start' }}
    >
      <Paper
        variant="outlined"
        component="article"
        aria-label={fromGuest ? t('inquiry.you') : t('inquiry.concierge')}
        sx={{
          p: 2,
          maxWidth: '85%',
          bgcolor: fromGuest ? '#eef5f8' : 'background.paper',
          borderColor: fromGuest ? 'primary.light' : 'divider',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {fromGuest ? t('inquiry.you') : t('inquiry.concierge')}{' '}
          <Typography component="time" variant="body2" color="text.secondary" dateTime={message.createdAt}>
            {t('inquiry.sentAt', { time: tokyoTime(message.createdAt, locale) })}
          </Typography>
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{message.text}</Typography>
      </Paper>
    </Box>
  );
}
