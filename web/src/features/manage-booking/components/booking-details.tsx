import { Link as RouterLink } from 'react-router';
import { durationOf, formatDuration, formatSpan } from '@domain/tour-span';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { bookingStatusPresentation, type StatusColour } from '@domain/booking-status';
import { formatBookingDate } from '@domain/calendar';
import { languageName } from '@domain/languages';
import { formatPhoneInternational } from '@domain/phone';
import { CancellationPolicy } from '../../../components/cancellation-policy';
import { MeetingPointMap } from '../../../components/meeting-point-map';
import { addressOrFallback, hasMeetingPoint } from '@domain/address';
import { useToast } from '../../../lib/toast';
import type { LookupBookingResult } from '@domain/booking-views';
import { personName } from '@domain/person-name';
import { useT } from '../../../lib/i18n/i18n';
import { contentLang } from '../../../lib/i18n/content-lang';
import { addressLang } from '../../../lib/address';

/** Guest spec §4: Requesting yellow, Confirmed green, Unapproved red, anything else grey. */
const CHIP_COLOURS: Record<StatusColour, { bg: string; fg: string }> = {
  amber: { bg: '#fff3cd', fg: '#7a5200' },
  green: { bg: '#d9f2e0', fg: '#1d5f33' },
  red: { bg: '#fbdcdc', fg: '#8a1c1c' },
  grey: { bg: '#e8eaeb', fg: '#3b4449' },
  blue: { bg: '#dbeafe', fg: '#1e3a8a' },
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ typography: 'body1', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function StatusChip({ status }: { status: LookupBookingResult['booking']['status'] }) {
  const presentation = bookingStatusPresentation[status];
  const colours = CHIP_COLOURS[presentation.colour];
  const { t } = useT();
  return (
    <Chip
      label={t(`status.${status}`)}
      data-testid="booking-status"
      sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 700 }}
    />
  );
}

/** Guest spec §2, Booking Details: the booking id, a summary card and the details of the booking. */
export function BookingDetails({
  result,
  cancellation,
  receipt,
}: {
  result: LookupBookingResult;
  /** The cancellation section (the lookup page's; absent elsewhere). */
  cancellation?: React.ReactNode;
  /** The receipt download (the lookup page's, once something was charged; issue 28). */
  receipt?: React.ReactNode;
}) {
  const { booking, experience } = result;
  const toast = useToast();
  const { t, yen, locale, path } = useT();
  const address = experience ? addressOrFallback(experience, locale) : null;
  /** The words of the copy button around the address (`manage.copyAddress`), for its accessible name. */
  const copyLabel = t('manage.copyAddress', { address: '\u0000' }).split('\u0000');

  async function copyAddress(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ message: t('manage.copied'), severity: 'success' });
    } catch {
      toast({ message: t('manage.copyFailed'), severity: 'error' });
    }
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="p">
        {t('manage.bookingIdLabel')} <strong data-testid="booking-reference">{booking.reference}</strong>
      </Typography>
      <Card variant="outlined" component="section" aria-label={t('booking.summary')}>
        <CardContent>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}
          >
            <Typography variant="h6" component="h2">
              {experience ? (
                <Link
                  component={RouterLink}
                  to={path(`/experience/${experience.id}`)}
                  lang={contentLang(experience.title)}
                >
                  {experience.title}
                </Link>
              ) : (
                t('manage.noLongerAvailable')
              )}
            </Typography>
            <StatusChip status={booking.status} />
          </Stack>
          <Row label={t('booking.date')}>{formatBookingDate(booking.date, locale)}</Row>
          <Row label={t('booking.time')}>
            {t('booking.japanTime', { time: formatSpan(booking.time, durationOf(booking)) })}
          </Row>
          <Row label={t('booking.duration')}>{formatDuration(durationOf(booking), locale)}</Row>
          <Row label={t('booking.guests')}>{t('booking.people', { count: booking.guests })}</Row>
          <Row label={t('booking.tourLanguageLong')}>{languageName(booking.language, locale)}</Row>
          <Divider sx={{ my: 1 }} />
          <Row label={t('booking.total')}>
            <strong data-testid="booking-amount">{yen(booking.amount)}</strong>
          </Row>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-label={t('manage.details')}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('manage.details')}
          </Typography>
          <Row label={t('manage.experience')}>
            <span lang={contentLang(experience?.title)}>{experience?.title ?? '—'}</span>
          </Row>
          <Row label={t('manage.host')}>
            <span lang={contentLang(experience?.businessName)}>{experience?.businessName ?? '—'}</span>
          </Row>
          {/* Family name first for a name in Japanese script (issue 32 item 8). */}
          <Row label={t('manage.name')}>
            <span lang={contentLang(booking.lastName)}>{personName(booking)}</span>
          </Row>
          <Row label={t('guest.email')}>{booking.email}</Row>
          <Row label={t('guest.phone')}>{formatPhoneInternational(booking.phone)}</Row>
          <Row label={t('manage.requests')}>{booking.specialRequests ?? t('manage.none')}</Row>
          {address && experience && (
            <Row label={t('detail.meetingPoint')}>
              <ButtonBase
                onClick={() => void copyAddress(address)}
                sx={{
                  textAlign: 'left',
                  borderRadius: 1,
                  gap: 1,
                  p: 0.5,
                  ml: -0.5,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                {/* Named from its content ("Copy the address: …"), so the host-written address keeps its own
                    language mark (an aria-label could not carry it; issue 32 item 6). */}
                <Box component="span" sx={visuallyHidden}>
                  {copyLabel[0]}
                </Box>
                <span lang={addressLang(experience, address)}>{address}</span>
                <Box component="span" sx={visuallyHidden}>
                  {copyLabel[1]}
                </Box>
                <ContentCopyIcon fontSize="small" aria-hidden />
              </ButtonBase>
            </Row>
          )}
          {experience && hasMeetingPoint(experience) && address && (
            <Box sx={{ mt: 2 }}>
              <MeetingPointMap address={experience} addressText={address} />
            </Box>
          )}
          <Box sx={{ mt: 3 }}>
            <CancellationPolicy
              policy={experience?.cancellationPolicy}
              rule={booking.refundRule}
              collapsible={false}
            />
          </Box>
        </CardContent>
      </Card>
      {receipt && (
        <Card variant="outlined">
          <CardContent>{receipt}</CardContent>
        </Card>
      )}
      {cancellation && (
        <Card variant="outlined">
          <CardContent>{cancellation}</CardContent>
        </Card>
      )}
      <Box>
        <Button component={RouterLink} to={path('/')} variant="contained">
          {t('notFound.home')}
        </Button>
      </Box>
    </Stack>
  );
}
