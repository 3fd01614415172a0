/**
 * Asked before saving new opening hours or holidays that leave bookings outside them (issue 21 item 1): which
 * bookings, and that they stay valid and visible in the calendar and the booking list.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { BackOfficeBooking } from '@domain/back-office-views';
import { backOfficeStatusLabel } from '@domain/booking-status-labels';
import { formatTourJa, guestName } from '../../../lib/back-office/format';

export const RULE_CHANGE_TITLE = '営業時間外になる予約があります';
export const RULE_CHANGE_TEXT =
  '新しい営業時間・定休日では、次の予約の時間が営業時間外になります。保存しても予約は取り消されず、カレンダーと予約一覧に表示されたまま有効です。必要ならお客様にご連絡ください。';

export function RuleChangeDialog({
  bookings,
  onCancel,
  onConfirm,
}: {
  bookings: readonly BackOfficeBooking[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="rule-change-title" fullWidth maxWidth="sm">
      <DialogTitle id="rule-change-title">{RULE_CHANGE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{RULE_CHANGE_TEXT}</DialogContentText>
        <List aria-label="営業時間外になる予約" dense>
          {bookings.map((b) => (
            <ListItem key={b.id} disableGutters>
              <ListItemText
                primary={`${formatTourJa(b)} ・ ${guestName(b)} 様（${b.guests}名）`}
                secondary={`予約番号 ${b.reference}・${backOfficeStatusLabel(b.status)}`}
              />
            </ListItem>
          ))}
        </List>
        <Alert severity="info">新しい営業時間は、これから入る予約にだけ適用されます。</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>キャンセル</Button>
        <Button variant="contained" onClick={onConfirm}>
          予約を残して保存する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
