/**
 * 売上・振込 (DESIGN §4g, §6 wave 4): the payout account, the totals, earnings per booking (gross, fee, refunds,
 * net) with a CSV for Excel, the payouts with their dates and status, and a 支払通知書 (PDF) per month (issue 28). A hold of the host's payouts is said
 * first, with the reason the admin gave.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { EarningsPanel } from '../../../components/back-office/earnings-panel';
import { PageHeader } from '../../../components/back-office/page-header';
import { PayoutsTable } from '../../../components/back-office/payouts-table';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { StatementsPanel } from '../../../components/back-office/statements-panel';
import { downloadBlob } from '../../../lib/download';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useToast } from '../../../lib/toast';
import { EARNINGS_KEY, useEarningsCsv, useHostPayouts } from '../api/earnings';
import { PayoutAccountPanel } from '../components/payout-account-panel';

export function EarningsPage() {
  useBackOfficePageMeta('売上・振込');
  const me = useHostMe();
  const payouts = useHostPayouts();
  const csv = useEarningsCsv();
  const toast = useToast();
  const hold = me.data?.payoutHold;

  return (
    <>
      <PageHeader title="売上・振込" subtitle="体験の売上、手数料、返金と、口座への振込" />
      {hold && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>振込を一時停止しています</AlertTitle>
          {formatDateTimeJa(hold.since)} から、運営の確認のため振込を停止しています（理由: {hold.reason}
          ）。売上は引き続き記録されます。ご不明な点は運営までお問い合わせください。
        </Alert>
      )}
      <PayoutAccountPanel />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        予約ごとの売上
      </Typography>
      <EarningsPanel
        queryKey={[...EARNINGS_KEY, 'rows']}
        path="/host/earnings"
        actions={(filter) => (
          <Button
            variant="outlined"
            disabled={csv.isPending}
            onClick={() =>
              csv.mutate(filter, {
                onSuccess: (blob) =>
                  downloadBlob(`売上_${filter.from ?? '開始'}_${filter.to ?? '現在'}.csv`, blob),
                onError: () => toast({ severity: 'error', message: 'CSVを作成できませんでした。' }),
              })
            }
          >
            {csv.isPending ? 'CSVを作成中…' : 'CSVダウンロード'}
          </Button>
        )}
      />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mt: 4, mb: 1.5 }}>
        振込履歴
      </Typography>
      {payouts.isError && (
        <RetryAlert onRetry={() => void payouts.refetch()} sx={{ mb: 2 }}>
          振込履歴を取得できませんでした。
        </RetryAlert>
      )}
      <PayoutsTable
        payouts={payouts.data?.items}
        empty="まだ振込はありません。体験の終了から48時間後の朝に、振込予定の売上をまとめてお振り込みします。"
      />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mt: 4, mb: 0.5 }}>
        支払通知書
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        月ごとの売上・手数料・返金・振込の明細です。プラットフォーム手数料の適格請求書を兼ねています。
        {me.data?.invoiceRegistrationNumber
          ? `あなたの登録番号（${me.data.invoiceRegistrationNumber}）も記載されます。`
          : '登録番号はプロフィール設定で登録できます。'}
      </Typography>
      <StatementsPanel queryKey={EARNINGS_KEY} path="/host/statements" />
    </>
  );
}
