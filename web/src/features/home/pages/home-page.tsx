import { memo, useDeferredValue } from 'react';
import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { deferredSection } from '../../../lib/deferred-section';
import { useMinDurationLoader } from '../../../lib/use-min-duration-loader';
import { DiscoverEhimeBanner } from '../components/discover-ehime-banner';
import { Hero } from '../components/hero';
import { FullScreenLoader } from '../components/home-loader';
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
/**
 * About the height of the sections below the Topics on a wide screen (2,885 px at 1280 px; 4,960 px on a phone), kept
 * while their code loads after a link inside the site.
 */
const LOWER_MIN_HEIGHT = 2900;
/**
 * Categories, producers, the reservation process and the call to action: links, photos and texts are the server's
 * HTML from the first paint; their code (2.6 kB gzip) and their hydration wait for the guest's first move, like the
 * Topics' (issue 34). Their links work at once; a tap on a producer's "Read more" before then is kept and acted on.
 */
const LowerSections = memo(
  deferredSection(
    'home-lower',
    async () => (await import('../components/lower-sections')).LowerSections,
    LOWER_MIN_HEIGHT,
  ),
);
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
