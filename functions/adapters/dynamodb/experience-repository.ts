import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

const samePrefecture = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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

export class DynamoExperienceRepository implements ExperienceRepository {
  /**
   * Writes of an experience are one transaction (experience, card, links) while they fit `maxTransactionItems`;
   * beyond it, the experience and its card still go first and atomically, and the remaining links follow.
   */
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly maxTransactionItems = DEFAULT_MAX_TRANSACTION_ITEMS,
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
    if (categoryIds) {
      const wanted = [...new Set(categoryIds)];
      const current = await this.categoryIdsOf(experience.id);
      // Kept links stay as they are: their index only gathers ids, the cards are ordered by their own keys.
      items.push(...wanted.filter((c) => !current.includes(c)).map((c) => this.putLink(experience, c)));
      items.push(
        ...current
          .filter((c) => !wanted.includes(c))
          .map((c) => ({
            Delete: { TableName: this.tableName, Key: keys.experienceCategory(experience.id, c) },
          })),
      );
    }
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
      const byPrefecture: KeyQuery = {
        index: 'GSI3',
        partition: keys.cardsByPrefecture(query.prefecture),
        ascending: false,
      };
      // The prefecture index is ordered by creation: newest reads only what it returns (from where the previous
      // page ended), price sorts everything.
      const newest = query.sort === 'newest';
      const items = await queryAll(
        this.doc,
        this.tableName,
        byPrefecture,
        newest ? limit : undefined,
        visible,
        newest && after ? keys.cardIndexStart('GSI3', after, query.prefecture) : undefined,
      );
      return items
        .map((i) => cardFromItem(i))
        .filter(followsAfter)
        .sort(comparators[query.sort])
        .slice(0, limit);
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

  /** Any-of: the union of the categories' links, de-duplicated; only published experiences have a card to read. */
  private async cardsOfCategories(
    categoryIds: string[],
    query: CardQuery,
    limit: number,
    followsAfter: (card: ExperienceCard) => boolean,
  ) {
    const linkLists = await Promise.all(
      categoryIds.map((c) =>
        queryAll(this.doc, this.tableName, {
          index: 'GSI1',
          partition: keys.categoryExperiencesIndex(c),
          ascending: false,
        }),
      ),
    );
    const experienceIds = [...new Set(linkLists.flat().map((l) => String(l.experienceId)))];
    const cards = (
      await batchGetAll(
        this.doc,
        this.tableName,
        experienceIds.map((id) => keys.card(id)),
      )
    ).map((i) => cardFromItem(i));
    const prefecture = query.prefecture;
    return cards
      .filter((c) => !query.excludeHostIds?.has(c.hostId))
      .filter((c) => prefecture === undefined || samePrefecture(c.prefecture, prefecture))
      .filter(followsAfter)
      .sort(comparators[query.sort])
      .slice(0, limit);
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
    const card = toCard(e);
    return {
      Put: {
        TableName: this.tableName,
        Item: toItem(card, { ...keys.card(e.id), type: itemTypes.card, ...keys.cardIndexes(card) }),
      },
    };
  }

  private putLink(e: Experience, categoryId: string): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.experienceCategory(e.id, categoryId),
          type: itemTypes.experienceCategory,
          ...keys.experienceCategoryIndex(categoryId, e.createdAt, e.id),
          experienceId: e.id,
          categoryId,
        },
      },
    };
  }
}
