import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBookingDate } from '@domain/calendar';
import { formatDuration, formatSpan } from '@domain/tour-span';
import { tokyoTime, type OfferDetail } from '../../../lib/concierge';
import { contentLang } from '../../../lib/i18n/content-lang';
import { useT } from '../../../lib/i18n/i18n';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}

/** The offer as the concierge made it (DESIGN §4h): experience, date, the tour's span, guests, the total in yen. */
export function OfferSummaryCard({ offer }: { offer: OfferDetail }) {
  const { t, yen, locale } = useT();
  return (
    <Card variant="outlined" component="section" aria-label={t('offer.summary')}>
      {offer.experience.image && (
        <Box
          component="img"
          src={offer.experience.image}
          alt=""
          width={600}
          height={338}
          sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
        />
      )}
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom lang={contentLang(offer.experience.title)}>
          {offer.experience.title}
        </Typography>
        <Stack spacing={1}>
          <Row label={t('booking.date')} value={formatBookingDate(offer.date, locale)} />
          <Row
            label={t('booking.time')}
            value={t('booking.japanTime', { time: formatSpan(offer.time, offer.durationMinutes) })}
          />
          <Row label={t('booking.duration')} value={formatDuration(offer.durationMinutes, locale)} />
          <Row label={t('booking.guests')} value={t('booking.people', { count: offer.guests })} />
        </Stack>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }}>{t('booking.total')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="offer-total">
            {yen(offer.totalAmount)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('offer.validUntil', { time: tokyoTime(offer.expiresAt, locale) })}
        </Typography>
      </CardContent>
    </Card>
  );
}
