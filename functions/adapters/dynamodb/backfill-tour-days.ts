/**
 * Gives the bookings made before tours had a length (DESIGN §4j) the time they hold: each open request or upcoming
 * approved booking without `durationMinutes` keeps its hour (60 minutes, no buffer) and adds its four quarter hours
 * to its tour day, in one transaction conditional on the booking still being open and still without a length, so a
 * transition at the same moment (a cancellation releasing the old way) is never undone and nothing is counted twice.
 * Its start counter already counted it. Reads the two status indexes (Query, never a scan); idempotent: run it again
 * any time. Unpaid holds of that time (at most 15 minutes old) are left to lapse the old way.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_DURATION_MINUTES } from '../../domain/tour-span';
import { bookingFromItem } from './booking-repository';
import { keys } from './keys';
import { queryPage } from './pagination';
import { tourQuartersAddItems } from './tour-hold-items';
import { TransactionCancelledError, transactWrite } from './transactions';
import type { BackfillResult } from './backfill-listing-keys';

export async function backfillTourDays(
  doc: DynamoDBDocumentClient,
  tableName: string,
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  // Each shard of a status's list and its single key of before the shards (issue 33), one after another.
  const walks = (['pending', 'approved'] as const).flatMap((status) =>
    keys.bookingsByStatusPartitions(status).map((partition) => ({ status, partition })),
  );
  for (const { status, partition } of walks) {
    let cursor: string | undefined;
    do {
      const page = await queryPage(
        doc,
        tableName,
        { index: 'GSI3', partition, ascending: false },
        { limit: 100, ...(cursor ? { cursor } : {}) },
      );
      for (const item of page.items) {
        result.examined++;
        const booking = bookingFromItem(item);
        if (booking.durationMinutes !== undefined || booking.status !== status) continue;
        try {
          await transactWrite(doc, () => [
            {
              Update: {
                TableName: tableName,
                Key: keys.booking(booking.id),
                UpdateExpression: 'SET #duration = :duration, #buffer = :zero',
                ConditionExpression:
                  'attribute_exists(PK) AND #status = :status AND attribute_not_exists(#duration)',
                ExpressionAttributeNames: {
                  '#duration': 'durationMinutes',
                  '#buffer': 'bufferMinutes',
                  '#status': 'status',
                },
                ExpressionAttributeValues: {
                  ':duration': DEFAULT_DURATION_MINUTES,
                  ':zero': 0,
                  ':status': status,
                },
              },
            },
            ...tourQuartersAddItems(tableName, {
              experienceId: booking.experienceId,
              date: booking.date,
              time: booking.time,
              durationMinutes: DEFAULT_DURATION_MINUTES,
              bufferMinutes: 0,
            }),
          ]);
          result.updated++;
        } catch (e) {
          if (!(e instanceof TransactionCancelledError && e.conditionFailedAt(0))) throw e;
          result.skipped++;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return result;
}
