import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBookingDate } from '@domain/calendar';
import { languageName } from '@domain/languages';
import { formatJpy, participantLabel } from '@domain/pricing';
import type { BookingData } from '../../../lib/booking-data';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}

/** Guest spec §2: the booking summary of `/booking-form`. */
export function BookingSummaryCard({
  data,
  title,
  image,
}: {
  data: BookingData;
  title: string;
  image: string | undefined;
}) {
  return (
    <Card variant="outlined" component="section" aria-label="Booking summary">
      {image && (
        <Box
          component="img"
          src={image}
          alt=""
          width={600}
          height={338}
          sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
        />
      )}
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={1}>
          <Row label="Date" value={formatBookingDate(data.date, 'en')} />
          <Row label="Time" value={`${data.time} (Japan time)`} />
          <Row label="Guests" value={participantLabel(data.guests)} />
          <Row label="Tour language" value={languageName(data.language, 'en')} />
          <Row label="Price per person" value={formatJpy(data.unitPrice)} />
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }}>Total</Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatJpy(data.totalPrice)}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
