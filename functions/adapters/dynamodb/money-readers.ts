/**
 * The two reads of the money side the guest's functions need (DESIGN §4g): a booking's earnings (a refund settles
 * with its entry) and a host's payout profile (a booking copies the commission and pays into the account). Kept
 * apart from the repositories that write money, so that a function which only reads these two does not carry the
 * payout, ledger and hold code in its bundle (`functions/adapters/runtime/money-adapters.ts` builds the full ones).
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_COMMISSION_PERCENT, type Earnings } from '../../domain/money';
import type { PayoutAccount } from '../../domain/payout-account';
import type {
  MoneyRepository,
  PayoutHold,
  PayoutProfile,
  PayoutProfileRepository,
} from '../../use-cases/money-ports';
import { fromItem, type Item } from './items';
import { keys } from './keys';

/** Earnings as stored: the entity and its revision (every write is conditional on the revision read). */
export interface StoredEarnings extends Earnings {
  revision: number;
}

export const earningsFromItem = (item: Item): StoredEarnings => fromItem<StoredEarnings>(item);

export function profileOf(hostId: string, item: Item | undefined): PayoutProfile {
  return {
    hostId,
    commissionPercent:
      typeof item?.commissionPercent === 'number' ? item.commissionPercent : DEFAULT_COMMISSION_PERCENT,
    account: (item?.account as PayoutAccount | undefined) ?? null,
    hold: (item?.hold as PayoutHold | undefined) ?? null,
  };
}

export class DynamoEarningsReader implements Pick<MoneyRepository, 'earningsOf'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async earningsOf(bookingId: string): Promise<Earnings | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.earnings(bookingId), ConsistentRead: true }),
    );
    return out.Item ? earningsFromItem(out.Item) : null;
  }
}

export class DynamoPayoutProfileReader implements Pick<PayoutProfileRepository, 'get'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(hostId: string): Promise<PayoutProfile> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.payoutProfile(hostId), ConsistentRead: true }),
    );
    return profileOf(hostId, out.Item);
  }
}
