/** The card projection of an experience: what lists, carousels and search show of it. */
import type { Experience, ExperienceCard } from './entities';

/** The image of a card whose experience has no main image yet. */
export const PLACEHOLDER_IMAGE = '/placeholder.jpg';

export function toCard(e: Experience): ExperienceCard {
  return {
    id: e.id,
    hostId: e.hostId,
    title: e.title,
    description: e.description,
    price: e.price,
    image: e.mainImages[0] || PLACEHOLDER_IMAGE,
    prefecture: e.prefecture,
    city: e.city,
    tags: e.tags,
    durationMinutes: e.durationMinutes,
    createdAt: e.createdAt,
  };
}
