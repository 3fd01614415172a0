import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cardSummary, type SearchEntry } from '../../domain/catalogue-search';
import type { Experience, ExperienceCard } from '../../domain/entities';
import { PLACEHOLDER_IMAGE, toCard } from '../../domain/experience-card';
import { EXPERIENCE_CHANGED_MESSAGE } from '../../domain/repository-messages';
import { DomainError } from '../../domain/errors';
import type {
  CardPosition,
  CardQuery,
  CardSort,
  ExperienceRepository,
  Page,
  PageRequest,
} from '../../use-cases/ports';
import { batchGetAll } from './batch';
import { fromItem, toItem, type Item } from './items';
import { DEFAULT_DURATION_MINUTES } from '../../domain/tour-span';
import { itemTypes, keys, sortableInstant } from './keys';
import { queryAll, queryCount, queryPage, type KeyQuery } from './pagination';
import {
  DEFAULT_MAX_TRANSACTION_ITEMS,
  TransactionCancelledError,
  transactWriteInChunks,
  type TransactItem,
} from './transactions';

export { PLACEHOLDER_IMAGE, toCard };

const newestFirst = (a: CardPosition, b: CardPosition) => {
  const ka = `${sortableInstant(a.createdAt)}#${a.id}`;
  const kb = `${sortableInstant(b.createdAt)}#${b.id}`;
  return ka < kb ? 1 : ka > kb ? -1 : 0;
};
/** Price, then id: the order of the price index, so in-memory and index-served lists agree. */
const lowestPriceFirst = (a: CardPosition, b: CardPosition) =>
  a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const comparators: Record<CardSort, (a: CardPosition, b: CardPosition) => number> = {
  newest: newestFirst,
  lowest_price: lowestPriceFirst,
};

/**
 * A stored experience as the entity. Experiences stored before tours had a length read as an hour long (DESIGN
 * §4j: "existing experiences 60 until their host says otherwise"), until the host's next save stores one.
 */
export function experienceFromItem(item: Item): Experience {
  const experience = fromItem<Experience>(item);
  return { ...experience, durationMinutes: experience.durationMinutes ?? DEFAULT_DURATION_MINUTES };
}

/** A stored card; cards written before tours had a length read as an hour long. */
export function cardFromItem(item: Item): ExperienceCard {
  const card = fromItem<ExperienceCard>(item);
  return { ...card, durationMinutes: card.durationMinutes ?? DEFAULT_DURATION_MINUTES };
}

/** A stored search entry. */
export function searchEntryFromItem(item: Item): SearchEntry {
  const entry = fromItem<SearchEntry>(item);
  return { ...entry, categoryIds: entry.categoryIds ?? [] };
}

export class DynamoExperienceRepository implements ExperienceRepository {
  /**
   * Writes of an experience are one transaction (experience, card, links) while they fit `maxTransactionItems`;
   * beyond it, the experience and its card still go first and atomically, and the remaining links follow.
   */
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly maxTransactionItems = DEFAULT_MAX_TRANSACTION_ITEMS,
    /**
     * Stamps search entries (the index's catch-up order). The machine's clock, not the local stack's movable one:
     * the feed must follow the order writes happen in.
     */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(experience: Experience, categoryIds: string[]): Promise<void> {
    const links = [...new Set(categoryIds)];
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.tableName,
          Item: this.experienceItem(experience),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(experience.publicationStatus === 'public' ? [this.putCard(experience)] : []),
      this.putSearchEntry(experience, links),
      ...links.map((c) => this.putLink(experience, c)),
    ];
    try {
      await transactWriteInChunks(this.doc, items, this.maxTransactionItems);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        throw new DomainError('duplicate', `Experience ${experience.id} already exists`);
      }
      throw e;
    }
  }

  async update(experience: Experience, categoryIds?: string[], expectedUpdatedAt?: string): Promise<void> {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: this.tableName,
          Item: this.experienceItem(experience),
          ...(expectedUpdatedAt === undefined
            ? { ConditionExpression: 'attribute_exists(PK)' }
            : {
                ConditionExpression: 'attribute_exists(PK) AND #updatedAt = :expectedUpdatedAt',
                ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
                ExpressionAttributeValues: { ':expectedUpdatedAt': expectedUpdatedAt },
              }),
        },
      },
      experience.publicationStatus === 'public'
        ? this.putCard(experience)
        : { Delete: { TableName: this.tableName, Key: keys.card(experience.id) } },
    ];
    const current = await this.categoryIdsOf(experience.id);
    const wanted = categoryIds ? [...new Set(categoryIds)] : current;
    // Every kept link is written again: it carries the card's sorted keys (price, creation) while published.
    items.push(...wanted.map((c) => this.putLink(experience, c)));
    items.push(
      ...current
        .filter((c) => !wanted.includes(c))
        .map((c) => ({
          Delete: { TableName: this.tableName, Key: keys.experienceCategory(experience.id, c) },
        })),
    );
    items.push(this.putSearchEntry(experience, wanted));
    try {
      await transactWriteInChunks(this.doc, items, this.maxTransactionItems);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        if (expectedUpdatedAt !== undefined && (await this.get(experience.id))) {
          throw new DomainError('stale', EXPERIENCE_CHANGED_MESSAGE);
        }
        throw new DomainError('not_found', `Experience ${experience.id} not found`);
      }
      throw e;
    }
  }

  async delete(id: string): Promise<void> {
    const links = await this.categoryIdsOf(id);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: this.tableName,
          Key: keys.experience(id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      { Delete: { TableName: this.tableName, Key: keys.card(id) } },
      // The search index learns of the removal from this entry (it stays as a small tombstone).
      {
        Put: {
          TableName: this.tableName,
          Item: this.searchEntryItem({
            id,
            published: false,
            changedAt: this.now().toISOString(),
            hostId: '',
            title: '',
            summary: '',
            prefecture: '',
            city: '',
            categoryIds: [],
            price: 0,
            createdAt: this.now().toISOString(),
          }),
        },
      },
      ...links.map((c) => ({ Delete: { TableName: this.tableName, Key: keys.experienceCategory(id, c) } })),
    ];
    try {
      await transactWriteInChunks(this.doc, items, this.maxTransactionItems);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        throw new DomainError('not_found', `Experience ${id} not found`);
      }
      throw e;
    }
  }

  async get(id: string): Promise<Experience | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.experience(id) }));
    return out.Item ? experienceFromItem(out.Item) : null;
  }

  async listByHost(hostId: string, page?: PageRequest): Promise<Page<Experience>> {
    const result = await queryPage(this.doc, this.tableName, this.hostQuery(hostId), page);
    return { ...result, items: result.items.map(experienceFromItem) };
  }

  countByHost(hostId: string): Promise<number> {
    return queryCount(this.doc, this.tableName, this.hostQuery(hostId));
  }

  async categoryIdsOf(experienceId: string): Promise<string[]> {
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.experiencePartition(experienceId),
      sortCondition: 'begins_with(#sk, :prefix)',
      sortValues: { ':prefix': keys.experienceCategoryPrefix },
      ascending: true,
    });
    return items.map((i) => String(i.categoryId));
  }

  /**
   * Published cards. Without `limit`, every matching card (the free-text search of the use case filters the whole
   * published catalogue in the Lambda; DESIGN §5 accepts that at this marketplace's scale).
   */
  async listCards(query: CardQuery): Promise<ExperienceCard[]> {
    const limit = query.limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.trunc(query.limit));
    if (limit === 0) return [];
    const excluded = query.excludeHostIds;
    // Applied while reading, so that `limit` counts only cards a guest may see.
    const visible = (item: Item) => !excluded?.has(String(item.hostId));
    const after = query.after;
    /** Cards ordered after the position a page continues from (all of them on a first page). */
    const followsAfter = (card: ExperienceCard) => !after || comparators[query.sort](card, after) > 0;
    const categoryIds = [...new Set(query.categoryIds ?? [])];
    if (categoryIds.length > 0) return this.cardsOfCategories(categoryIds, query, limit, followsAfter);

    if (query.prefecture !== undefined) {
      // Two sorted indexes of the prefecture's cards (by creation, by price): a page reads only what it returns,
      // from where the previous page ended.
      const index = query.sort === 'newest' ? 'GSI3' : 'GSI4';
      const byPrefecture: KeyQuery =
        index === 'GSI3'
          ? { index, partition: keys.cardsByPrefecture(query.prefecture), ascending: false }
          : { index, partition: keys.cardsByPrefectureByPrice(query.prefecture), ascending: true };
      const items = await queryAll(
        this.doc,
        this.tableName,
        byPrefecture,
        limit,
        visible,
        after ? keys.cardIndexStart(index, after, query.prefecture) : undefined,
      );
      return items.map((i) => cardFromItem(i)).filter(followsAfter);
    }

    const index = query.sort === 'lowest_price' ? 'GSI2' : 'GSI1';
    const all: KeyQuery =
      index === 'GSI2'
        ? { index, partition: keys.cardsByPrice, ascending: true }
        : { index, partition: keys.cardsNewest, ascending: false };
    const items = await queryAll(
      this.doc,
      this.tableName,
      all,
      limit,
      visible,
      after ? keys.cardIndexStart(index, after) : undefined,
    );
    return items.map((i) => cardFromItem(i));
  }

  /**
   * Any-of, from each category's sorted link keys (sparse: only links of published experiences carry them): every
   * category reads at most `limit` links after the page's start, the union is ordered and cut, and only the cards
   * of the page are read. With a prefecture as well, links of other prefectures are passed over while reading.
   */
  private async cardsOfCategories(
    categoryIds: string[],
    query: CardQuery,
    limit: number,
    followsAfter: (card: ExperienceCard) => boolean,
  ) {
    const index = query.sort === 'newest' ? 'GSI2' : 'GSI3';
    const prefecture = query.prefecture?.trim().toLowerCase();
    const keep = (link: Item) =>
      !query.excludeHostIds?.has(String(link.hostId)) &&
      (prefecture === undefined || String(link.prefecture ?? '') === prefecture);
    const linkLists = await Promise.all(
      categoryIds.map((c) =>
        queryAll(
          this.doc,
          this.tableName,
          index === 'GSI2'
            ? { index, partition: keys.cardsOfCategoryNewest(c), ascending: false }
            : { index, partition: keys.cardsOfCategoryByPrice(c), ascending: true },
          limit,
          keep,
          query.after ? keys.categoryCardIndexStart(index, c, query.after) : undefined,
        ),
      ),
    );
    const positions = new Map<string, CardPosition>();
    for (const link of linkLists.flat()) {
      const id = String(link.experienceId);
      positions.set(id, { id, createdAt: String(link.createdAt), price: Number(link.price) });
    }
    const page = [...positions.values()]
      .filter((p) => followsAfter(p as ExperienceCard))
      .sort(comparators[query.sort])
      .slice(0, limit);
    return this.cardsByIds(page.map((p) => p.id));
  }

  /** The published cards of `ids`, in that order (an id without a card is left out): one BatchGet. */
  async cardsByIds(ids: readonly string[]): Promise<ExperienceCard[]> {
    if (ids.length === 0) return [];
    const items = await batchGetAll(
      this.doc,
      this.tableName,
      ids.map((id) => keys.card(id)),
    );
    const byId = new Map(items.map((i) => [String(i.id), cardFromItem(i)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Search entries written at or after `since` (an ISO instant; `''` for all), oldest first: what the search index
   * has not applied yet. Reads only the changes, never the cards.
   */
  async searchEntriesSince(since: string): Promise<SearchEntry[]> {
    const items = await queryAll(this.doc, this.tableName, {
      index: 'GSI5',
      partition: keys.searchChanges,
      ascending: true,
      ...(since ? { sortCondition: '#sk >= :since', sortValues: { ':since': since } } : {}),
    });
    return items.map((i) => searchEntryFromItem(i));
  }

  /**
   * Writes the card, the category links and the search entry of a stored experience again as the current code
   * writes them, unless it changed meanwhile (then its own save wrote them). For the back-fill of data stored
   * before cards lost their description and gained their sorted keys.
   */
  async rewriteListing(experience: Experience): Promise<boolean> {
    const links = await this.categoryIdsOf(experience.id);
    const items: TransactItem[] = [
      {
        ConditionCheck: {
          TableName: this.tableName,
          Key: keys.experience(experience.id),
          ConditionExpression: '#updatedAt = :updatedAt',
          ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':updatedAt': experience.updatedAt },
        },
      },
      experience.publicationStatus === 'public'
        ? this.putCard(experience)
        : { Delete: { TableName: this.tableName, Key: keys.card(experience.id) } },
      this.putSearchEntry(experience, links),
      ...links.map((c) => this.putLink(experience, c)),
    ];
    try {
      await transactWriteInChunks(this.doc, items, this.maxTransactionItems);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) return false;
      throw e;
    }
  }

  private hostQuery(hostId: string): KeyQuery {
    return { index: 'GSI1', partition: keys.hostExperiencesIndex(hostId), ascending: false };
  }

  private experienceItem(e: Experience): Item {
    return toItem(e, {
      ...keys.experience(e.id),
      type: itemTypes.experience,
      ...keys.experienceByHost(e.hostId, e.createdAt, e.id),
    });
  }

  private putCard(e: Experience): TransactItem {
    // Lists never show the whole description (the experience's detail does): the card keeps its start.
    const card = { ...toCard(e), description: cardSummary(e.description) };
    return {
      Put: {
        TableName: this.tableName,
        Item: toItem(card, { ...keys.card(e.id), type: itemTypes.card, ...keys.cardIndexes(card) }),
      },
    };
  }

  private putLink(e: Experience, categoryId: string): TransactItem {
    const published = e.publicationStatus === 'public';
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.experienceCategory(e.id, categoryId),
          type: itemTypes.experienceCategory,
          ...keys.experienceCategoryIndex(categoryId, e.createdAt, e.id),
          // What a category page orders and filters by, so it reads only the cards it shows.
          ...(published ? keys.categoryCardIndexes(categoryId, e) : {}),
          experienceId: e.id,
          categoryId,
          hostId: e.hostId,
          price: e.price,
          createdAt: e.createdAt,
          ...(e.prefecture.trim() ? { prefecture: e.prefecture.trim().toLowerCase() } : {}),
        },
      },
    };
  }

  private putSearchEntry(e: Experience, categoryIds: readonly string[]): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: this.searchEntryItem({
          id: e.id,
          published: e.publicationStatus === 'public',
          changedAt: this.now().toISOString(),
          hostId: e.hostId,
          title: e.title,
          summary: cardSummary(e.description),
          prefecture: e.prefecture,
          city: e.city,
          categoryIds: [...new Set(categoryIds)],
          price: e.price,
          createdAt: e.createdAt,
        }),
      },
    };
  }

  private searchEntryItem(entry: SearchEntry): Item {
    return toItem(entry, {
      ...keys.searchEntry(entry.id),
      type: itemTypes.searchEntry,
      ...keys.searchChangeIndex(entry.changedAt, entry.id),
    });
  }
}
