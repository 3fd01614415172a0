import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const DELETE_TITLE = 'この体験を削除しますか？';
export const DELETE_TEXT = 'この操作は取り消せません。本当に削除してもよろしいですか？';
export const DELETE_BLOCKED =
  '承認待ちのリクエストまたは今後の確定予約があるため、この体験は削除できません。新しい予約を止めるには、削除の代わりに「非公開」に設定してください。';

/**
 * Back-office spec §2: 'Delete this experience?' / 'This action cannot be undone…' with cancel and delete. A refusal
 * because of open bookings (409) is explained, with the way out: unpublish instead.
 */
export function DeleteExperienceDialog({
  open,
  titles,
  deleting,
  error,
  onCancel,
  onConfirm,
  onUnpublish,
}: {
  open: boolean;
  /** The experiences about to go (one, or the selected ones). */
  titles: string[];
  deleting: boolean;
  error: { message: string; blocked: boolean } | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Shown with a 409: opens the experience to set it private. */
  onUnpublish?: () => void;
}) {
  return (
    <Dialog open={open} onClose={deleting ? undefined : onCancel} aria-labelledby="delete-experience-title">
      <DialogTitle id="delete-experience-title">{DELETE_TITLE}</DialogTitle>
      <DialogContent>
        {titles.length > 0 && (
          <DialogContentText sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
            {titles.join('、')}
          </DialogContentText>
        )}
        <DialogContentText>{DELETE_TEXT}</DialogContentText>
        {error && (
          <Alert severity={error.blocked ? 'warning' : 'error'} sx={{ mt: 2 }} role="alert">
            {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          キャンセル
        </Button>
        {error?.blocked && onUnpublish ? (
          <Button variant="contained" onClick={onUnpublish}>
            非公開に設定する
          </Button>
        ) : (
          <Button variant="contained" color="error" onClick={onConfirm} disabled={deleting}>
            {deleting ? <CircularProgress size={22} color="inherit" aria-label="削除中" /> : '削除する'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
