/** An inquiry's status in Japanese, and the overdue mark (an icon and words, never colour alone). */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { inquiryStatusJa, type InquiryStatus } from '../../../lib/back-office/concierge';

const chipColour: Record<InquiryStatus, 'warning' | 'success' | 'info' | 'default'> = {
  new: 'warning',
  answered: 'success',
  waiting: 'info',
  closed: 'default',
};

export function InquiryStatusChip({ status }: { status: InquiryStatus }) {
  return (
    <Chip size="small" label={inquiryStatusJa[status] ?? '不明'} color={chipColour[status] ?? 'default'} />
  );
}

/** 期限超過 with a warning icon: readable without colour. */
export function OverdueMark() {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 700 }}
    >
      <WarningAmberIcon fontSize="small" aria-hidden />
      期限超過
    </Box>
  );
}
