/**
 * Earnings, payouts and the ledger in the single table (DESIGN §4g, keys in `keys.ts`). Every change of earnings is
 * written with its ledger entry and its counter moves in one transaction (`moneyTransactItems`), which other
 * repositories add to their own transactions (a booking's approval, a refund): the entry's id is the money event's,
 * so a second write of the same event is refused whole, and the earnings are conditional on the revision read.
 */
import {
  GetCommand,
  PutCommand,
  DeleteCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
import {
  hostTotalNames,
  marketTotalNames,
  totalsDelta,
  type Earnings,
  type HostTotals,
  type LedgerEntry,
  type MarketTotals,
  type PayoutStatus,
} from '../../domain/money';
import type { EarningsFilter, MoneyRepository, MoneyWrite, Payout } from '../../use-cases/money-ports';
import type { Page, PageRequest } from '../../use-cases/ports';
import { fromItem, toItem, type Item } from './items';
import { DynamoEarningsReader, earningsFromItem, type StoredEarnings } from './money-readers';
import { COUNTER_SHARDS, itemTypes, keys } from './keys';
import { queryAll, queryPage, type KeyQuery } from './pagination';
import {
  DEFAULT_MAX_TRANSACTION_ITEMS,
  TransactionCancelledError,
  transactWrite,
  type TransactItem,
  isConditionalCheckFailed,
} from './transactions';

const revisionOf = (e: Earnings): number => (e as Partial<StoredEarnings>).revision ?? 0;

function earningsItem(earnings: Earnings, revision: number): Item {
  const { revision: _drop, ...entity } = earnings as StoredEarnings;
  return toItem(
    { ...entity, revision },
    { ...keys.earnings(earnings.bookingId), type: itemTypes.earnings, ...keys.earningsIndexes(earnings) },
  );
}

function totalsUpdate(
  tableName: string,
  partition: string,
  deltas: Record<string, number>,
): TransactItem | null {
  const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
  if (entries.length === 0) return null;
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = { ':type': itemTypes.ledgerTotals };
  const adds = entries.map(([name, amount], i) => {
    names[`#t${i}`] = name;
    values[`:t${i}`] = amount;
    return `#t${i} :t${i}`;
  });
  return {
    Update: {
      TableName: tableName,
      // A random shard: concurrent money events rarely meet on one counter item.
      Key: keys.totalsShard(partition, Math.floor(Math.random() * COUNTER_SHARDS)),
      UpdateExpression: `SET #type = :type ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function entryPut(tableName: string, entry: LedgerEntry): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(entry, {
        ...keys.ledgerEntry(entry.id),
        type: itemTypes.ledgerEntry,
        ...keys.ledgerEntryIndexes({
          ...entry,
          tokyoMonth: monthInZone(new Date(entry.createdAt), TOKYO_TIME_ZONE),
        }),
      }),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The counter updates of a ledger entry and an earnings change (at most two items: marketplace and host). */
export function totalsItems(
  tableName: string,
  hostId: string,
  before: Pick<Earnings, 'status' | 'net'> | null,
  after: Pick<Earnings, 'status' | 'net'> | null,
  entry: LedgerEntry | null,
): TransactItem[] {
  const delta = totalsDelta(before, after, entry);
  return [
    totalsUpdate(tableName, keys.marketTotals, delta.market),
    totalsUpdate(tableName, keys.hostTotals(hostId), delta.host),
  ].filter((i): i is TransactItem => i !== null);
}

/**
 * The transaction items of a money write: the earnings (conditional on the revision read, or on not existing),
 * the ledger entry (conditional on not existing) and the counters. The earnings come first: a caller that puts
 * these after its own items finds a refused write at `offset` (earnings) or `offset + 1` (entry).
 */
export function moneyTransactItems(tableName: string, write: MoneyWrite): TransactItem[] {
  const revision = write.before ? revisionOf(write.before) : 0;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: earningsItem(write.after, revision + 1),
        ...(write.before
          ? {
              ConditionExpression: '#revision = :revision',
              ExpressionAttributeNames: { '#revision': 'revision' },
              ExpressionAttributeValues: { ':revision': revision },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
  ];
  if (write.entry) items.push(entryPut(tableName, write.entry));
  items.push(...totalsItems(tableName, write.after.hostId, write.before, write.after, write.entry));
  return items;
}

function sumTotals<K extends string>(names: readonly K[], shards: Item[]): Record<K, number> {
  const totals = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  for (const shard of shards) {
    for (const n of names) {
      const v = shard[n];
      if (typeof v === 'number') totals[n] += v;
    }
  }
  return totals;
}

function payoutItem(payout: Payout): Item {
  return toItem(payout, {
    ...keys.payout(payout.id),
    type: itemTypes.payout,
    ...keys.payoutIndexes(payout),
  });
}

/**
 * The sort-key condition of an index keyed by instant (`keys.timeRange`) for `from`/`to` as ISO instants, either
 * one open; nothing when neither is given.
 */
function timeRangeCondition(from?: string, to?: string): Pick<KeyQuery, 'sortCondition' | 'sortValues'> {
  if (!from && !to) return {};
  const range = keys.timeRange(from ?? '1970-01-01T00:00:00.000Z', to ?? '9999-12-31T00:00:00.000Z');
  return {
    sortCondition: '#sk BETWEEN :start AND :end',
    sortValues: { ':start': range.start, ':end': range.end },
  };
}

export class DynamoMoneyRepository extends DynamoEarningsReader implements MoneyRepository {
  constructor(
    doc: DynamoDBDocumentClient,
    tableName: string,
    private readonly maxTransactionItems = DEFAULT_MAX_TRANSACTION_ITEMS,
  ) {
    super(doc, tableName);
  }

  async listHostEarnings(hostId: string, filter: EarningsFilter & PageRequest): Promise<Page<Earnings>> {
    const { from, to, status, ...page } = filter;
    const q: KeyQuery = {
      index: 'GSI1',
      partition: keys.hostEarnings(hostId),
      ascending: false,
      ...(from || to
        ? {
            sortCondition: '#sk BETWEEN :start AND :end',
            sortValues: { ':start': `${from ?? '0000-00-00'}#`, ':end': `${to ?? '9999-99-99'}#~` },
          }
        : {}),
      ...(status
        ? {
            filter: {
              expression: '#status = :status',
              names: { '#status': 'status' },
              values: { ':status': status },
            },
          }
        : {}),
    };
    const result = await queryPage(this.doc, this.tableName, q, page);
    return { ...result, items: result.items.map(earningsFromItem) };
  }

  async hostTotals(hostId: string): Promise<HostTotals> {
    return sumTotals(hostTotalNames, await this.shards(keys.hostTotals(hostId)));
  }

  async marketTotals(): Promise<MarketTotals> {
    return sumTotals(marketTotalNames, await this.shards(keys.marketTotals));
  }

  async applyMoney(write: MoneyWrite): Promise<boolean> {
    try {
      await transactWrite(this.doc, () => moneyTransactItems(this.tableName, write));
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError && (e.conditionFailedAt(0) || e.conditionFailedAt(1)))
        return false;
      throw e;
    }
  }

  async listDue(now: Date, limit: number): Promise<Earnings[]> {
    const items = await queryAll(
      this.doc,
      this.tableName,
      {
        index: 'GSI5',
        partition: keys.earningsDue,
        sortCondition: '#sk <= :dueBy',
        sortValues: { ':dueBy': `${now.toISOString()}#~` },
        ascending: true,
      },
      Math.max(1, Math.trunc(limit)),
      (item) => item.status === 'upcoming',
    );
    return items.map(earningsFromItem);
  }

  async mature(earnings: readonly Earnings[], now: Date): Promise<number> {
    // Per host (its counter item once per transaction): each earnings is a put and a check of its booking.
    const perTransaction = Math.max(1, Math.floor((this.maxTransactionItems - 1) / 2));
    const build = (hostId: string, part: readonly Earnings[]): TransactItem[] => {
      const sum = part.reduce((s, e) => s + e.net, 0);
      const counter = totalsUpdate(this.tableName, keys.hostTotals(hostId), { upcoming: -sum, payable: sum });
      return [
        ...part.map((e) =>
          this.conditionalEarningsPut(
            e,
            { ...e, status: 'payable', updatedAt: now.toISOString() },
            'upcoming',
          ),
        ),
        ...part.map((e) => this.noRefundOwed(e.bookingId)),
        ...(counter ? [counter] : []),
      ];
    };
    let matured = 0;
    for (const [hostId, list] of groupBy(earnings, (e) => e.hostId)) {
      for (const part of chunks(list, perTransaction)) {
        if (await this.writeUnlessRefused(build(hostId, part))) {
          matured += part.length;
          continue;
        }
        // One of them changed meanwhile (or owes a refund): the others still move, one by one.
        if (part.length > 1) {
          for (const one of part) if (await this.writeUnlessRefused(build(hostId, [one]))) matured++;
        }
      }
    }
    return matured;
  }

  async listPayable(limit: number, hostId?: string): Promise<Earnings[]> {
    const items = await queryAll(
      this.doc,
      this.tableName,
      {
        index: 'GSI3',
        partition: keys.earningsPayable,
        ascending: true,
        ...(hostId
          ? { sortCondition: 'begins_with(#sk, :host)', sortValues: { ':host': `${hostId}#` } }
          : {}),
      },
      Math.max(1, Math.trunc(limit)),
      (item) => item.status === 'payable',
    );
    return items.map(earningsFromItem);
  }

  async lockHostPayouts(hostId: string, token: string, now: Date, until: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.payoutLock(hostId), type: itemTypes.payoutLock, token, until: until.toISOString() },
          ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }

  async unlockHostPayouts(hostId: string, token: string): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: keys.payoutLock(hostId),
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      );
    } catch (e) {
      // Another run holds it now (ours ran out): it is theirs to release.
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }

  async createPayout(payout: Payout): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: payoutItem(payout),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async addToPayout(payout: Payout, earnings: readonly Earnings[], now: Date): Promise<boolean> {
    if (earnings.length === 0) return true;
    const sum = earnings.reduce((s, e) => s + e.net, 0);
    const items: TransactItem[] = earnings.map((e) =>
      this.conditionalEarningsPut(
        e,
        { ...e, status: 'paid', payoutId: payout.id, updatedAt: now.toISOString() },
        'payable',
      ),
    );
    items.push({
      Update: {
        TableName: this.tableName,
        Key: keys.payout(payout.id),
        UpdateExpression:
          'SET #bookingIds = list_append(#bookingIds, :ids), #updatedAt = :now ADD #earningsTotal :sum',
        ConditionExpression: '#status = :creating',
        ExpressionAttributeNames: {
          '#bookingIds': 'bookingIds',
          '#updatedAt': 'updatedAt',
          '#earningsTotal': 'earningsTotal',
          '#status': 'status',
        },
        ExpressionAttributeValues: {
          ':ids': earnings.map((e) => e.bookingId),
          ':now': now.toISOString(),
          ':sum': sum,
          ':creating': 'creating',
        },
      },
    });
    const counter = totalsUpdate(this.tableName, keys.hostTotals(payout.hostId), { payable: -sum });
    if (counter) items.push(counter);
    try {
      await transactWrite(this.doc, () => items);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError) return false;
      throw e;
    }
  }

  async schedulePayout(
    payout: Payout,
    entry: LedgerEntry,
    gatewayPayoutId: string | null,
    arrivalDate: string | null,
    now: Date,
  ): Promise<boolean> {
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.payout(payout.id),
            UpdateExpression:
              'SET #status = :scheduled, #gatewayPayoutId = :gid, #arrivalDate = :arrival, ' +
              '#amount = :amount, #updatedAt = :now, GSI3PK = :statusPk',
            ConditionExpression: '#status = :creating',
            ExpressionAttributeNames: {
              '#status': 'status',
              '#gatewayPayoutId': 'gatewayPayoutId',
              '#arrivalDate': 'arrivalDate',
              '#amount': 'amount',
              '#updatedAt': 'updatedAt',
            },
            ExpressionAttributeValues: {
              ':scheduled': 'scheduled',
              ':creating': 'creating',
              ':gid': gatewayPayoutId,
              ':arrival': arrivalDate,
              ':amount': payout.amount,
              ':now': now.toISOString(),
              ':statusPk': keys.payoutsByStatus('scheduled'),
            },
          },
        },
        entryPut(this.tableName, entry),
        ...totalsItems(this.tableName, payout.hostId, null, null, entry),
      ]);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError && (e.conditionFailedAt(0) || e.conditionFailedAt(1)))
        return false;
      throw e;
    }
  }

  async markPayoutPaid(payoutId: string, arrivalDate: string | null, now: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.payout(payoutId),
          UpdateExpression:
            'SET #status = :paid, #arrivalDate = if_not_exists(#arrivalDate, :arrival), #updatedAt = :now, GSI3PK = :statusPk',
          ConditionExpression: '#status = :scheduled',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#arrivalDate': 'arrivalDate',
            '#updatedAt': 'updatedAt',
          },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':scheduled': 'scheduled',
            ':arrival': arrivalDate,
            ':now': now.toISOString(),
            ':statusPk': keys.payoutsByStatus('paid'),
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  }

  async failPayout(
    payout: Payout,
    failureMessage: string,
    entry: LedgerEntry | null,
    now: Date,
  ): Promise<boolean> {
    // First the payout itself (once): only the caller that moved it gives the money and the earnings back.
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.payout(payout.id),
          UpdateExpression:
            'SET #status = :failed, #failureMessage = :message, #updatedAt = :now, GSI3PK = :statusPk',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#failureMessage': 'failureMessage',
            '#updatedAt': 'updatedAt',
          },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':from': payout.status,
            ':message': failureMessage,
            ':now': now.toISOString(),
            ':statusPk': keys.payoutsByStatus('failed'),
          },
        }),
      );
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
    if (entry) {
      await this.writeUnlessRefused([
        entryPut(this.tableName, entry),
        ...totalsItems(this.tableName, payout.hostId, null, null, entry),
      ]);
    }
    await this.returnEarnings(payout, now);
    return true;
  }

  async getPayout(id: string): Promise<Payout | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.payout(id), ConsistentRead: true }),
    );
    return out.Item ? fromItem<Payout>(out.Item) : null;
  }

  async listCreatingPayouts(limit: number): Promise<Payout[]> {
    const items = await queryAll(
      this.doc,
      this.tableName,
      { index: 'GSI3', partition: keys.payoutsByStatus('creating'), ascending: true },
      Math.max(1, Math.trunc(limit)),
      (item) => item.status === 'creating',
    );
    return items.map((i) => fromItem<Payout>(i));
  }

  async listHostPayouts(
    hostId: string,
    page: PageRequest & { from?: string; to?: string },
  ): Promise<Page<Payout>> {
    const { from, to, ...rest } = page;
    // Issue 28: a statement reads the payouts made in its month (`from`/`to` as ISO instants), not all of them.
    return this.payoutPage(
      {
        index: 'GSI1',
        partition: keys.hostPayouts(hostId),
        ascending: false,
        ...timeRangeCondition(from, to),
      },
      rest,
    );
  }

  async listPayouts(filter: { status?: PayoutStatus } & PageRequest): Promise<Page<Payout>> {
    const { status, ...page } = filter;
    return this.payoutPage(
      status
        ? { index: 'GSI3', partition: keys.payoutsByStatus(status), ascending: false }
        : { index: 'GSI2', partition: keys.allPayouts, ascending: false },
      page,
    );
  }

  async listHostEntries(
    hostId: string,
    page: PageRequest & { from?: string; to?: string },
  ): Promise<Page<LedgerEntry>> {
    const { from, to, ...rest } = page;
    const result = await queryPage(
      this.doc,
      this.tableName,
      {
        index: 'GSI1',
        partition: keys.hostLedger(hostId),
        ascending: true,
        ...timeRangeCondition(from, to),
      },
      rest,
    );
    return { ...result, items: result.items.map((i) => fromItem<LedgerEntry>(i)) };
  }

  async listEntriesOfMonth(month: string, page: PageRequest): Promise<Page<LedgerEntry>> {
    const result = await queryPage(
      this.doc,
      this.tableName,
      { index: 'GSI4', partition: keys.ledgerOfMonth(month), ascending: true },
      page,
    );
    return { ...result, items: result.items.map((i) => fromItem<LedgerEntry>(i)) };
  }

  /** The earnings of a failed payout back to payable, in transactions that fit. */
  private async returnEarnings(payout: Payout, now: Date): Promise<void> {
    for (const ids of chunks(payout.bookingIds, this.maxTransactionItems - 1)) {
      const current = (await Promise.all(ids.map((id) => this.earningsOf(id)))).filter(
        (e): e is Earnings => e !== null && e.status === 'paid' && e.payoutId === payout.id,
      );
      if (current.length === 0) continue;
      const sum = current.reduce((s, e) => s + e.net, 0);
      const items: TransactItem[] = current.map((e) =>
        this.conditionalEarningsPut(
          e,
          { ...e, status: 'payable', payoutId: null, updatedAt: now.toISOString() },
          'paid',
        ),
      );
      const counter = totalsUpdate(this.tableName, keys.hostTotals(payout.hostId), { payable: sum });
      if (counter) items.push(counter);
      await this.writeUnlessRefused(items);
    }
  }

  /** `false` when a condition refused the transaction (nothing written: already done, or changed meanwhile). */
  private async writeUnlessRefused(items: TransactItem[]): Promise<boolean> {
    try {
      await transactWrite(this.doc, () => items);
      return true;
    } catch (e) {
      if (e instanceof TransactionCancelledError) return false;
      throw e;
    }
  }

  private noRefundOwed(bookingId: string): TransactItem {
    return {
      ConditionCheck: {
        TableName: this.tableName,
        Key: keys.booking(bookingId),
        // A cancelled booking whose refund is still owed is not payable until the refund is settled.
        ConditionExpression:
          'attribute_not_exists(#refundStatus) OR attribute_type(#refundStatus, :null) OR #refundStatus = :succeeded',
        ExpressionAttributeNames: { '#refundStatus': 'refundStatus' },
        ExpressionAttributeValues: { ':null': 'NULL', ':succeeded': 'succeeded' },
      },
    };
  }

  private conditionalEarningsPut(
    before: Earnings,
    after: Earnings,
    status: Earnings['status'],
  ): TransactItem {
    const revision = revisionOf(before);
    return {
      Put: {
        TableName: this.tableName,
        Item: earningsItem(after, revision + 1),
        ConditionExpression: '#revision = :revision AND #status = :status',
        ExpressionAttributeNames: { '#revision': 'revision', '#status': 'status' },
        ExpressionAttributeValues: { ':revision': revision, ':status': status },
      },
    };
  }

  private async payoutPage(q: KeyQuery, page: PageRequest): Promise<Page<Payout>> {
    const result = await queryPage(this.doc, this.tableName, q, page);
    return { ...result, items: result.items.map((i) => fromItem<Payout>(i)) };
  }

  /** Every shard of a counter partition, read consistently (the payout job decides amounts on them). */
  private async shards(partition: string): Promise<Item[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'PK' },
        ExpressionAttributeValues: { ':pk': partition },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []) as Item[];
  }
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const n = Math.max(1, size);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}
