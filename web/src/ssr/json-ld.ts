/**
 * Structured data of an experience page (issue 17): a `Product` with an `Offer` in JPY, an `AggregateRating`
 * once the experience carries a rating (reviews, DESIGN §4e), and the `BreadcrumbList` Home › Experiences › title.
 * Availability is stated as the offer's general state (bookable online), never as dates: those stay live.
 */
import { photoVariantUrl } from '@domain/images';
import { durationOf, isoDuration } from '@domain/tour-span';
import type { ExperienceDetail } from '../lib/catalogue-api';
import type { Translator } from '../lib/i18n/i18n';

/** What the reviews feature adds to an experience answer, when it exists. */
interface Rating {
  average: number;
  count: number;
}

export function experienceJsonLd(
  experience: ExperienceDetail & { rating?: Rating | null },
  site: { baseUrl: string; siteName: string },
  /** The page's language: its URLs and the breadcrumbs' names are that language's. */
  translator: Pick<Translator, 't' | 'path'>,
): object[] {
  const { t, path } = translator;
  const base = site.baseUrl.replace(/\/$/, '');
  const url = `${base}${path(`/experience/${experience.id}`)}`;
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
    // How long the tour lasts, ISO 8601 (DESIGN §4j). schema.org's Product has no `duration` of its own (Event
    // and Schedule have); `additionalProperty` is how a Product states one.
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'duration', value: isoDuration(durationOf(experience)) },
    ],
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
      { '@type': 'ListItem', position: 1, name: t('breadcrumb.home'), item: `${base}${path('/')}` },
      { '@type': 'ListItem', position: 2, name: t('list.title'), item: `${base}${path('/experiences')}` },
      { '@type': 'ListItem', position: 3, name: experience.title, item: url },
    ],
  };
  return [product, breadcrumbs];
}
