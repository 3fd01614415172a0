/**
 * Moves the requests listed before issue 33 sharded the booking lists to their shard: the all-bookings key
 * (`BOOKINGS` on GSI2) to `BOOKINGS#<n>`, and each status's key (`BOOKINGS#STATUS#<status>` on GSI3) to
 * `BOOKINGS#STATUS#<status>#<n>` (`keys.bookingIndexes`, `n` the booking's list shard). Walks each old key page by page
 * (a Query, never a scan) and sets the booking's partition key of that index, conditional on it still being the old
 * one: a booking whose transition already wrote its shard (or whose status moved meanwhile) is left alone; the sort
 * key (`createdAt#id`) is kept. Idempotent: once the old keys are empty a run reads one empty page per key. The lists
 * and the dashboard's count read the old keys too until then, so nothing is missed meanwhile.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { bookingStatuses } from '../../domain/entities';
import type { BackfillResult } from './backfill-listing-keys';
import { moveToShards } from './backfill-gsi5-shards';
import { bookingListShardOf, keys } from './keys';

export async function backfillBookingListShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  const total: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  const add = (r: BackfillResult) => {
    total.examined += r.examined;
    total.updated += r.updated;
    total.skipped += r.skipped;
  };
  add(
    await moveToShards(
      doc,
      tableName,
      {
        index: 'GSI2',
        unsharded: keys.allBookingsUnsharded,
        shardOf: (id) => keys.allBookingsShard(bookingListShardOf(id)),
        itemKey: keys.booking,
      },
      pageSize,
    ),
  );
  for (const status of bookingStatuses) {
    add(
      await moveToShards(
        doc,
        tableName,
        {
          index: 'GSI3',
          unsharded: keys.bookingsByStatusUnsharded(status),
          shardOf: (id) => keys.bookingStatusIndex(status, id),
          itemKey: keys.booking,
        },
        pageSize,
      ),
    );
  }
  return total;
}
