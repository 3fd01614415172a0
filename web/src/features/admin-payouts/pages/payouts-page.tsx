/**
 * 支払 (DESIGN §4g): the ledger summary (from counters), the payouts by status with their host, and every host whose
 * payouts are held, with the reason, who held them and since when. Commission and holds are set on a host's page.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PayoutStatus } from '@domain/money';
import { FigureCards, type Figure } from '../../../components/back-office/figure-cards';
import { PageHeader } from '../../../components/back-office/page-header';
import { PayoutsTable } from '../../../components/back-office/payouts-table';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { payoutStatusText } from '../../../lib/back-office/money';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useAdminPayouts, useLedgerSummary, usePayoutHolds, type LedgerSummary } from '../api/payouts';

const SUMMARY: (Figure & { key: keyof LedgerSummary })[] = [
  { key: 'collected', label: '決済額', help: 'ゲストから受け取った金額の合計' },
  { key: 'refunded', label: '返金額', help: '返金とチャージバックの合計' },
  { key: 'platformFees', label: '手数料収入', help: 'プラットフォーム手数料（返金分を除く）' },
  { key: 'hostEarnings', label: 'ホスト売上', help: 'ホストの受取額の合計（返金分を除く）' },
  { key: 'paidOut', label: '振込済', help: 'ホストの口座へ振り込んだ合計' },
  { key: 'owedToHosts', label: '未払い残高', help: 'ホスト売上のうち、まだ振り込んでいない金額' },
  { key: 'onHold', label: '保留中', help: '異議申し立てで保留している売上' },
];

const TABS: (PayoutStatus | '')[] = ['', 'scheduled', 'paid', 'failed'];

function Summary() {
  const summary = useLedgerSummary();
  return (
    <>
      {summary.isError && (
        <RetryAlert onRetry={() => void summary.refetch()} sx={{ mb: 2 }}>
          集計を取得できませんでした。
        </RetryAlert>
      )}
      <FigureCards
        figures={SUMMARY}
        values={summary.data as Record<string, number> | undefined}
        label="台帳の集計"
        testIdPrefix="ledger"
        columns={{ xs: 2, wide: 4, breakpoint: 'md' }}
      />
    </>
  );
}

function Holds() {
  const holds = usePayoutHolds();
  const items = holds.data?.items;
  return (
    <Box component="section" aria-label="支払いを保留中のホスト" sx={{ mb: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        支払いを保留中のホスト
      </Typography>
      {holds.isError && (
        <RetryAlert onRetry={() => void holds.refetch()} sx={{ mb: 2 }}>
          保留中のホストを取得できませんでした。
        </RetryAlert>
      )}
      <Paper variant="outlined">
        {!items ? (
          <Box sx={{ p: 2 }}>
            <Skeleton />
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            保留中のホストはいません。
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {items.map((h) => (
              <Box
                component="li"
                key={h.hostId}
                sx={{ p: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              >
                <Link
                  component={RouterLink}
                  to={`/admin/hosts/${encodeURIComponent(h.hostId)}`}
                  sx={{ fontWeight: 700 }}
                >
                  {h.businessName || h.hostId}
                </Link>
                <Typography variant="body2">理由: {h.reason}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTimeJa(h.since)} から・{h.by}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

export function PayoutsPage() {
  useBackOfficePageMeta('支払');
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const payouts = useAdminPayouts(status);
  const rows = payouts.data?.pages.flatMap((p) => p.items);
  return (
    <>
      <PageHeader title="支払" subtitle="台帳の集計、ホストへの振込、保留" />
      <Summary />
      <Holds />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        振込
      </Typography>
      <Tabs
        value={status}
        onChange={(_e, value: PayoutStatus | '') => setStatus(value)}
        aria-label="振込の状態"
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        {TABS.map((s) => (
          <Tab key={s || 'all'} value={s} label={s ? payoutStatusText[s] : 'すべて'} />
        ))}
      </Tabs>
      {payouts.isError && (
        <RetryAlert onRetry={() => void payouts.refetch()} sx={{ mb: 2 }}>
          振込を取得できませんでした。
        </RetryAlert>
      )}
      <PayoutsTable
        payouts={rows}
        empty="該当する振込はありません。"
        hostCell={(p) => (
          <Link component={RouterLink} to={`/admin/hosts/${encodeURIComponent(p.hostId ?? '')}`}>
            {p.businessName || p.hostId}
          </Link>
        )}
      />
      {payouts.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void payouts.fetchNextPage()} disabled={payouts.isFetchingNextPage}>
            {payouts.isFetchingNextPage ? '読み込み中…' : 'さらに表示'}
          </Button>
        </Box>
      )}
    </>
  );
}
