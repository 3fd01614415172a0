import type { Blocker } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LEAVE_TEXT, LEAVE_TITLE } from '../hooks/use-unsaved-changes-warning';

/** The question of a blocked in-app navigation away from a form with unsaved changes (issue 21 item 3). */
export function LeaveFormDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog open onClose={() => blocker.reset()} aria-labelledby="leave-form-title">
      <DialogTitle id="leave-form-title">{LEAVE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{LEAVE_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => blocker.reset()} autoFocus>
          編集を続ける
        </Button>
        <Button color="error" onClick={() => blocker.proceed()}>
          変更を破棄して移動
        </Button>
      </DialogActions>
    </Dialog>
  );
}
