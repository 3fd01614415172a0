/**
 * The host's payout account: its status, what is still missing (in Japanese), and the way to Stripe's onboarding
 * page (the local stand-in locally). A lapsed link brings the host back here with `?onboarding=refresh`, and a
 * fresh link is made at once, as Stripe recommends.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { payoutAccountStatusLabels, requirementLabels } from '@domain/payout-account';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { usePayoutAccount, useStartOnboarding } from '../api/earnings';

const STATUS_COLORS = {
  none: 'default',
  pending: 'warning',
  enabled: 'success',
  restricted: 'error',
} as const;

export function PayoutAccountPanel() {
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  const [params, setParams] = useSearchParams();
  const onboarding = params.get('onboarding');
  const refreshed = useRef(false);

  useEffect(() => {
    if (onboarding === 'refresh' && !refreshed.current) {
      refreshed.current = true;
      start.mutate();
    }
  }, [onboarding, start]);

  const data = account.data;
  const label =
    !data || data.status === 'none'
      ? '振込先を登録する'
      : data.status === 'enabled'
        ? '振込先を変更する'
        : '登録を続ける';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-labelledby="payout-account-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography id="payout-account-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
          振込先（決済アカウント）
        </Typography>
        {data ? (
          <Chip
            size="small"
            color={STATUS_COLORS[data.status]}
            label={payoutAccountStatusLabels[data.status]}
            data-testid="payout-account-status"
          />
        ) : (
          <Skeleton width={64} />
        )}
        {data?.bankLast4 && (
          <Typography variant="body2" color="text.secondary">
            口座番号 末尾 {data.bankLast4}
          </Typography>
        )}
      </Box>
      {onboarding === 'done' && data?.status === 'enabled' && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setParams({}, { replace: true })}>
          振込先の登録が完了しました。体験を公開して予約を受け付けられます。
        </Alert>
      )}
      {account.isError && (
        <RetryAlert onRetry={() => void account.refetch()} sx={{ mb: 2 }}>
          振込先の状態を取得できませんでした。
        </RetryAlert>
      )}
      {start.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          登録ページを開けませんでした。しばらくしてからもう一度お試しください。
        </Alert>
      )}
      {data && data.status !== 'enabled' && (
        <Alert severity={data.status === 'restricted' ? 'error' : 'warning'} sx={{ mb: 2 }}>
          <AlertTitle>
            {data.status === 'none'
              ? '売上を受け取るには振込先の登録が必要です'
              : data.status === 'restricted'
                ? '決済アカウントが制限されています'
                : '振込先の登録が完了していません'}
          </AlertTitle>
          {data.status === 'none'
            ? '体験を公開するには、本人確認と売上の振込先口座の登録（Stripe）を完了してください。'
            : '次の項目をご提出ください。'}
          {data.requirements.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
              {requirementLabels(data.requirements).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {data && data.status === 'enabled' && !data.payoutsEnabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          振込先の口座に振り込めませんでした。口座情報を確認し、登録し直してください。
        </Alert>
      )}
      <Button
        variant={data?.status === 'enabled' ? 'outlined' : 'contained'}
        onClick={() => start.mutate()}
        disabled={start.isPending || !data}
      >
        {start.isPending ? '登録ページを開いています…' : label}
      </Button>
    </Paper>
  );
}
