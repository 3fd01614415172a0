import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateLimitDecision, RateLimiter } from '../../use-cases/ports';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';
import { isConditionalCheckFailed } from './transactions';

/** Keys longer than this are refused: they would only ever come from a caller passing raw input. */
const MAX_KEY_LENGTH = 512;

/**
 * A fixed-window rate limiter: one counter item per key and window, incremented with `ADD` (atomic, no read first),
 * so N concurrent hits allow exactly `limit`. The item expires through the table's TTL at the window's end; because
 * the window start is part of the key, a late TTL deletion never carries a count into the next window.
 *
 * A fixed window lets a client spend up to twice the limit around a window boundary; for lookups, where the point
 * is to make guessing impractical rather than to meter precisely, that is an acceptable trade for one write per hit.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    if (key === '' || key.length > MAX_KEY_LENGTH)
      throw new RangeError('Rate-limit keys are 1–512 characters');
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError('limit must be a whole number ≥ 0');
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
      throw new RangeError('windowSeconds must be a whole number ≥ 1');
    }
    const nowSeconds = Math.floor(this.clock().getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    const windowEnd = windowStart + windowSeconds;
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.rateLimitWindow(key, windowStart),
        UpdateExpression: 'ADD #count :one SET #type = :type, #expiresAt = :expiresAt',
        ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#expiresAt': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':type': itemTypes.rateLimitWindow, ':expiresAt': windowEnd },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(out.Attributes?.count ?? 1);
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: Math.max(1, windowEnd - nowSeconds),
      windowStartSeconds: windowStart,
    };
  }

  /**
   * `ADD -1` on the window's item, on condition that it exists with a positive count: a refund never creates an
   * item (no credit for hits that never happened) and never goes below zero. The window is named by its start, so a
   * refund after the window ended touches the old item (or nothing), never the current one.
   */
  async refund(key: string, windowStartSeconds: number): Promise<void> {
    if (key === '' || key.length > MAX_KEY_LENGTH)
      throw new RangeError('Rate-limit keys are 1–512 characters');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.rateLimitWindow(key, windowStartSeconds),
          UpdateExpression: 'ADD #count :minusOne',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        }),
      );
    } catch (e) {
      if (isConditionalCheckFailed(e)) return;
      throw e;
    }
  }
}
