import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProcessedEventStore } from '../../use-cases/ports';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';
import { isConditionalCheckFailed } from './transactions';

/**
 * Payment-event idempotency marks: one small item per handled event id, deleted by the table's TTL. DynamoDB deletes
 * expired items lazily (up to a few days late), so reads and the conditional put treat an expired mark as absent
 * rather than trusting the deletion.
 */
export class DynamoProcessedEventStore implements ProcessedEventStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async isProcessed(eventId: string): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.processedEvent(eventId), ConsistentRead: true }),
    );
    const expiresAt = out.Item?.[TTL_ATTRIBUTE];
    return out.Item !== undefined && (typeof expiresAt !== 'number' || expiresAt > this.nowSeconds());
  }

  async markProcessed(eventId: string, ttlSeconds: number): Promise<boolean> {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RangeError('ttlSeconds must be ≥ 1');
    const now = this.nowSeconds();
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.processedEvent(eventId),
            type: itemTypes.processedEvent,
            eventId,
            processedAt: new Date(now * 1000).toISOString(),
            [TTL_ATTRIBUTE]: now + ttlSeconds,
          },
          ConditionExpression: 'attribute_not_exists(PK) OR #expiresAt <= :now',
          ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }

  private nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }
}
