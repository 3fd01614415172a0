/**
 * One inquiry (DESIGN §4h): who asks and about what, the conversation (guest and concierge), a reply box whose text
 * is mailed to the guest, 完了にする behind a confirmation, and the inquiry's offers with 「オファーを作成」, which
 * opens the offer form prefilled from this inquiry (experience, party size, the guest's name, address and language).
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { siteLanguageNameJa } from '@domain/languages';
import { CONCIERGE_TEXT_MAX, conciergeReplySchema } from '@domain/schemas/offer';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { DetailList, DetailRow } from '../../../components/back-office/detail-row';
import { OfferStatusChip } from '../../../components/back-office/offer-status-chip';
import { PageHeader } from '../../../components/back-office/page-header';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { ApiError } from '../../../lib/api-client';
import type { AdminInquiryDetail, InquiryMessage } from '../../../lib/back-office/concierge';
import { useAdminInquiry } from '../../../lib/back-office/concierge-api';
import { textFieldProps } from '../../../lib/back-office/form';
import { formatDateTimeJa, formatSlotJa, formatYen } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useToast } from '../../../lib/toast';
import { useCloseInquiry, useReplyToInquiry } from '../api/inquiries';
import { InquiryStatusChip, OverdueMark } from '../components/inquiry-status';

const failureText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : fallback;

function Message({ message }: { message: InquiryMessage }) {
  const fromGuest = message.from === 'guest';
  return (
    <Box
      component="li"
      data-testid="inquiry-message"
      data-from={message.from}
      sx={{ display: 'flex', justifyContent: fromGuest ? 'flex-start' : 'flex-end' }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          maxWidth: '85%',
          bgcolor: fromGuest ? 'background.paper' : 'action.hover',
          borderColor: fromGuest ? 'divider' : 'primary.light',
        }}
      >
        <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 700 }}>
          {fromGuest ? 'お客様' : 'コンシェルジュ'}・{formatDateTimeJa(message.createdAt)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</Typography>
      </Paper>
    </Box>
  );
}

function ReplyBox({ inquiry }: { inquiry: AdminInquiryDetail }) {
  const reply = useReplyToInquiry();
  const toast = useToast();
  const flight = useSingleFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(conciergeReplySchema),
    mode: 'onTouched',
    defaultValues: { text: '' },
  });
  const onSubmit = form.handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      await reply.mutateAsync({ id: inquiry.id, text });
      form.reset({ text: '' });
      toast({ severity: 'success', message: '返信を送信しました。お客様にメールでお知らせしました。' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.fields?.text) {
        form.setError('text', { message: e.fields.text }, { shouldFocus: true });
        return;
      }
      if (e instanceof ApiError && e.status === 401) return;
      setFailure(failureText(e, '返信を送信できませんでした。時間をおいて再度お試しください。'));
    }
  });
  const submitting = flight.pending || form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submitOnce(flight, onSubmit)} aria-label="返信" sx={{ mt: 2 }}>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <TextField
        label="返信内容"
        multiline
        minRows={4}
        fullWidth
        required
        slotProps={{ htmlInput: { maxLength: CONCIERGE_TEXT_MAX } }}
        {...textFieldProps(
          form,
          'text',
          `送信すると、お客様（${inquiry.email}）にメールでお届けします（${siteLanguageNameJa(inquiry.locale)}の案内文と会話ページへのリンク付き）。${CONCIERGE_TEXT_MAX.toLocaleString('ja-JP')}文字まで。`,
        )}
      />
      <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={submitting}>
          {submitting ? <CircularProgress size={22} color="inherit" aria-label="送信中" /> : '返信を送信'}
        </Button>
      </Box>
    </Box>
  );
}

function Offers({ inquiry }: { inquiry: AdminInquiryDetail }) {
  return (
    <Paper variant="outlined" component="section" aria-label="オファー" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          オファー
        </Typography>
        <Button
          component={RouterLink}
          to={`/admin/offers/new?inquiry=${encodeURIComponent(inquiry.id)}`}
          variant="contained"
          startIcon={<AddIcon />}
          disabled={inquiry.status === 'closed'}
        >
          オファーを作成
        </Button>
      </Box>
      {inquiry.offers.length === 0 ? (
        <Typography color="text.secondary">この問い合わせからのオファーはまだありません。</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {inquiry.offers.map((offer) => (
            <Box
              component="li"
              key={offer.id}
              data-testid="inquiry-offer"
              sx={{
                borderTop: 1,
                borderColor: 'divider',
                pt: 1.5,
                '&:first-of-type': { borderTop: 0, pt: 0 },
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <OfferStatusChip status={offer.status} />
                <Typography sx={{ fontWeight: 700 }}>{offer.experience.title}</Typography>
              </Box>
              <Typography variant="body2">
                {formatSlotJa(offer.date, offer.time)}・{offer.guests}名・{formatYen(offer.totalAmount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                有効期限 {formatDateTimeJa(offer.expiresAt)}
                {offer.bookingReference && offer.bookingId && (
                  <>
                    ・予約{' '}
                    <Link component={RouterLink} to={`/admin/booking/${encodeURIComponent(offer.bookingId)}`}>
                      {offer.bookingReference}
                    </Link>
                  </>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Link component={RouterLink} to="/admin/offers" sx={{ display: 'inline-block', mt: 1.5 }}>
        オファー一覧へ
      </Link>
    </Paper>
  );
}

export function AdminInquiryPage() {
  const { id } = useParams();
  const query = useAdminInquiry(id);
  const inquiry = query.data;
  useBackOfficePageMeta(inquiry ? `問い合わせ：${inquiry.name}` : '問い合わせ');
  const close = useCloseInquiry();
  const toast = useToast();
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);

  const back = (
    <Button component={RouterLink} to="/admin/inquiries" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      問い合わせ一覧に戻る
    </Button>
  );

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {back}
        <RetryAlert onRetry={notFound ? undefined : () => void query.refetch()}>
          {notFound ? 'この問い合わせは見つかりません。' : '問い合わせを取得できませんでした。'}
        </RetryAlert>
      </>
    );
  }
  if (!inquiry) {
    return (
      <>
        {back}
        <Skeleton variant="rounded" height={240} />
      </>
    );
  }

  const confirmClose = async () => {
    setCloseError(null);
    try {
      await close.mutateAsync({ id: inquiry.id });
      setClosing(false);
      toast({ severity: 'success', message: '問い合わせを完了にしました' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      setCloseError(failureText(e, '完了にできませんでした。時間をおいて再度お試しください。'));
    }
  };

  return (
    <>
      {back}
      <PageHeader
        title={`${inquiry.name} 様からの問い合わせ`}
        actions={
          inquiry.status !== 'closed' && (
            <Button variant="outlined" onClick={() => setClosing(true)}>
              完了にする
            </Button>
          )
        }
      />
      <Stack spacing={2.5}>
        <Paper variant="outlined" component="section" aria-label="お客様" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, flexWrap: 'wrap' }}>
            <InquiryStatusChip status={inquiry.status} />
            {inquiry.status === 'new' && (
              <Typography variant="body2">返信期限 {formatDateTimeJa(inquiry.replyDueAt)}</Typography>
            )}
            {inquiry.overdue && <OverdueMark />}
          </Box>
          <DetailList>
            <DetailRow label="お名前">{inquiry.name}</DetailRow>
            <DetailRow label="メールアドレス">
              <Link href={`mailto:${inquiry.email}`}>{inquiry.email}</Link>
            </DetailRow>
            <DetailRow label="言語">{siteLanguageNameJa(inquiry.locale)}</DetailRow>
            <DetailRow label="体験">
              {inquiry.experience ? (
                <Link
                  href={`/experience/${encodeURIComponent(inquiry.experience.id)}`}
                  target="_blank"
                  rel="noopener"
                >
                  {inquiry.experience.title}
                </Link>
              ) : (
                '指定なし'
              )}
            </DetailRow>
            <DetailRow label="希望日">{inquiry.preferredDates || '指定なし'}</DetailRow>
            <DetailRow label="人数">{inquiry.guests ? `${inquiry.guests}名` : '指定なし'}</DetailRow>
            <DetailRow label="受付日時">{formatDateTimeJa(inquiry.createdAt)}</DetailRow>
          </DetailList>
        </Paper>
        <Paper variant="outlined" component="section" aria-label="やり取り" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1.5 }}>
            やり取り
          </Typography>
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
            {inquiry.messages.map((message, i) => (
              <Message key={`${message.createdAt}-${i}`} message={message} />
            ))}
          </Box>
          <ReplyBox inquiry={inquiry} />
        </Paper>
        <Offers inquiry={inquiry} />
      </Stack>
      <ConfirmDialog
        open={closing}
        title="この問い合わせを完了にしますか？"
        confirmLabel="完了にする"
        workingLabel="処理中"
        working={close.isPending}
        error={closeError}
        onCancel={() => {
          setClosing(false);
          setCloseError(null);
        }}
        onConfirm={() => void confirmClose()}
      >
        返信期限の管理と未完了の件数から外れます。お客様にメールは送られません。お客様が会話ページから返信すると、再び「新規」になります。
      </ConfirmDialog>
    </>
  );
}
