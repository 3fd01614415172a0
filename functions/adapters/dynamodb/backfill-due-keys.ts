/**
 * Gives bookings stored before the jobs' "work due" index (GSI8, issue 33) its keys: every approved booking its
 * tour start, every completed booking whose tour is recent enough to be owed a review mail (the last 31 days) the
 * day its invitation falls due (the invitation job then moves it on or removes it as it finds the mails sent).
 * Walks the by-status index of those two statuses (Query, page by page, never a Scan) and writes only what is
 * missing, conditional on the status read, so a transition at the same moment is never undone. Idempotent.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays, todayInTokyo } from '../../domain/calendar';
import type { BookingStatus } from '../../domain/entities';
import { REVIEW_LINK_VALID_DAYS } from '../../domain/reviews';
import type { BackfillResult } from './backfill-listing-keys';
import { bookingFromItem, dueWorkKeys } from './booking-repository';
import { keys } from './keys';
import { queryPage } from './pagination';

export async function backfillDueKeys(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: Date = new Date(),
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  const oldestOwed = addDays(todayInTokyo(now), -(REVIEW_LINK_VALID_DAYS + 1));
  for (const status of ['approved', 'completed'] as BookingStatus[]) {
    let cursor: string | undefined;
    do {
      const page = await queryPage(
        doc,
        tableName,
        { index: 'GSI3', partition: keys.bookingsByStatus(status), ascending: false },
        { limit: 100, ...(cursor ? { cursor } : {}) },
      );
      for (const item of page.items) {
        result.examined++;
        const booking = bookingFromItem(item);
        if (booking.status !== status || item.GSI8PK !== undefined) continue;
        // A completed tour older than the review mails' 30 days is owed nothing: it stays out of the index.
        if (status === 'completed' && booking.date < oldestOwed) continue;
        const due = dueWorkKeys(booking);
        try {
          await doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.booking(booking.id),
              UpdateExpression: 'SET GSI8PK = :pk, GSI8SK = :sk',
              ConditionExpression:
                'attribute_exists(PK) AND #status = :status AND attribute_not_exists(GSI8PK)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': status, ':pk': due.GSI8PK, ':sk': due.GSI8SK },
            }),
          );
          result.updated++;
        } catch (e) {
          if ((e as { name?: string }).name !== 'ConditionalCheckFailedException') throw e;
          result.skipped++;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return result;
}
