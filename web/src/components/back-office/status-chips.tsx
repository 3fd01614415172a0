import Chip from '@mui/material/Chip';
import {
  backOfficeStatusLabel,
  bookingStatusPresentation,
  statusColour,
  type StatusColour,
} from '@domain/booking-status-labels';
import type { BookingStatus, PublicationStatus } from '@domain/entities';

const chipColour: Record<StatusColour, 'warning' | 'success' | 'error' | 'default' | 'info'> = {
  amber: 'warning',
  green: 'success',
  red: 'error',
  grey: 'default',
  blue: 'info',
};

/**
 * The status column of the host's and the admin's booking tables: wide enough for the longest label,
 * 「キャンセル済み」, whole (issue 32 item 12: it showed as 「キャンセ…」).
 */
export const STATUS_COLUMN_WIDTH = 148;

/** A booking's status in the back office (承認待ち, 承認済み, 否認, …); an unknown value shows as 不明. */
export function BookingStatusChip({ status }: { status: BookingStatus | string }) {
  const known = Object.hasOwn(bookingStatusPresentation, status);
  return (
    <Chip
      size="small"
      label={known ? backOfficeStatusLabel(status as BookingStatus) : '不明'}
      color={known ? chipColour[statusColour(status as BookingStatus)] : 'default'}
      variant={known && status !== 'awaiting_payment' ? 'filled' : 'outlined'}
    />
  );
}

/**
 * Back-office spec §2: public is 'published' (green), private 'unpublished' (grey), other values show no badge.
 */
export function PublicationChip({ status }: { status: PublicationStatus | string }) {
  if (status === 'public') return <Chip size="small" color="success" label="公開中" />;
  if (status === 'private') return <Chip size="small" label="非公開" />;
  return null;
}
