/**
 * Failed mails (DESIGN §4f): mails the outbox sender gave up on after its last retry, newest failure first, with
 * the recipient, subject, failure reason, attempts and when the mail was written; 「再送」 puts one back in the
 * outbox and delivers it at once. Several can be chosen and resent together (issue 32 item 12: after an SES outage
 * dozens fail at once): one request per mail, one after another, then one summary. Every resend is one request
 * however fast the clicks (item 2). Empty: 送信に失敗したメールはありません.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { adminMailMessages } from '@domain/schemas/admin-mails';
import { PageHeader } from '../../../components/back-office/page-header';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useFailedMails, useResendMails, type FailedMailView, type ResendOutcome } from '../api/mails';
import { RetryAlert } from '../../../components/back-office/retry-alert';

/** What a resend of several mails came to, in one line. */
export function resendSummary(outcomes: ResendOutcome[]): {
  severity: 'success' | 'warning' | 'error';
  message: string;
} {
  const sent = outcomes.filter((o) => o.status === 'sent').length;
  const queued = outcomes.filter((o) => o.status === 'pending').length;
  const failed = outcomes.filter((o) => o.status === 'error');
  if (outcomes.length === 1) {
    const [only] = outcomes;
    if (only!.status === 'sent') return { severity: 'success', message: adminMailMessages.resent };
    if (only!.status === 'pending') return { severity: 'warning', message: adminMailMessages.resendQueued };
    return { severity: 'error', message: only!.message ?? adminMailMessages.resendFailed };
  }
  const parts = [
    `送信 ${sent} 件`,
    ...(queued > 0 ? [`再送待ち ${queued} 件`] : []),
    ...(failed.length > 0 ? [`失敗 ${failed.length} 件`] : []),
  ];
  return {
    severity: failed.length > 0 ? 'error' : queued > 0 ? 'warning' : 'success',
    message: `${outcomes.length} 件のメールを再送しました（${parts.join('・')}）${failed.length > 0 ? `。失敗: ${failed[0]!.message ?? adminMailMessages.resendFailed}` : ''}`,
  };
}

function MailRow({
  mail,
  selected,
  busy,
  onSelect,
  onResend,
}: {
  mail: FailedMailView;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onResend: () => void;
}) {
  return (
    <Paper component="li" variant="outlined" data-testid="failed-mail-row" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: { xs: 1, sm: 2 }, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Checkbox
          checked={selected}
          disabled={busy}
          onChange={(e) => onSelect(e.target.checked)}
          slotProps={{ input: { 'aria-label': `${mail.to} へのメール「${mail.subject}」を選択` } }}
          sx={{ mt: -1, ml: -1 }}
        />
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
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
          variant="outlined"
          startIcon={<SendOutlinedIcon />}
          disabled={busy}
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
  const resend = useResendMails();
  const toast = useToast();
  /** One resend (of one mail or of the chosen ones) at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const [chosen, setChosen] = useState<string[]>([]);
  const [sending, setSending] = useState<{ done: number; total: number } | null>(null);
  const items = mails.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = mails.isSuccess && items.length === 0;
  // A mail resent meanwhile (by this screen or another admin) leaves the list and the choice.
  const selected = chosen.filter((id) => items.some((m) => m.id === id));
  const allSelected = items.length > 0 && selected.length === items.length;
  const busy = flight.pending;

  const resendMails = (ids: string[]) =>
    flight.run(async () => {
      setSending({ done: 0, total: ids.length });
      try {
        const outcomes = await resend(ids, (done) => setSending({ done, total: ids.length }));
        const summary = resendSummary(outcomes);
        toast({ severity: summary.severity, message: summary.message });
        setChosen((list) => list.filter((id) => !outcomes.some((o) => o.id === id && o.status !== 'error')));
      } finally {
        setSending(null);
      }
    });

  return (
    <>
      <PageHeader
        title="メール送信エラー"
        subtitle="再試行をすべて失敗したメールです。原因を確認のうえ「再送」してください。複数を選んでまとめて再送できます。"
      />
      {mails.isError && (
        <RetryAlert onRetry={() => void mails.refetch()} sx={{ mb: 2 }}>
          メールの一覧を取得できませんでした。
        </RetryAlert>
      )}
      {items.length > 0 && (
        <Paper
          variant="outlined"
          data-testid="failed-mails-toolbar"
          sx={{
            p: 1,
            pl: 2,
            mb: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            position: 'sticky',
            top: { xs: 56, sm: 64, md: 0 },
            zIndex: 1,
          }}
        >
          <FormControlLabel
            label={selected.length > 0 ? `${selected.length} 件を選択中` : 'すべて選択'}
            control={
              <Checkbox
                checked={allSelected}
                indeterminate={selected.length > 0 && !allSelected}
                disabled={busy}
                onChange={() => setChosen(allSelected ? [] : items.map((m) => m.id))}
              />
            }
            sx={{ mr: 'auto' }}
          />
          <Button
            variant="contained"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendOutlinedIcon />}
            disabled={busy || selected.length === 0}
            onClick={() => void resendMails(selected)}
          >
            {sending && sending.total > 1
              ? `再送中 ${sending.done} / ${sending.total}`
              : `選択した ${selected.length} 件を再送`}
          </Button>
        </Paper>
      )}
      <Box
        component="ul"
        aria-label="送信に失敗したメール"
        aria-busy={busy || undefined}
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
          <MailRow
            key={mail.id}
            mail={mail}
            selected={selected.includes(mail.id)}
            busy={busy}
            onSelect={(on) =>
              setChosen((list) => (on ? [...list, mail.id] : list.filter((id) => id !== mail.id)))
            }
            onResend={() => void resendMails([mail.id])}
          />
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
