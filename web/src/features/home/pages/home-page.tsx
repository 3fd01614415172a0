import { useExperienceCards } from '../../../lib/catalogue-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useMinDurationLoader } from '../../../lib/use-min-duration-loader';
import { CallToAction } from '../components/call-to-action';
import { CategoryGrid } from '../components/category-grid';
import { DiscoverEhimeBanner } from '../components/discover-ehime-banner';
import { Hero } from '../components/hero';
import { FullScreenLoader } from '../components/home-loader';
import { ProducersSection } from '../components/producers-section';
import { ReservationProcess } from '../components/reservation-process';
import { TopicsCarousel } from '../components/topics-carousel';

/** Guest spec §2: the carousel shows the 5 newest experiences. */
const TOPICS_LIMIT = 5;

/** Guest spec §2, Home. */
export function HomePage() {
  usePageMeta({});
  const topics = useExperienceCards({ sort: 'newest', limit: TOPICS_LIMIT });
  const loading = useMinDurationLoader(!topics.isPending);
  return (
    <>
      <FullScreenLoader show={loading} />
      <Hero />
      <DiscoverEhimeBanner />
      <TopicsCarousel items={topics.data} isError={topics.isError} />
      <CategoryGrid />
      <ProducersSection />
      <ReservationProcess />
      <CallToAction />
    </>
  );
}
