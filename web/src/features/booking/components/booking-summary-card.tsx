import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBookingDate } from '@domain/calendar';
import { languageName } from '@domain/languages';
import { formatDuration, formatSpan } from '@domain/tour-span';
import type { BookingData } from '../../../lib/booking-data';
import { useT } from '../../../lib/i18n/i18n';
import { contentLang } from '../../../lib/i18n/content-lang';

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
  durationMinutes,
}: {
  data: BookingData;
  title: string;
  image: string | undefined;
  /** The tour's length (DESIGN §4j): the time row says start–end. */
  durationMinutes: number;
}) {
  const { t, yen, locale } = useT();
  return (
    <Card variant="outlined" component="section" aria-label={t('booking.summary')}>
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
        <Typography variant="h6" component="h2" gutterBottom lang={contentLang(title)}>
          {title}
        </Typography>
        <Stack spacing={1}>
          <Row label={t('booking.date')} value={formatBookingDate(data.date, locale)} />
          <Row
            label={t('booking.time')}
            value={t('booking.japanTime', { time: formatSpan(data.time, durationMinutes) })}
          />
          <Row label={t('booking.duration')} value={formatDuration(durationMinutes, locale)} />
          <Row label={t('booking.guests')} value={t('booking.people', { count: data.guests })} />
          <Row label={t('booking.tourLanguageLong')} value={languageName(data.language, locale)} />
          <Row label={t('booking.pricePerPerson')} value={yen(data.unitPrice)} />
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }}>{t('booking.total')}</Typography>
          <Typography sx={{ fontWeight: 700 }}>{yen(data.totalPrice)}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
