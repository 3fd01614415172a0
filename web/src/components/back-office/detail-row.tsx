import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Booking } from '@domain/entities';
import { cancellationRows } from '../../lib/back-office/cancel-booking-dialog';

/**
 * A label and its value in the back office's detail views (a booking, a host), as a description list's term and
 * details: on a phone the value goes under its label. Inside a `DetailList`.
 */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The description list `DetailRow`s stand in. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}

/** What became of a booking, as detail rows: the host's reason for a denial, the facts of a cancellation. */
export function BookingOutcomeRows({ booking }: { booking: Booking }) {
  const rows = cancellationRows(booking);
  if (booking.status === 'denied' && booking.deniedMessage) rows.unshift(['否認理由', booking.deniedMessage]);
  return rows.map(([label, value]) => (
    <DetailRow key={label} label={label}>
      {value}
    </DetailRow>
  ));
}
