/**
 * Suspending and reinstating a host (issue 10 item 5), each behind a confirmation that says what it does: while
 * suspended the host cannot sign in, their experiences leave every guest page (keeping their own publication
 * setting, so reinstating brings back exactly what was public), and their open requests wait for an admin's answer
 * or their deadline. The note is for the other admins only; the host never sees it.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ADMIN_SUSPENSION_REASON_MAX_LENGTH } from '@domain/schemas/admin';

export const SUSPENSION_MESSAGES = {
  suspended: 'ホストを停止しました',
  reinstated: 'ホストを再開しました',
} as const;

export function SuspendDialog({
  open,
  businessName,
  pendingCount,
  working,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  businessName: string;
  pendingCount: number;
  working: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onClose={working ? undefined : onCancel}
      aria-labelledby="suspend-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id="suspend-title">「{businessName}」を停止しますか？</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText component="ul" sx={{ pl: 2.5, mt: 0 }}>
          <li>ホストはログインできなくなります（ログイン中の画面も使えなくなります）。</li>
          <li>
            ホストの体験はゲスト向けの一覧・検索・詳細ページに表示されず、予約もできなくなります。
            ゲストの画面への反映には最大30秒かかります。
          </li>
          <li>体験の公開設定はそのまま残り、再開すると停止前の状態に戻ります。</li>
          <li>
            {pendingCount > 0
              ? `回答待ちのリクエスト ${pendingCount} 件は、このホストの画面から管理者が承認・否認できます（回答しなければ期限で自動的にキャンセルされます）。`
              : '回答待ちのリクエストはありません。'}
          </li>
        </DialogContentText>
        <TextField
          label="停止の理由（管理者用メモ・任意）"
          multiline
          minRows={2}
          fullWidth
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          helperText={`ホストには表示されません。${ADMIN_SUSPENSION_REASON_MAX_LENGTH}文字以内`}
          slotProps={{ htmlInput: { maxLength: ADMIN_SUSPENSION_REASON_MAX_LENGTH } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={working}>
          キャンセル
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={working}
          onClick={() => onConfirm(reason.trim() || null)}
        >
          {working ? <CircularProgress size={22} color="inherit" aria-label="停止中" /> : '停止する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ReinstateDialog({
  open,
  businessName,
  working,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  businessName: string;
  working: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={working ? undefined : onCancel}
      aria-labelledby="reinstate-title"
      maxWidth="sm"
    >
      <DialogTitle id="reinstate-title">「{businessName}」を再開しますか？</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          ホストは再びログインできるようになり、公開設定の体験がゲスト向けページに再び表示されます（反映には最大30秒かかります）。
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={working}>
          キャンセル
        </Button>
        <Button variant="contained" disabled={working} onClick={onConfirm}>
          {working ? <CircularProgress size={22} color="inherit" aria-label="再開中" /> : '再開する'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
