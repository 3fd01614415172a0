import { memo, useDeferredValue } from 'react';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { deferredSection } from '../../../lib/deferred-section';
import { useMinDurationLoader } from '../../../lib/use-min-duration-loader';
import { CallToAction } from '../components/call-to-action';
import { CategoryGrid } from '../components/category-grid';
import { DiscoverEhimeBanner } from '../components/discover-ehime-banner';
import { Hero } from '../components/hero';
import { FullScreenLoader } from '../components/home-loader';
import { ProducersSection } from '../components/producers-section';
import { ReservationProcess } from '../components/reservation-process';
import { HOME_TOPICS_QUERY } from '../content/topics-query';

/** About the Topics section's height (title, a row of cards), kept while its code loads after a link. */
const TOPICS_MIN_HEIGHT = 560;

/**
 * The sections that depend on neither the topics query nor the loader. Memoised, so the page's later updates (the
 * topics arriving, the loader leaving) re-render only what changed instead of the whole page each time.
 */
const HeroSections = memo(function HeroSections() {
  return (
    <>
      <Hero />
      <DiscoverEhimeBanner />
    </>
  );
});
const LowerSections = memo(function LowerSections() {
  return (
    <>
      <CategoryGrid />
      <ProducersSection />
      <ReservationProcess />
      <CallToAction />
    </>
  );
});
/**
 * Below the full-screen hero: the cards' code (card, carousel, place names, ratings: about 9 kB gzip) loads at the
 * guest's first scroll, tap or key press; the server's HTML shows the cards from the first paint.
 */
const Topics = memo(
  deferredSection(
    'topics',
    async () => (await import('../components/topics-carousel')).TopicsCarousel,
    TOPICS_MIN_HEIGHT,
  ),
);

/** Guest spec §2, Home. */
export function HomePage() {
  usePageMeta({});
  const topics = useExperienceCards(HOME_TOPICS_QUERY);
  // The cards render in the background in small slices rather than in one blocking task when the answer arrives.
  const topicItems = useDeferredValue(topics.data);
  const loading = useMinDurationLoader(!topics.isPending, 'home');
  return (
    <>
      <FullScreenLoader show={loading} />
      <HeroSections />
      <Topics items={topicItems} isError={topics.isError} />
      <LowerSections />
    </>
  );
}
