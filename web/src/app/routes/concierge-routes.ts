import type { ComponentType } from 'react';

export type ConciergePage = 'contact' | 'inquiry' | 'offer';

/**
 * The concierge desk's guest pages (DESIGN §4h), behind one more step of loading: the route table (in the home's
 * initial JS, which has about 0.1 kB to spare under its 171 kB budget) names only this small module; the pages'
 * own addresses and the lists of chunks each one needs are in here, fetched by the first concierge page a guest
 * opens.
 */
export async function conciergePage(page: ConciergePage): Promise<ComponentType> {
  switch (page) {
    case 'contact':
      return (await import('../../features/concierge/pages/contact-page')).ContactPage;
    case 'inquiry':
      return (await import('../../features/concierge/pages/inquiry-page')).InquiryPage;
    case 'offer':
      return (await import('../../features/booking/pages/offer-page')).OfferPage;
  }
}
