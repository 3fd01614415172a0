import Chip from '@mui/material/Chip';
import { offerStatusJa, type OfferStatus } from '../../lib/back-office/concierge';

const colour: Record<OfferStatus, 'info' | 'warning' | 'success' | 'default'> = {
  sent: 'info',
  opened: 'warning',
  booked: 'success',
  expired: 'default',
  withdrawn: 'default',
};

/** An offer's status (送信済み, 開封済み, 予約済み, 期限切れ, 取り下げ済み); an unknown value shows as 不明. */
export function OfferStatusChip({ status }: { status: OfferStatus }) {
  const known = Object.hasOwn(offerStatusJa, status);
  return (
    <Chip
      size="small"
      label={known ? offerStatusJa[status] : '不明'}
      color={known ? colour[status] : 'default'}
      variant={status === 'expired' || status === 'withdrawn' ? 'outlined' : 'filled'}
    />
  );
}

/** 「コンシェルジュ経由」: a booking paid through a concierge's offer (DESIGN §4h). */
export function ViaConciergeChip() {
  return <Chip size="small" color="secondary" variant="outlined" label="コンシェルジュ経由" />;
}
