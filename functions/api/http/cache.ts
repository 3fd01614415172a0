/**
 * Public catalogue answers (published experiences, categories, host profiles) are the same for every guest and
 * change only when a host edits them: 30 seconds of caching in the browser and in CloudFront absorbs a burst of
 * page views without making an edit wait noticeably. Availability, bookings and lookups are never cached: they
 * change with every booking and belong to one guest.
 */
export const PUBLIC_CATALOGUE_CACHE = { 'cache-control': 'public, max-age=30' } as const;
