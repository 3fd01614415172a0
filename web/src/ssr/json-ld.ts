/**
 * Structured data of an experience page (issue 17): a `Product` with an `Offer` in JPY, an `AggregateRating`
 * once the experience carries a rating (reviews, DESIGN §4e), and the `BreadcrumbList` Home › Experiences › title.
 * Availability is stated as the offer's general state (bookable online), never as dates: those stay live.
 */
import { photoVariantUrl } from '@domain/images';
import type { ExperienceDetail } from '../lib/catalogue-api';

/** What the reviews feature adds to an experience answer, when it exists. */
interface Rating {
  average: number;
  count: number;
}

export function experienceJsonLd(
  experience: ExperienceDetail & { rating?: Rating | null },
  site: { baseUrl: string; siteName: string },
): object[] {
  const base = site.baseUrl.replace(/\/$/, '');
  const url = `${base}/experience/${experience.id}`;
  const images = experience.mainImages.map((src) =>
    new URL(photoVariantUrl(src, 1200), `${base}/`).toString(),
  );
  const rating = experience.rating;
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: experience.title,
    description: experience.description,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    ...(experience.host ? { brand: { '@type': 'Brand', name: experience.host.businessName } } : {}),
    offers: {
      '@type': 'Offer',
      price: experience.price,
      priceCurrency: 'JPY',
      availability: 'https://schema.org/InStock',
      url,
    },
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Experiences', item: `${base}/experiences` },
      { '@type': 'ListItem', position: 3, name: experience.title, item: url },
    ],
  };
  return [product, breadcrumbs];
}
