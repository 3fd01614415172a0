import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { formatDateTimeJa, formatTourJa, formatYen } from '../../lib/back-office/format';

/** The last three columns of both booking tables: 日時 (with 受付 below), 人数 and 金額. */
export function BookingSlotCells({
  booking,
}: {
  booking: { date: string; time: string; createdAt: string; guests: number; amount: number };
}) {
  return (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{formatTourJa(booking)}</Typography>
        <Typography variant="caption" color="text.secondary">
          受付 {formatDateTimeJa(booking.createdAt)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {booking.guests} 名
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatYen(booking.amount)}
      </TableCell>
    </>
  );
}
