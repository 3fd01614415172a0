import type { ExperienceCard } from '../domain/entities';
import type { ListExperiencesQuery } from '../domain/schemas/catalogue';
import { decodeCardCursor, encodeCardCursor } from './card-cursor';
import type { ExperienceRepository, HostRepository, ReviewRepository } from './ports';
import { withRatings } from './ratings';
import type { RatingSummary } from '../domain/reviews';

/** Text as the search compares it: NFKC folds full-width letters and half-width kana, then case is ignored. */
const searchable = (text: string) => text.normalize('NFKC').toLowerCase();

/** `true` when the card's title or description contains the query (guest spec §5: case-insensitive). */
export function cardMatchesText(card: ExperienceCard, query: string): boolean {
  const needle = searchable(query.trim());
  if (needle === '') return true;
  return searchable(card.title).includes(needle) || searchable(card.description).includes(needle);
}

/**
 * `GET /api/experiences`: published cards, filtered by prefecture (case-insensitive) and categories (any-of),
 * sorted newest first or lowest price first, optionally matched against free text, at most `limit` per page. While
 * more cards follow, the answer carries a `cursor` for the next page (an addition to DESIGN §6: a client that
 * ignores it gets the first page, as before). Experiences of suspended hosts are never listed.
 *
 * The free-text filter runs here, over every published card the other filters leave (DESIGN §5 accepts this at
 * the marketplace's scale: a few hundred cards of ~1 KB are one or two Query pages). Beyond a few thousand
 * published experiences this read grows linearly per search; the path beyond it is a search index (OpenSearch
 * Serverless, or a token index in the table) fed from the card items.
 */
export function makeListExperiences(deps: {
  experiences: ExperienceRepository;
  hosts: Pick<HostRepository, 'suspendedHostIds'>;
  /** Cards gain `rating` once reviewed (one batch read of the page's counters). */
  reviews?: Pick<ReviewRepository, 'experienceRatings'>;
}) {
  return async function listExperiences(
    query: ListExperiencesQuery,
  ): Promise<{ items: (ExperienceCard & { rating?: RatingSummary })[]; cursor?: string }> {
    const text = query.q?.trim();
    const after = query.cursor ? decodeCardCursor(query.cursor, query.sort) : undefined;
    // A suspended host's cards stay stored (with their publication status) and are left out while listing.
    const suspended = await deps.hosts.suspendedHostIds();
    const cards = await deps.experiences.listCards({
      ...(suspended.size > 0 ? { excludeHostIds: suspended } : {}),
      sort: query.sort,
      ...(query.prefecture ? { prefecture: query.prefecture } : {}),
      ...(query.categories && query.categories.length > 0 ? { categoryIds: query.categories } : {}),
      ...(after ? { after } : {}),
      // One card beyond the page tells whether another page follows. With a text filter the limit applies after
      // matching, so every candidate is read.
      ...(text ? {} : { limit: query.limit + 1 }),
    });
    const matching = text ? cards.filter((c) => cardMatchesText(c, text)) : cards;
    const items = await withRatings(deps.reviews, matching.slice(0, query.limit));
    const last = items.at(-1);
    return matching.length > query.limit && last
      ? { items, cursor: encodeCardCursor(last, query.sort) }
      : { items };
  };
}
