import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeaseDecision, LeaseLimiter } from '../../use-cases/ports';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** Keys longer than this are refused: they would only ever come from a caller passing raw input. */
const MAX_KEY_LENGTH = 512;
/** Lost races (another acquisition of the same key in between) retried before the caller is told to wait. */
const MAX_ATTEMPTS = 5;

interface LeaseSetItem {
  leases?: Record<string, number>;
  version?: number;
}

/**
 * The leases of one key live in one item (`leases`: id → expiry in epoch seconds) with a `version`. An acquisition
 * reads the item, drops what ended, and writes it back on condition that the version is still the one it read:
 * two parallel acquisitions of the same key cannot both take the last place (the loser reads again). The item
 * expires through the table's TTL once its last lease has.
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
      const out = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: keys.leaseSet(key), ConsistentRead: true }),
      );
      const item = out.Item as LeaseSetItem | undefined;
      const nowSeconds = this.clock().getTime() / 1000;
      const unexpired = Object.entries(item?.leases ?? {}).filter(
        ([id, until]) => until > nowSeconds && id !== leaseId,
      );
      const held = await Promise.all(unexpired.map(async ([id]) => stillHeld(id)));
      const live = unexpired.filter((_, i) => held[i]);
      if (live.length >= limit) {
        const firstEnd = Math.min(...live.map(([, until]) => until));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(firstEnd - nowSeconds)) };
      }
      const leases = Object.fromEntries([...live, [leaseId, expiresAtSeconds]]);
      const version = item?.version ?? 0;
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              ...keys.leaseSet(key),
              type: itemTypes.leaseSet,
              leases,
              version: version + 1,
              [TTL_ATTRIBUTE]: Math.max(...Object.values(leases)),
            },
            ConditionExpression: item ? '#version = :version' : 'attribute_not_exists(PK)',
            ...(item
              ? {
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': version },
                }
              : {}),
          }),
        );
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (e) {
        if (!(e instanceof ConditionalCheckFailedException)) throw e;
      }
    }
    // Still contended after several tries: this key is being hammered in parallel; a moment later will do.
    return { allowed: false, retryAfterSeconds: 1 };
  }

  async release(key: string, leaseId: string): Promise<void> {
    checkKey(key);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.leaseSet(key),
          // The version moves too, so an acquisition that read the lease before cannot write it back.
          UpdateExpression: 'REMOVE #leases.#id ADD #version :one',
          ConditionExpression: 'attribute_exists(#leases.#id)',
          ExpressionAttributeNames: { '#leases': 'leases', '#id': leaseId, '#version': 'version' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return;
      throw e;
    }
  }
}

function checkKey(key: string): void {
  if (key === '' || key.length > MAX_KEY_LENGTH) throw new RangeError('Lease keys are 1–512 characters');
}
