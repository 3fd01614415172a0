/**
 * 支払通知書 of a host (issue 28) as both back offices show them (the host's 売上・振込, the admin's host page): one
 * line per month of the last year with its figures and its PDF, and a month picker for any month since. The
 * figures are the API's (the ledger's); a refusal (a month with nothing in it, a future month) says the API's
 * Japanese message.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { monthInZone, TOKYO_TIME_ZONE } from '@domain/calendar';
import { isStatementMonthForm, statementMonthMessages } from '@domain/statement-document';
import { ApiError } from '../../lib/api-client';
import { formatYen } from '../../lib/back-office/format';
import { statementFileName, useStatementMonths, useStatementPdf } from '../../lib/back-office/statements';
import { downloadBlob } from '../../lib/download';
import { RetryAlert } from './retry-alert';

const FAILED = '支払通知書を作成できませんでした。時間をおいて再度お試しください。';

/** `2026-11` → `2026年11月`. */
const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/**
 * The month's form is checked here; whether it is in the future is the API's to say (its clock decides, and the
 * local stack's clock can be ahead of the browser's).
 */
const monthProblem = (month: string): string | null =>
  isStatementMonthForm(month) ? null : statementMonthMessages.malformed;

export function StatementsPanel({
  queryKey,
  path,
}: {
  queryKey: readonly unknown[];
  /** `/host/statements` or `/admin/hosts/{id}/statements`. */
  path: string;
}) {
  const months = useStatementMonths(queryKey, path);
  const pdf = useStatementPdf(path);
  const [picked, setPicked] = useState(() => monthInZone(new Date(), TOKYO_TIME_ZONE));
  const [problem, setProblem] = useState<string | null>(null);
  const current = monthInZone(new Date(), TOKYO_TIME_ZONE);

  const download = (month: string) => {
    const invalid = monthProblem(month);
    setProblem(invalid);
    if (invalid) return;
    pdf.mutate(month, {
      onSuccess: (blob) => downloadBlob(statementFileName(month), blob),
      onError: (e) =>
        setProblem(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : FAILED),
    });
  };
  const busy = (month: string) => pdf.isPending && pdf.variables === month;
  const spinner = <CircularProgress size={16} color="inherit" aria-label="作成中" />;

  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label="支払通知書の月を選ぶ"
        onSubmit={(e) => {
          e.preventDefault();
          download(picked);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          label="対象月"
          type="month"
          size="small"
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            setProblem(null);
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statement-month' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={pdf.isPending}
          startIcon={busy(picked) ? spinner : null}
        >
          {busy(picked) ? '作成中…' : '支払通知書をダウンロード'}
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {months.isError && (
        <RetryAlert onRetry={() => void months.refetch()} sx={{ mb: 2 }}>
          支払通知書の一覧を取得できませんでした。
        </RetryAlert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          aria-label="月ごとの支払通知書"
          sx={{ minWidth: 760, '& th, & td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>対象月</TableCell>
              <TableCell align="right">予約数</TableCell>
              <TableCell align="right">売上</TableCell>
              <TableCell align="right">手数料</TableCell>
              <TableCell align="right">返金</TableCell>
              <TableCell align="right">受取額</TableCell>
              <TableCell align="right">振込額</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {months.isPending
              ? [0, 1].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={8}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : (months.data?.items ?? []).map((m) => (
                  <TableRow key={m.month} data-testid="statement-row">
                    <TableCell>
                      {monthLabel(m.month)}
                      {m.month === current && '（途中）'}
                    </TableCell>
                    <TableCell align="right">{m.bookings}件</TableCell>
                    <TableCell align="right">{formatYen(m.gross)}</TableCell>
                    <TableCell align="right">{formatYen(m.platformFee)}</TableCell>
                    <TableCell align="right">{m.refunded > 0 ? formatYen(m.refunded) : '—'}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatYen(m.net)}
                    </TableCell>
                    <TableCell align="right">{m.payouts > 0 ? formatYen(m.paidOut) : '—'}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        disabled={pdf.isPending}
                        onClick={() => download(m.month)}
                        startIcon={busy(m.month) ? spinner : null}
                        aria-label={`${monthLabel(m.month)}の支払通知書をダウンロード`}
                      >
                        {busy(m.month) ? '作成中…' : 'PDF'}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
            {months.data && months.data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  この1年の売上・振込はまだありません。体験の予約が確定すると、その月の支払通知書を作成できます。
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
