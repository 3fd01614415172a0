import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Category } from '../../domain/entities';
import type { CategoryRepository } from '../../use-cases/ports';
import { fromItem, toItem } from './items';
import { itemTypes, keys } from './keys';
import { queryAll } from './pagination';

export class DynamoCategoryRepository implements CategoryRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** Creates or replaces. Only an active category carries the index keys, so deactivating drops it from the list. */
  async put(category: Category): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: toItem(category, {
          ...keys.category(category.id),
          type: itemTypes.category,
          ...(category.isActive ? keys.activeCategoryIndex(category.name, category.id) : {}),
        }),
      }),
    );
  }

  async get(id: string): Promise<Category | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.category(id) }));
    return out.Item ? fromItem<Category>(out.Item) : null;
  }

  async listActive(): Promise<Category[]> {
    const items = await queryAll(this.doc, this.tableName, {
      index: 'GSI1',
      partition: keys.activeCategories,
      ascending: true,
    });
    return items.map((i) => fromItem<Category>(i));
  }
}
