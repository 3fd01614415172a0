/** Payouts with their dates, amounts and status (the host's own, or the admin's of every host). */
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTimeJa, formatDayOfInstantJa, formatYen } from '../../lib/back-office/format';
import { payoutStatusText, type PayoutRow } from '../../lib/back-office/money';

const COLORS = { scheduled: 'info', paid: 'success', failed: 'error' } as const;

export function PayoutsTable({
  payouts,
  hostCell,
  empty,
}: {
  payouts: PayoutRow[] | undefined;
  /** The admin's host column (a link to the host). */
  hostCell?: (payout: PayoutRow) => ReactNode;
  empty: string;
}) {
  const columns = hostCell ? 6 : 5;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label="振込"
        sx={{ minWidth: hostCell ? 720 : 560, '& th, & td': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>作成日時</TableCell>
            {hostCell && <TableCell>ホスト</TableCell>}
            <TableCell align="right">金額</TableCell>
            <TableCell>状態</TableCell>
            <TableCell>着金予定日</TableCell>
            <TableCell>予約数</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!payouts
            ? [0, 1].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={columns}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : payouts.map((p) => (
                <TableRow key={p.id} data-testid="payout-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeJa(p.createdAt)}</TableCell>
                  {hostCell && <TableCell>{hostCell(p)}</TableCell>}
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatYen(p.amount)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={COLORS[p.status]} label={payoutStatusText[p.status]} />
                    {p.failureMessage && (
                      <Typography
                        variant="caption"
                        color="error"
                        sx={{ display: 'block', mt: 0.5, maxWidth: 360 }}
                      >
                        {p.failureMessage}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {p.arrivalDate && p.status !== 'failed' ? formatDayOfInstantJa(p.arrivalDate) : '—'}
                  </TableCell>
                  <TableCell>{p.bookingIds.length}件</TableCell>
                </TableRow>
              ))}
          {payouts && payouts.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
