import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBookingDate } from '@domain/calendar';
import { isOpenOffer, tokyoTime, type GuestOffer, type OfferStatus } from '../../../lib/concierge';
import { contentLang } from '../../../lib/i18n/content-lang';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';

const STATUS_KEYS: Record<OfferStatus, MessageKey> = {
  sent: 'offer.status.open',
  opened: 'offer.status.open',
  booked: 'offer.status.booked',
  expired: 'offer.status.expired',
  withdrawn: 'offer.status.withdrawn',
};

/** An offer of the conversation: what it is, its status in words, and the way to it while it is open. */
export function OfferCard({ offer }: { offer: GuestOffer }) {
  const { t, yen, locale } = useT();
  const open = isOpenOffer(offer.status);
  const titleId = `offer-${offer.id}-title`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        {offer.experience.image && (
          <Box
            component="img"
            src={offer.experience.image}
            alt=""
            width={320}
            height={180}
            sx={{ width: { xs: '100%', sm: 200 }, height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        )}
        <CardContent sx={{ flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography
              id={titleId}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700, flex: 1 }}
              lang={contentLang(offer.experience.title)}
            >
              {offer.experience.title}
            </Typography>
            <Chip size="small" color={open ? 'primary' : 'default'} label={t(STATUS_KEYS[offer.status])} />
          </Stack>
          <Typography>
            {formatBookingDate(offer.date, locale)} · {t('booking.japanTime', { time: offer.time })} ·{' '}
            {t('booking.people', { count: offer.guests })}
          </Typography>
          <Typography sx={{ fontWeight: 700, my: 0.5 }}>{yen(offer.totalAmount)}</Typography>
          {open && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('offer.validUntil', { time: tokyoTime(offer.expiresAt, locale) })}
              </Typography>
              <Button variant="contained" href={offer.url}>
                {t('offer.view')}
              </Button>
            </>
          )}
        </CardContent>
      </Stack>
    </Card>
  );
}
