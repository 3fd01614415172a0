import { ratingSummary, type RatingSummary } from '../domain/reviews';
import type { ReviewRepository } from './ports';

/** Attaches `rating` to what has reviews (cards, the experience); items without any stay as they are. */
export async function withRatings<T extends { id: string }>(
  reviews: Pick<ReviewRepository, 'experienceRatings'> | undefined,
  items: T[],
): Promise<(T & { rating?: RatingSummary })[]> {
  if (!reviews || items.length === 0) return items;
  const counters = await reviews.experienceRatings(items.map((i) => i.id));
  return items.map((item) => {
    const rating = ratingSummary(counters.get(item.id));
    return rating ? { ...item, rating } : item;
  });
}
