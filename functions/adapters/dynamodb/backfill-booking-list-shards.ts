/**
 * Moves the requests listed before issue 33 sharded the booking lists to their shard: the all-bookings key
 * (`BOOKINGS` on GSI2) to `BOOKINGS#<n>`, each status's key (`BOOKINGS#STATUS#<status>` on GSI3) to
 * `BOOKINGS#STATUS#<status>#<n>` and each month's (`BOOKINGS#MONTH#<yyyy-MM>` on GSI4) to `BOOKINGS#MONTH#<m>#<n>`
 * (`keys.bookingIndexes`, `n` the booking's list shard). Walks each old key page by page
 * (a Query, never a scan) and sets the booking's partition key of that index, conditional on it still being the old
 * one: a booking whose transition already wrote its shard (or whose status moved meanwhile) is left alone; the sort
 * key (`createdAt#id`) is kept. Idempotent: once the old keys are empty a run reads one empty page per key. The lists
 * and the dashboard's count read the old keys too until then, so nothing is missed meanwhile.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
import { bookingStatuses } from '../../domain/entities';
import type { BackfillResult } from './backfill-listing-keys';
import { moveToShards } from './backfill-gsi5-shards';
import { bookingListShardOf, keys } from './keys';
import { queryAll } from './pagination';
import type { IndexName } from './table-definition';

export async function backfillBookingListShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  // The month lists (GSI4): the old month keys cannot be listed, so each month from the oldest request's to the
  // newest's is walked (one empty query for a month already moved).
  const moves: { index: IndexName; unsharded: string; shardOf: (id: string) => string }[] = [
    {
      index: 'GSI2',
      unsharded: keys.allBookingsUnsharded,
      shardOf: (id) => keys.allBookingsShard(bookingListShardOf(id)),
    },
    ...bookingStatuses.map((status) => ({
      index: 'GSI3' as const,
      unsharded: keys.bookingsByStatusUnsharded(status),
      shardOf: (id: string) => keys.bookingStatusIndex(status, id),
    })),
    ...(await monthsListed(doc, tableName)).map((month) => ({
      index: 'GSI4' as const,
      unsharded: keys.bookingsByMonthUnsharded(month),
      shardOf: (id: string) => keys.bookingsByMonthShard(month, bookingListShardOf(id)),
    })),
  ];
  const total: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  for (const move of moves) {
    const r = await moveToShards(doc, tableName, { ...move, itemKey: keys.booking }, pageSize);
    total.examined += r.examined;
    total.updated += r.updated;
    total.skipped += r.skipped;
  }
  return total;
}

/** The Tokyo months (`yyyy-MM`) from the oldest listed request's to the newest's, both included. */
async function monthsListed(doc: DynamoDBDocumentClient, tableName: string): Promise<string[]> {
  const ends = await Promise.all(
    keys
      .allBookingsPartitions()
      .flatMap((partition) =>
        [true, false].map((ascending) =>
          queryAll(doc, tableName, { index: 'GSI2', partition, ascending }, 1),
        ),
      ),
  );
  const months = ends
    .flat()
    .map((item) => monthInZone(new Date(String(item.createdAt)), TOKYO_TIME_ZONE))
    .sort();
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  const out: string[] = [];
  let [year = 0, month = 1] = first.split('-').map(Number);
  for (let m = first; m <= last;) {
    out.push(m);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
    m = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  return out;
}
