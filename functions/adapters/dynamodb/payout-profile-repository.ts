/**
 * Hosts' payout profiles (DESIGN §4g): commission, connected account and payout hold, in an item of their own beside
 * the host (`HOST#<id>/PAYOUT_PROFILE`). The host item is rewritten whole by profile saves; keeping money state
 * apart means a host's save can never write back an old commission or account status. Every change is an
 * UpdateItem of its own attributes.
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors';
import type { PayoutAccount } from '../../domain/payout-account';
import type {
  PayoutHold,
  PayoutHoldLogEntry,
  PayoutProfile,
  PayoutProfileRepository,
} from '../../use-cases/money-ports';
import type { Item } from './items';
import { DynamoPayoutProfileReader, profileOf } from './money-readers';
import { itemTypes, keys } from './keys';
import { queryAll } from './pagination';
import { TransactionCancelledError, transactWrite, isConditionalCheckFailed } from './transactions';

export const payoutHoldMessages = {
  alreadyHeld: 'このホストへの支払いはすでに保留中です。',
  notHeld: 'このホストへの支払いは保留されていません。',
} as const;

export class DynamoPayoutProfileRepository
  extends DynamoPayoutProfileReader
  implements PayoutProfileRepository
{
  async getMany(hostIds: readonly string[]): Promise<Map<string, PayoutProfile>> {
    const unique = [...new Set(hostIds)];
    const found = new Map<string, Item>();
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
        [this.tableName]: { Keys: unique.slice(i, i + 100).map((id) => keys.payoutProfile(id)) },
      };
      while (request && Object.keys(request).length > 0) {
        const out = await this.doc.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of out.Responses?.[this.tableName] ?? []) found.set(String(item.hostId), item);
        request = out.UnprocessedKeys as typeof request;
      }
    }
    return new Map(unique.map((id) => [id, profileOf(id, found.get(id))]));
  }

  async setCommission(hostId: string, percent: number, now: Date): Promise<PayoutProfile> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.payoutProfile(hostId),
        UpdateExpression:
          'SET #type = :type, #hostId = :hostId, #commissionPercent = :percent, #updatedAt = :now',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#hostId': 'hostId',
          '#commissionPercent': 'commissionPercent',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ':type': itemTypes.payoutProfile,
          ':hostId': hostId,
          ':percent': percent,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return profileOf(hostId, out.Attributes);
  }

  async attachAccount(hostId: string, account: PayoutAccount): Promise<PayoutAccount> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.payoutProfile(hostId),
            UpdateExpression: 'SET #type = :type, #hostId = :hostId, #account = :account',
            ConditionExpression: 'attribute_not_exists(#account) OR attribute_type(#account, :null)',
            ExpressionAttributeNames: { '#type': 'type', '#hostId': 'hostId', '#account': 'account' },
            ExpressionAttributeValues: {
              ':type': itemTypes.payoutProfile,
              ':hostId': hostId,
              ':account': account,
              ':null': 'NULL',
            },
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.connectAccount(account.accountId),
              type: itemTypes.connectAccount,
              hostId,
              accountId: account.accountId,
            },
          },
        },
      ]);
      return account;
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        const current = (await this.get(hostId)).account;
        if (current) return current;
      }
      throw e;
    }
  }

  async updateAccount(hostId: string, account: PayoutAccount): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.payoutProfile(hostId),
          UpdateExpression: 'SET #account = :account',
          // Only the host's own account, and never an older state over a newer one.
          ConditionExpression: '#account.#accountId = :accountId AND #account.#updatedAt <= :updatedAt',
          ExpressionAttributeNames: {
            '#account': 'account',
            '#accountId': 'accountId',
            '#updatedAt': 'updatedAt',
          },
          ExpressionAttributeValues: {
            ':account': account,
            ':accountId': account.accountId,
            ':updatedAt': account.updatedAt,
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }

  async hostOfAccount(accountId: string): Promise<string | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.connectAccount(accountId) }),
    );
    return typeof out.Item?.hostId === 'string' ? out.Item.hostId : null;
  }

  async hold(hostId: string, hold: PayoutHold): Promise<PayoutHold> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.payoutProfile(hostId),
            UpdateExpression:
              'SET #type = :type, #hostId = :hostId, #hold = :hold, GSI3PK = :pk, GSI3SK = :sk',
            ConditionExpression: 'attribute_not_exists(#hold) OR attribute_type(#hold, :null)',
            ExpressionAttributeNames: { '#type': 'type', '#hostId': 'hostId', '#hold': 'hold' },
            ExpressionAttributeValues: {
              ':type': itemTypes.payoutProfile,
              ':hostId': hostId,
              ':hold': hold,
              ':null': 'NULL',
              ':pk': keys.payoutHoldIndex(hold.since, hostId).GSI3PK,
              ':sk': keys.payoutHoldIndex(hold.since, hostId).GSI3SK,
            },
          },
        },
        this.logPut(hostId, { action: 'hold', reason: hold.reason, by: hold.by, at: hold.since }),
      ]);
      return hold;
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        throw new DomainError('state_conflict', payoutHoldMessages.alreadyHeld);
      }
      throw e;
    }
  }

  async release(hostId: string, by: string, now: Date): Promise<void> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.payoutProfile(hostId),
            UpdateExpression: 'SET #hold = :null REMOVE GSI3PK, GSI3SK',
            ConditionExpression: 'attribute_exists(#hold) AND NOT attribute_type(#hold, :nullType)',
            ExpressionAttributeNames: { '#hold': 'hold' },
            ExpressionAttributeValues: { ':null': null, ':nullType': 'NULL' },
          },
        },
        this.logPut(hostId, { action: 'release', reason: null, by, at: now.toISOString() }),
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        throw new DomainError('state_conflict', payoutHoldMessages.notHeld);
      }
      throw e;
    }
  }

  async listHeld(): Promise<{ hostId: string; hold: PayoutHold }[]> {
    const items = await queryAll(this.doc, this.tableName, {
      index: 'GSI3',
      partition: keys.hostsWithPayoutHold,
      ascending: true,
    });
    return items
      .filter((i) => i.hold && typeof i.hostId === 'string')
      .map((i) => ({ hostId: String(i.hostId), hold: i.hold as PayoutHold }));
  }

  async holdLog(hostId: string): Promise<PayoutHoldLogEntry[]> {
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.hostPartition(hostId),
      sortCondition: 'begins_with(#sk, :prefix)',
      sortValues: { ':prefix': keys.payoutHoldLogPrefix },
      ascending: false,
    });
    return items.map((i) => ({
      action: i.action as PayoutHoldLogEntry['action'],
      reason: (i.reason as string | null) ?? null,
      by: String(i.by),
      at: String(i.at),
    }));
  }

  private logPut(hostId: string, entry: PayoutHoldLogEntry) {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.payoutHoldLog(hostId, entry.at, randomUUID()),
          type: itemTypes.payoutHoldLog,
          ...entry,
        },
      },
    };
  }
}
