/**
 * Approving a self-registered host (DESIGN §4d): the 「審査中」 badge of a host under review, and the approve button
 * behind a confirmation that says what approval does (the host may publish, and is told by mail).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { HostReviewStatus } from '@domain/entities';
import { adminMessages } from '@domain/schemas/admin';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useApproveHost } from '../api/hosts';

export const HOST_APPROVAL_FAILED = 'ホストの承認に失敗しました。もう一度お試しください。';

export function UnderReviewChip({ status }: { status: HostReviewStatus }) {
  return status === 'underReview' ? <Chip size="small" color="warning" label="審査中" /> : null;
}

/** The approve button of a host under review, with its confirmation. */
export function ApproveHostButton({ id, businessName }: { id: string; businessName: string }) {
  const approve = useApproveHost();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight();
  const working = flight.pending || approve.isPending;

  const confirm = async () => {
    setError(null);
    try {
      await approve.mutateAsync({ id });
      setOpen(false);
      toast({ severity: 'success', message: adminMessages.hostApproved });
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : HOST_APPROVAL_FAILED);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={(e) => {
          // The button sits in a clickable row that opens the host.
          e.stopPropagation();
          setOpen(true);
        }}
        sx={{ position: 'relative', zIndex: 1, whiteSpace: 'nowrap' }}
      >
        承認
      </Button>
      <Dialog
        open={open}
        onClose={working ? undefined : () => setOpen(false)}
        onClick={(e) => e.stopPropagation()}
        aria-labelledby={`approve-${id}`}
        maxWidth="sm"
      >
        <DialogTitle id={`approve-${id}`}>「{businessName}」を承認しますか？</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <DialogContentText>
            承認すると、このホストは体験を公開してゲストから予約リクエストを受け付けられるようになります。ホストには承認をお知らせするメールが送られます。
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={working}>
            キャンセル
          </Button>
          <Button variant="contained" onClick={() => void flight.run(confirm)} disabled={working}>
            {working ? <CircularProgress size={22} color="inherit" aria-label="承認中" /> : '承認する'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
