import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { durationOf, formatDuration } from '@domain/tour-span';
import { responsiveImage } from '@domain/images';
import { excerpt } from '@domain/text-excerpt';
import { CancellationPolicy } from '../../../components/cancellation-policy';
import { MeetingPointMap } from '../../../components/meeting-point-map';
import { NotFoundView } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { VideoEmbed } from '../../../components/video-embed';
import { addressOrFallback, hasMeetingPoint } from '@domain/address';
import { addressLang, cardLocation } from '../../../lib/address';
import { DETAIL_BLOCK_SIZES } from '../../../lib/image-sizes';
import { ApiError } from '../../../lib/api-client';
import { externalLinkProps, useExternalLinks } from '../../../lib/external-link';
import { useExperience, type ExperienceDetail } from '../../../lib/catalogue-api';
import { renderedOnServer } from '../../../app/hydration';
import { usePageMeta } from '../../../lib/page-meta';
import { RatingSummaryText } from '../../../components/rating-summary';
import { AboutHost } from '../components/about-host';
import { ExperienceReviews } from '../components/experience-reviews';
import { PhotoGallery } from '../components/photo-gallery';
import { StickyBookingBar } from '../components/sticky-booking-bar';
import { useT } from '../../../lib/i18n/i18n';
import { contentLang } from '../../../lib/i18n/content-lang';
import { earlyTap, keepTap } from '../../../lib/early-taps';
import { useWhenReached } from '../../../lib/when-reached';
import { BOOKING_NEXT_TAP } from '../components/booking-next-tap';
import { useApi } from '../../../app/api';
import { useQueryClient } from '@tanstack/react-query';
import { bookableWindow } from '@domain/calendar';
import { availabilityQuery } from '../../../lib/catalogue-api';

/**
 * The booking request form brings the date picker, date-fns and the form's fields (about a third of the page's
 * code). It loads when the guest gets to it (issue 34: near the viewport, or their first scroll, tap or key press),
 * never before the first paint; the server's HTML holds its placeholder, with the same id and heading (so 'Request
 * Booking' can scroll to it and focus it) and its "Next" button, whose early tap the form replays once it is in.
 */
const BookingRequestForm = lazy(async () => ({
  default: (await import('../components/booking-request-form')).BookingRequestForm,
}));

function BookingRequestPlaceholder() {
  const { t } = useT();
  return (
    <Paper
      component="section"
      id="booking-request"
      aria-labelledby="booking-request-title"
      aria-busy
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, minHeight: 640, display: 'flex', flexDirection: 'column' }}
    >
      <Typography id="booking-request-title" variant="h5" component="h2" gutterBottom tabIndex={-1}>
        {t('booking.requestTitle')}
      </Typography>
      <PageLoader label={t('detail.loadingForm')} minHeight={240} />
      {/* The form's own button stands here (it asks for a date first): a tap is kept and replayed by the form. */}
      <Button
        variant="contained"
        size="large"
        sx={{ mt: 'auto' }}
        {...earlyTap(BOOKING_NEXT_TAP)}
        // Hydrated, the placeholder keeps the tap itself (the first tap also starts loading the form).
        onClick={() => keepTap(BOOKING_NEXT_TAP)}
      >
        {t('booking.next')}
      </Button>
    </Paper>
  );
}

const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

function DetailBlock({
  heading,
  text,
  image,
}: {
  heading: string | null;
  text: string | null;
  image: string | null;
}) {
  if (!heading && !text) return null;
  const lang = contentLang(heading ?? text);
  const photo = image ? responsiveImage(image, DETAIL_BLOCK_SIZES) : null;
  return (
    <Box component="section" lang={lang}>
      {heading && (
        <Typography variant="h5" component="h2" gutterBottom>
          {heading}
        </Typography>
      )}
      {photo && (
        <Box
          component="img"
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={photo.sizes}
          alt={heading ?? ''}
          width={photo.width ?? 800}
          height={photo.height ?? 500}
          loading="lazy"
          sx={{
            width: '100%',
            height: 'auto',
            borderRadius: 2,
            mb: 2,
            objectFit: 'cover',
            aspectRatio: '16 / 10',
          }}
        />
      )}
      {text && <Typography sx={{ whiteSpace: 'pre-line' }}>{text}</Typography>}
    </Box>
  );
}

/** Guest spec §2: Price, Schedule, Dress Code, Additional Notes, each only when it has text; none → hidden. */
function OtherInformation({ experience }: { experience: ExperienceDetail }) {
  const { t } = useT();
  const entries = [
    [t('detail.price'), experience.thingsToKnowPrice],
    [t('detail.schedule'), experience.thingsToKnowItinerary],
    [t('detail.dressCode'), experience.thingsToKnowClothes],
    [t('detail.notes'), experience.thingsToKnowNote],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="other-info-title">
      <Typography id="other-info-title" variant="h5" component="h2" gutterBottom>
        {t('detail.otherInfo')}
      </Typography>
      <Stack spacing={2}>
        {entries.map(([label, text]) => (
          <Box key={label}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} lang={contentLang(text)}>
              {text}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function MeetingPoint({ experience }: { experience: ExperienceDetail }) {
  const { t, locale } = useT();
  if (!hasMeetingPoint(experience)) return null;
  const address = addressOrFallback(experience, locale);
  return (
    <Box component="section" aria-labelledby="meeting-point-title">
      <Typography id="meeting-point-title" variant="h5" component="h2" gutterBottom>
        {t('detail.meetingPoint')}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('detail.address')}
      </Typography>
      <Typography sx={{ mb: 2 }} lang={addressLang(experience, address)}>
        {address}
      </Typography>
      <MeetingPointMap address={experience} addressText={address} />
    </Box>
  );
}

function ConciergeCallToAction({ experienceId }: { experienceId: string }) {
  const { messenger } = useExternalLinks();
  const { t, path } = useT();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 3, bgcolor: '#eef5f8' }}
      aria-labelledby="concierge-title"
    >
      <Typography id="concierge-title" variant="h6" component="h2" gutterBottom>
        {t('detail.concierge.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('detail.concierge.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {messenger && (
          <Button variant="outlined" {...externalLinkProps(messenger)}>
            {t('detail.concierge.messenger')}
          </Button>
        )}
        {/* The site's own desk, with this experience already chosen (DESIGN §4h). */}
        <Button
          variant="outlined"
          component={RouterLink}
          to={path(`/contact?experience=${encodeURIComponent(experienceId)}`)}
        >
          {t('detail.concierge.contactForm')}
        </Button>
      </Stack>
    </Paper>
  );
}

function scrollToForm() {
  const form = document.getElementById('booking-request');
  form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Move the keyboard focus with the view, so 'Request Booking' works for keyboard and screen-reader users too.
  document.getElementById('booking-request-title')?.focus({ preventScroll: true });
}

/**
 * Renders in two steps: first the title and the photos (what a phone shows on arrival, the page's largest paint),
 * then, in the background once those are on screen, the text, the meeting point, the host and the booking form. One
 * big first render would hold the photos back until all of it was laid out. A page from the server (issue 17) has
 * the rest in its HTML already: it renders (and hydrates) at once, and nothing here renders it a second time.
 */
function useRestAfterFirstPaint(): boolean {
  const [showRest, setShowRest] = useState(renderedOnServer);
  useEffect(() => {
    if (!showRest) startTransition(() => setShowRest(true));
  }, [showRest]);
  return showRest;
}

/**
 * True from the render after the first: for what is never in the server's HTML (the booking form, whose calendar
 * depends on today and whose availability is live, and the sticky bar). Each part that needs it asks for itself, so
 * only that part renders again, not the page around it (issue 34: re-rendering the whole page after hydration was a
 * third of the page's work before the guest could act).
 */
function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}

/** One element: when the slot renders again still waiting, React keeps the placeholder as it is. */
const PLACEHOLDER = <BookingRequestPlaceholder />;

/** The booking form once the guest gets to it (see `BookingRequestForm`); its placeholder until then. */
function BookingRequestSlot({ experience }: { experience: ExperienceDetail }) {
  const afterFirstRender = useAfterFirstRender();
  const reached = useWhenReached('booking-request');
  return afterFirstRender && reached ? (
    <Suspense fallback={PLACEHOLDER}>
      <BookingRequestForm experience={experience} />
    </Suspense>
  ) : (
    PLACEHOLDER
  );
}

function StickyBookingBarAfterFirstRender({ price }: { price: number }) {
  return useAfterFirstRender() ? <StickyBookingBar price={price} onRequest={scrollToForm} /> : null;
}

/**
 * The booking form's dates are asked for as soon as the page is up (data, not code): the form, whose code loads
 * when the guest gets to it, then shows them at once (and asks again, as it always does on mounting).
 */
function useEarlyAvailability(experienceId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(availabilityQuery(api, experienceId, bookableWindow(new Date())));
  }, [api, queryClient, experienceId]);
}

function ExperienceDetailView({ experience }: { experience: ExperienceDetail }) {
  const showRest = useRestAfterFirstPaint();
  useEarlyAvailability(experience.id);
  const { t, locale, yen } = useT();
  const lang = contentLang(experience.title);
  const location = cardLocation(experience.prefecture, experience.city, locale);
  return (
    <>
      <Container sx={{ py: { xs: 3, md: 5 }, pb: 14 }}>
        <Box component="header" sx={{ mb: 3 }}>
          <Typography
            variant="h1"
            component="h1"
            lang={lang}
            sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' } }}
          >
            {experience.title}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, color: 'text.secondary', flexWrap: 'wrap' }}>
            {location && (
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <PlaceOutlinedIcon fontSize="small" aria-hidden />{' '}
                {/* Written for the reader (cardLocation): it takes the page's language. */}
                {location}
              </Typography>
            )}
            <Typography>{t('card.from', { price: yen(experience.price) })}</Typography>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <AccessTimeIcon fontSize="small" aria-hidden />
              {t('card.duration', { duration: formatDuration(durationOf(experience), locale) })}
            </Typography>
            <RatingSummaryText rating={experience.rating} size="1rem" />
          </Stack>
        </Box>
        <PhotoGallery images={experience.mainImages} title={experience.title} />
        {showRest && (
          <Grid container spacing={{ xs: 4, md: 6 }} sx={{ mt: 2 }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={5}>
                <Typography sx={{ whiteSpace: 'pre-line', fontSize: '1.05rem' }} lang={lang}>
                  {experience.description}
                </Typography>
                <DetailBlock
                  heading={experience.detailHeading1}
                  text={experience.detailText1}
                  image={experience.detailImage1}
                />
                <DetailBlock
                  heading={experience.detailHeading2}
                  text={experience.detailText2}
                  image={experience.detailImage2}
                />
                <VideoEmbed link={experience.movie} title={experience.title} />
                <MeetingPoint experience={experience} />
                <OtherInformation experience={experience} />
                {/* The refund rule in the same words as the booking form, the lookup page and the mails. */}
                <CancellationPolicy policy={experience.cancellationPolicy} rule={experience.refundRule} />
                <AboutHost hostId={experience.hostId} />
                <ExperienceReviews experienceId={experience.id} />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
                <BookingRequestSlot experience={experience} />
                <ConciergeCallToAction experienceId={experience.id} />
              </Stack>
            </Grid>
          </Grid>
        )}
      </Container>
      <StickyBookingBarAfterFirstRender price={experience.price} />
    </>
  );
}

/** Guest spec §2: `/experience/{id}`. */
export function ExperienceDetailPage() {
  const { id } = useParams();
  const experience = useExperience(id);
  const { t } = useT();
  // The whole page renders when the answer arrives. As a deferred value that render runs in the background in
  // small slices (a query result alone would render it in one long, blocking task); the loader stays meanwhile.
  const deferred = useDeferredValue(experience.data);
  const notFound = !id || (experience.isError && isNotFound(experience.error));
  // Guest spec §2: the page meta uses the experience's title, description and first main image; an experience
  // that does not exist gets the not-found page's (and is not indexed).
  usePageMeta(
    notFound
      ? { title: t('detail.notFound'), noindex: true }
      : {
          title: experience.data?.title ?? t('detail.experience'),
          // Cut at a word (a character in Japanese and Chinese) and marked with "…" (issue 32 item 9).
          description: excerpt(experience.data?.description ?? '') || undefined,
          image: experience.data?.mainImages[0] ?? null,
        },
  );
  if (notFound) {
    return (
      <NotFoundView
        title={t('detail.notFound')}
        message={t('detail.notFoundText')}
        actions={[
          { label: t('detail.browse'), to: '/experiences' },
          { label: t('notFound.home'), to: '/' },
        ]}
      />
    );
  }
  if (experience.isPending) return <PageLoader label={t('detail.loading')} />;
  if (experience.isError) {
    return (
      <Container sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void experience.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {/* Not the API's or the network's English words: the page's language (issue 32 item 6). */}
          {t('error.title')}
        </Alert>
      </Container>
    );
  }
  // The deferred value may still be the previous experience (or none) while the new one renders in the background.
  if (deferred?.id !== experience.data.id) return <PageLoader label={t('detail.loading')} />;
  return <ExperienceDetailView experience={deferred} />;
}
