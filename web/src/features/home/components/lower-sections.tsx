import { CallToAction } from './call-to-action';
import { CategoryGrid } from './category-grid';
import { ProducersSection } from './producers-section';
import { ReservationProcess } from './reservation-process';

/**
 * The home's sections below the Topics (guest spec §2): categories, producers, the reservation process and the call
 * to action, in one chunk that the home page loads as a deferred section.
 */
export function LowerSections() {
  return (
    <>
      <CategoryGrid />
      <ProducersSection />
      <ReservationProcess />
      <CallToAction />
    </>
  );
}
