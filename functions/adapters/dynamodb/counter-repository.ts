import { type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CounterRepository, DashboardCounts } from '../../use-cases/ports';
import { COUNTER_SHARDS, counters, itemTypes, keys } from './keys';
import { queryAll } from './pagination';
import type { TransactItem } from './transactions';

/**
 * The transaction item that adds one to a random shard of a counter. Writers spread over the shards so that
 * concurrent transactions rarely meet on one counter item (each meeting is a TransactionConflict and a retry).
 */
export function bumpCounter(tableName: string, name: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.counterShard(name, Math.floor(Math.random() * COUNTER_SHARDS)),
      UpdateExpression: 'SET #type = :type ADD #count :one',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: { ':type': itemTypes.counter, ':one': 1 },
    },
  };
}

export class DynamoCounterRepository implements CounterRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** The sum of the counter's shards (one Query of at most COUNTER_SHARDS small items); 0 if never counted. */
  async read(name: string): Promise<number> {
    const shards = await queryAll(this.doc, this.tableName, {
      partition: keys.counterPartition(name),
      ascending: true,
    });
    return shards.reduce((sum, s) => sum + (typeof s.count === 'number' ? s.count : 0), 0);
  }

  async adminDashboard(tokyoMonth: string): Promise<DashboardCounts> {
    const [totalBookings, bookingsThisMonth, totalHosts] = await Promise.all([
      this.read(counters.bookings),
      this.read(counters.bookingsInMonth(tokyoMonth)),
      this.read(counters.hosts),
    ]);
    return { totalBookings, bookingsThisMonth, totalHosts };
  }

  async hostDashboard(
    hostId: string,
    tokyoMonth: string,
  ): Promise<{ totalBookings: number; bookingsThisMonth: number }> {
    const [totalBookings, bookingsThisMonth] = await Promise.all([
      this.read(counters.hostBookings(hostId)),
      this.read(counters.hostBookingsInMonth(hostId, tokyoMonth)),
    ]);
    return { totalBookings, bookingsThisMonth };
  }
}
