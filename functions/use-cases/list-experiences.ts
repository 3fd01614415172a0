import type { CatalogueIndex } from '../domain/catalogue-search';
import type { ExperienceCard } from '../domain/entities';
import type { CardReader } from './catalogue-search-ports';
import type { ListExperiencesQuery } from '../domain/schemas/catalogue';
import { categoriesNamedIn, matchesSearch } from '../domain/search-text';
import { decodeCardCursor, encodeCardCursor } from './card-cursor';
import type {
  CardQuery,
  CategoryRepository,
  ExperienceRepository,
  HostRepository,
  ReviewRepository,
} from './ports';
import { withRatings } from './ratings';
import type { RatingSummary } from '../domain/reviews';

/**
 * `GET /api/experiences`: published cards, filtered by prefecture (case-insensitive) and categories (any-of),
 * sorted newest first or lowest price first, optionally matched against free text, at most `limit` per page. While
 * more cards follow, the answer carries a `cursor` for the next page (an addition to DESIGN §6: a client that
 * ignores it gets the first page, as before). Experiences of suspended hosts are never listed.
 *
 * No request reads every card (issue 33 item 3, DESIGN §4i): the list, a prefecture's and a category's pages read
 * their own sorted keys (a page of them, then those cards); free text, and a category within a prefecture, are
 * answered by the search index (`search`, kept current from the table's change feed), which names the page's
 * cards, and only those are read. Without a `search` (unit tests with in-memory fakes) the text is matched over
 * the cards the other filters leave, with the domain's `matchesSearch`, as before the index.
 */
export function makeListExperiences(deps: {
  experiences: ExperienceRepository;
  hosts: Pick<HostRepository, 'suspendedHostIds'>;
  /** Cards gain `rating` once reviewed (one batch read of the page's counters). */
  reviews?: Pick<ReviewRepository, 'experienceRatings'>;
  /** Category names the search finds experiences by (absent: titles, descriptions and places only). */
  categories?: Pick<CategoryRepository, 'listActive'>;
  /** The catalogue's search index and the reader of a page's cards. */
  search?: { index: { current(): Promise<CatalogueIndex> }; cards: CardReader };
}) {
  /** Card id → the stored names of the query's categories it is in (only categories a query word names). */
  async function namedCategoriesOfCards(text: string, base: CardQuery): Promise<Map<string, string[]>> {
    const byCard = new Map<string, string[]>();
    if (!deps.categories) return byCard;
    const categories = await deps.categories.listActive();
    const named = new Set(
      categoriesNamedIn(
        text,
        categories.map((c) => c.name),
      ),
    );
    for (const category of categories.filter((c) => named.has(c.name))) {
      const members = await deps.experiences.listCards({ ...base, categoryIds: [category.id] });
      for (const card of members) byCard.set(card.id, [...(byCard.get(card.id) ?? []), category.name]);
    }
    return byCard;
  }

  return async function listExperiences(
    query: ListExperiencesQuery,
  ): Promise<{ items: (ExperienceCard & { rating?: RatingSummary })[]; cursor?: string }> {
    const text = query.q?.trim();
    const after = query.cursor ? decodeCardCursor(query.cursor, query.sort) : undefined;
    // A suspended host's cards stay stored (with their publication status) and are left out while listing.
    const suspended = await deps.hosts.suspendedHostIds();
    const base: CardQuery = {
      ...(suspended.size > 0 ? { excludeHostIds: suspended } : {}),
      sort: query.sort,
      ...(query.prefecture ? { prefecture: query.prefecture } : {}),
    };
    const categoryIds = query.categories && query.categories.length > 0 ? query.categories : undefined;
    if (deps.search && (text || (categoryIds && query.prefecture))) {
      const index = await deps.search.index.current();
      const page = index.search({
        ...(text ? { q: text } : {}),
        ...(query.prefecture ? { prefecture: query.prefecture } : {}),
        ...(categoryIds ? { categoryIds } : {}),
        ...(suspended.size > 0 ? { excludeHostIds: suspended } : {}),
        sort: query.sort,
        ...(after ? { after } : {}),
        limit: query.limit,
      });
      const cards = await deps.search.cards.cardsByIds(page.items.map((p) => p.id));
      const items = await withRatings(deps.reviews, cards);
      const last = page.items.at(-1);
      return page.more && last ? { items, cursor: encodeCardCursor(last, query.sort) } : { items };
    }
    const cards = await deps.experiences.listCards({
      ...base,
      ...(query.categories && query.categories.length > 0 ? { categoryIds: query.categories } : {}),
      ...(after ? { after } : {}),
      // One card beyond the page tells whether another page follows. With a text filter the limit applies after
      // matching, so every candidate is read.
      ...(text ? {} : { limit: query.limit + 1 }),
    });
    let matching = cards;
    if (text) {
      const categoriesOf = await namedCategoriesOfCards(text, base);
      matching = cards.filter((c) => matchesSearch({ ...c, categories: categoriesOf.get(c.id) ?? [] }, text));
    }
    const items = await withRatings(deps.reviews, matching.slice(0, query.limit));
    const last = items.at(-1);
    return matching.length > query.limit && last
      ? { items, cursor: encodeCardCursor(last, query.sort) }
      : { items };
  };
}
