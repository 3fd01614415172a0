import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeaseDecision, LeaseLimiter } from '../../use-cases/ports';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';
import { isConditionalCheckFailed } from './transactions';

/** Keys longer than this are refused: they would only ever come from a caller passing raw input. */
const MAX_KEY_LENGTH = 512;
/** Rounds of "full → drop the leases that ended → try again" before the caller is told to wait. */
const MAX_ATTEMPTS = 4;

interface LeaseSetItem {
  leases?: Record<string, number>;
}

/**
 * The leases of one key live in one item (`leases`: id → expiry in epoch seconds). Taking one is a single
 * conditional UpdateItem, "add this lease if the map holds fewer than `limit`": DynamoDB applies updates of one item
 * one at a time, so parallel acquisitions never exceed the limit and never have to retry one another. Only when the
 * map is full are its leases read, and the ones that ended (expired, or no longer held) removed before trying again.
 * The item expires through the table's TTL once its newest lease has.
 */
export class DynamoLeaseLimiter implements LeaseLimiter {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async acquire(
    key: string,
    leaseId: string,
    limit: number,
    expiresAt: Date,
    stillHeld: (leaseId: string) => Promise<boolean>,
  ): Promise<LeaseDecision> {
    checkKey(key);
    // Whole seconds, rounded down: a lease may end up to a second early, never later than asked.
    const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (await this.tryAdd(key, leaseId, limit, expiresAtSeconds))
        return { allowed: true, retryAfterSeconds: 0 };
      const out = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: keys.leaseSet(key), ConsistentRead: true }),
      );
      const leases = Object.entries((out.Item as LeaseSetItem | undefined)?.leases ?? {});
      const nowSeconds = this.clock().getTime() / 1000;
      const held = await Promise.all(
        leases.map(async ([id, until]) => until > nowSeconds && (await stillHeld(id))),
      );
      const live = leases.filter((_, i) => held[i]);
      if (live.length >= limit) {
        const firstEnd = Math.min(...live.map(([, until]) => until));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(firstEnd - nowSeconds)) };
      }
      await this.remove(
        key,
        leases.filter((_, i) => !held[i]).map(([id]) => id),
      );
    }
    // Still full after dropping what ended: others of this key are taking places as fast as they free up.
    return { allowed: false, retryAfterSeconds: 1 };
  }

  async release(key: string, leaseId: string): Promise<void> {
    checkKey(key);
    await this.remove(key, [leaseId]);
  }

  /** Adds the lease when the map has room (creating the item on first use); `false` when it is full. */
  private async tryAdd(
    key: string,
    leaseId: string,
    limit: number,
    expiresAtSeconds: number,
  ): Promise<boolean> {
    for (;;) {
      try {
        await this.doc.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.leaseSet(key),
            UpdateExpression: 'SET #leases.#id = :until, #expiresAt = :until',
            ConditionExpression: 'size(#leases) < :limit',
            ExpressionAttributeNames: { '#leases': 'leases', '#id': leaseId, '#expiresAt': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':until': expiresAtSeconds, ':limit': limit },
          }),
        );
        return true;
      } catch (e) {
        if (!isConditionalCheckFailed(e)) throw e;
        if (e.Item !== undefined || (await this.exists(key))) return false;
      }
      // First use of the key: an empty set (a parallel first use may have made it already; either is fine).
      await this.doc
        .send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...keys.leaseSet(key), type: itemTypes.leaseSet, leases: {} },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        )
        .catch((e: unknown) => {
          if (!isConditionalCheckFailed(e)) throw e;
        });
    }
  }

  private async exists(key: string): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.leaseSet(key),
        ConsistentRead: true,
        ProjectionExpression: 'PK',
      }),
    );
    return out.Item !== undefined;
  }

  private async remove(key: string, leaseIds: string[]): Promise<void> {
    if (leaseIds.length === 0) return;
    const names = Object.fromEntries(leaseIds.map((id, i) => [`#id${i}`, id]));
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.leaseSet(key),
          UpdateExpression: `REMOVE ${leaseIds.map((_, i) => `#leases.#id${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#leases': 'leases', ...names },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
}

function checkKey(key: string): void {
  if (key === '' || key.length > MAX_KEY_LENGTH) throw new RangeError('Lease keys are 1–512 characters');
}
