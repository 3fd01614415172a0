/**
 * A host's earnings as both back offices show them (the host's 売上・振込, the admin's host page): the totals, a
 * filter by tour date and status, and one row per booking with gross, fee, refunds and what the host keeps. Every
 * figure is the API's (the ledger's): nothing is added up here but the rows' own columns.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { earningsStatuses } from '@domain/money';
import { formatDateTimeJa, formatSlotJa, formatYen } from '../../lib/back-office/format';
import {
  earningsRowStatus,
  earningsStatusText,
  useEarningsPages,
  type EarningsFilter,
  type EarningsTotals,
} from '../../lib/back-office/money';
import { FigureCards, type Figure } from './figure-cards';
import { RetryAlert } from './retry-alert';

const TOTALS: (Figure & { key: keyof EarningsTotals })[] = [
  { key: 'upcoming', label: '確定待ち', help: '体験の終了から48時間が過ぎると振込予定になります' },
  { key: 'payable', label: '振込予定', help: '次回の振込（毎日朝6時）でお支払いします' },
  { key: 'onHold', label: '保留中', help: 'カードの異議申し立ての結果が出るまでお支払いを保留しています' },
  { key: 'paid', label: '振込済', help: 'これまでに口座へ振り込んだ金額です' },
  { key: 'balance', label: '残高', help: 'お預かりしている売上の合計（確定待ち・振込予定・保留中）です' },
];

export function EarningsTotalsCards({ totals }: { totals: EarningsTotals | undefined }) {
  return (
    <FigureCards
      figures={TOTALS}
      values={totals as Record<string, number> | undefined}
      label="売上の合計"
      testIdPrefix="earnings-total"
      columns={{ xs: 2, wide: 5, breakpoint: 'sm' }}
    />
  );
}

export function EarningsPanel({
  queryKey,
  path,
  actions,
}: {
  queryKey: readonly unknown[];
  /** `/host/earnings` or `/admin/hosts/{id}/earnings`. */
  path: string;
  /** Beside the filters (the host's CSV button). */
  actions?: (filter: EarningsFilter) => React.ReactNode;
}) {
  const [filter, setFilter] = useState<EarningsFilter>({});
  const inverted = Boolean(filter.from && filter.to && filter.from > filter.to);
  const pages = useEarningsPages(queryKey, path, inverted ? { ...filter, to: undefined } : filter);
  const rows = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = pages.data?.pages[0]?.totals;

  return (
    <>
      <EarningsTotalsCards totals={totals} />
      <Box
        component="form"
        role="search"
        aria-label="売上の絞り込み"
        onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          label="体験日（から）"
          type="date"
          size="small"
          value={filter.from ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, from: e.target.value || undefined }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="体験日（まで）"
          type="date"
          size="small"
          value={filter.to ?? ''}
          error={inverted}
          helperText={inverted ? '「まで」の日付は「から」の日付以降にしてください' : undefined}
          onChange={(e) => setFilter((f) => ({ ...f, to: e.target.value || undefined }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="状態"
          size="small"
          value={filter.status ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as EarningsFilter['status'] }))}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">すべて</MenuItem>
          {earningsStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {earningsStatusText[s]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {actions?.(filter)}
      </Box>
      {pages.isError && (
        <RetryAlert onRetry={() => void pages.refetch()} sx={{ mb: 2 }}>
          売上を取得できませんでした。
        </RetryAlert>
      )}
      {/* A phone scrolls the table sideways rather than breaking references and amounts letter by letter. */}
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          aria-label="予約ごとの売上"
          sx={{ minWidth: 760, '& th, & td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>体験日時</TableCell>
              <TableCell>予約番号</TableCell>
              <TableCell>体験</TableCell>
              <TableCell align="right">売上</TableCell>
              <TableCell align="right">手数料</TableCell>
              <TableCell align="right">返金</TableCell>
              <TableCell align="right">受取額</TableCell>
              <TableCell>状態</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.isPending
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={8}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow key={row.bookingId} data-testid="earnings-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatSlotJa(row.tourDate, row.tourTime)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.reference}</TableCell>
                    <TableCell
                      sx={{
                        maxWidth: 240,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      <Tooltip title={row.experienceTitle}>
                        <span>{row.experienceTitle}</span>
                      </Tooltip>
                    </TableCell>
                    <TableCell align="right">{formatYen(row.gross)}</TableCell>
                    <TableCell align="right">{formatYen(row.platformFee)}</TableCell>
                    <TableCell align="right">{row.refunded > 0 ? formatYen(row.refunded) : '—'}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatYen(row.net)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {earningsRowStatus(row)}
                      {row.status === 'upcoming' && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {formatDateTimeJa(row.payableAt)} 以降に振込予定
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
            {!pages.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  該当する売上はまだありません。予約を承認すると、ここに売上が表示されます。
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pages.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? '読み込み中…' : 'さらに表示'}
          </Button>
        </Box>
      )}
    </>
  );
}
