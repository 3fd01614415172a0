/**
 * 売上・支払 of one host (DESIGN §4g): the commission (whole percent, 0–50; requests already made keep theirs), the
 * payout account's status, a hold of every payout with its reason (who and when is recorded), the host's
 * earnings as the host sees them, and the host's invoice registration number and monthly statements (issue 28).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminHostView } from '@domain/back-office-views';
import { invoiceRegistrantKindLabels } from '@domain/invoice-registration';
import { COMMISSION_MESSAGE, MAX_COMMISSION_PERCENT } from '@domain/money';
import { payoutAccountStatusLabels } from '@domain/payout-account';
import { EarningsPanel } from '../../../components/back-office/earnings-panel';
import { StatementsPanel } from '../../../components/back-office/statements-panel';
import { ApiError } from '../../../lib/api-client';
import { ADMIN_QUERY_ROOT } from '../../../lib/back-office/admin-account';
import { formatDateTimeJa } from '../../../lib/back-office/format';
import { useToast } from '../../../lib/toast';
import { usePayoutHold, useSetCommission } from '../api/hosts';

const HOLD_REASON_MISSING = '保留の理由を入力してください';

function CommissionForm({ host }: { host: AdminHostView }) {
  const [value, setValue] = useState(String(host.commissionPercent));
  const [error, setError] = useState<string | null>(null);
  const set = useSetCommission();
  const toast = useToast();
  const submit = async () => {
    const percent = Number(value);
    if (
      value.trim() === '' ||
      !Number.isInteger(percent) ||
      percent < 0 ||
      percent > MAX_COMMISSION_PERCENT
    ) {
      setError(COMMISSION_MESSAGE);
      return;
    }
    setError(null);
    try {
      await set.mutateAsync({ id: host.id, percent });
      toast({
        severity: 'success',
        message: `手数料率を ${percent}% にしました。これからの予約に適用されます。`,
      });
    } catch (e) {
      setError(
        e instanceof ApiError && e.fields?.percent ? e.fields.percent : '手数料率を保存できませんでした。',
      );
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label="手数料率"
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? '予約金額に対する割合（整数）。すでにリクエスト済みの予約には影響しません。'}
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'aria-label': '手数料率（%）' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
        sx={{ width: 260 }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={set.isPending || value === String(host.commissionPercent)}
      >
        {set.isPending ? '保存中…' : '保存'}
      </Button>
    </Box>
  );
}

function HoldDialog({ host, open, onClose }: { host: AdminHostView; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hold = usePayoutHold();
  const toast = useToast();
  const confirm = async () => {
    if (!reason.trim()) {
      setError(HOLD_REASON_MISSING);
      return;
    }
    try {
      await hold.mutateAsync({ id: host.id, reason: reason.trim() });
      toast({ severity: 'success', message: '支払いを保留しました。' });
      setReason('');
      setError(null);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.reason ?? e.message) : '保留できませんでした。');
    }
  };
  return (
    <Dialog
      open={open}
      onClose={hold.isPending ? undefined : onClose}
      aria-labelledby="hold-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="hold-title">{host.businessName} への支払いを保留</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          保留中は振込を行いません（売上は引き続き記録されます）。理由はホストにも表示されます。
        </Typography>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label="保留の理由"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={hold.isPending}>
          キャンセル
        </Button>
        <Button color="warning" variant="contained" onClick={() => void confirm()} disabled={hold.isPending}>
          {hold.isPending ? '保留しています…' : '保留する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function HostMoneySection({ host }: { host: AdminHostView }) {
  const [holding, setHolding] = useState(false);
  const release = usePayoutHold();
  const toast = useToast();
  return (
    <Paper variant="outlined" component="section" aria-label="売上・支払" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          売上・支払
        </Typography>
        <Chip
          size="small"
          label={`決済アカウント: ${payoutAccountStatusLabels[host.payoutAccount.status]}`}
          color={host.payoutAccount.status === 'enabled' ? 'success' : 'warning'}
        />
      </Box>
      {host.payoutHold ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={release.isPending}
              onClick={() =>
                release.mutate(
                  { id: host.id, reason: null },
                  {
                    onSuccess: () => toast({ severity: 'success', message: '支払いの保留を解除しました。' }),
                    onError: () => toast({ severity: 'error', message: '保留を解除できませんでした。' }),
                  },
                )
              }
            >
              {release.isPending ? '解除しています…' : '保留を解除'}
            </Button>
          }
        >
          {formatDateTimeJa(host.payoutHold.since)} から支払いを保留中（{host.payoutHold.by}）:{' '}
          {host.payoutHold.reason}
        </Alert>
      ) : (
        <Box sx={{ mb: 2 }}>
          <Button variant="outlined" color="warning" onClick={() => setHolding(true)}>
            支払いを保留する
          </Button>
        </Box>
      )}
      <CommissionForm key={host.commissionPercent} host={host} />
      <Box sx={{ mt: 3 }}>
        <EarningsPanel
          queryKey={[...ADMIN_QUERY_ROOT, 'payouts', 'host-earnings', host.id]}
          path={`/admin/hosts/${encodeURIComponent(host.id)}/earnings`}
        />
      </Box>
      <Box sx={{ mt: 3 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 0.5 }}>
          支払通知書
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="host-invoice-number">
          ホストの登録番号（インボイス）:{' '}
          {host.invoiceRegistrationNumber
            ? `${host.invoiceRegistrationNumber}（${invoiceRegistrantKindLabels[host.invoiceRegistrant ?? 'corporation']}）`
            : '未登録'}
        </Typography>
        <StatementsPanel
          queryKey={[...ADMIN_QUERY_ROOT, 'payouts', 'host-earnings', host.id]}
          path={`/admin/hosts/${encodeURIComponent(host.id)}/statements`}
        />
      </Box>
      <HoldDialog host={host} open={holding} onClose={() => setHolding(false)} />
    </Paper>
  );
}
