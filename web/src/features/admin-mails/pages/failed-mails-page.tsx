/**
 * Failed mails (DESIGN §4f): mails the outbox sender gave up on after its last retry, newest failure first, with
 * the recipient, subject, failure reason, attempts and when the mail was written; 「再送」 puts one back in the
 * outbox and delivers it at once. Empty: 送信に失敗したメールはありません.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { adminMailMessages } from '@domain/schemas/admin-mails';
import { PageHeader } from '../../../components/back-office/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useFailedMails, useResendMail, type FailedMailView } from '../api/mails';
import { RetryAlert } from '../../../components/back-office/retry-alert';

function MailRow({ mail }: { mail: FailedMailView }) {
  const resend = useResendMail();
  const toast = useToast();
  const onResend = () =>
    resend.mutate(mail.id, {
      onSuccess: ({ mail: after }) =>
        toast({
          severity: after.status === 'sent' ? 'success' : 'warning',
          message: after.status === 'sent' ? adminMailMessages.resent : adminMailMessages.resendQueued,
        }),
      onError: (e) =>
        toast({
          severity: 'error',
          message:
            e instanceof ApiError ? e.message : 'メールを再送できませんでした。もう一度お試しください。',
        }),
    });
  return (
    <Paper component="li" variant="outlined" data-testid="failed-mail-row" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{mail.subject}</Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            宛先：{mail.to}
          </Typography>
          <Typography variant="body2" color="error" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            失敗理由：{mail.lastError ?? '不明'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            試行 {mail.attempts} 回・作成 {formatDateTimeJa(mail.createdAt)}
            {mail.failedAt ? `・失敗 ${formatDateTimeJa(mail.failedAt)}` : ''}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={resend.isPending ? <CircularProgress size={16} color="inherit" /> : <SendOutlinedIcon />}
          disabled={resend.isPending}
          onClick={onResend}
          aria-label={`${mail.to} へのメールを再送`}
        >
          再送
        </Button>
      </Box>
    </Paper>
  );
}

export function AdminFailedMailsPage() {
  useBackOfficePageMeta('メール送信エラー');
  const mails = useFailedMails();
  const items = mails.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = mails.isSuccess && items.length === 0;
  return (
    <>
      <PageHeader
        title="メール送信エラー"
        subtitle="再試行をすべて失敗したメールです。原因を確認のうえ「再送」してください。"
      />
      {mails.isError && (
        <RetryAlert onRetry={() => void mails.refetch()} sx={{ mb: 2 }}>
          メールの一覧を取得できませんでした。
        </RetryAlert>
      )}
      <Box
        component="ul"
        aria-label="送信に失敗したメール"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {mails.isPending &&
          [0, 1, 2].map((i) => <Skeleton key={i} component="li" variant="rounded" height={96} />)}
        {empty && (
          <Paper
            component="li"
            variant="outlined"
            sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
          >
            {adminMailMessages.noFailedMails}
          </Paper>
        )}
        {items.map((mail) => (
          <MailRow key={mail.id} mail={mail} />
        ))}
      </Box>
      {mails.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void mails.fetchNextPage()} disabled={mails.isFetchingNextPage}>
            {mails.isFetchingNextPage ? <CircularProgress size={20} aria-label="読み込み中" /> : 'さらに表示'}
          </Button>
        </Box>
      )}
    </>
  );
}
