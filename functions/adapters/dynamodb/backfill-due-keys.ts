/**
 * Gives bookings stored before the jobs' "work due" index (GSI8, issue 33) its keys: every approved booking its
 * tour start, every completed booking still owed a review mail (recent enough, not reviewed, not yet reminded) the
 * day that mail falls due, from the mails already recorded (`nextReviewMailOn`, as the invitation job does).
 * Walks the by-status index of those two statuses (Query, page by page, never a table scan) and writes only what is
 * missing, conditional on the status read, so a transition at the same moment is never undone. Idempotent.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays, todayInTokyo } from '../../domain/calendar';
import type { BookingStatus } from '../../domain/entities';
import { REVIEW_LINK_VALID_DAYS, nextReviewMailOn } from '../../domain/reviews';
import { countConditionalWrite, type BackfillResult } from './backfill-listing-keys';
import { bookingFromItem, dueWorkKeys } from './booking-repository';
import { keys } from './keys';
import { queryPage } from './pagination';
import { DynamoReviewRepository } from './review-repository';

export async function backfillDueKeys(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: Date = new Date(),
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  const today = todayInTokyo(now);
  const oldestOwed = addDays(today, -(REVIEW_LINK_VALID_DAYS + 1));
  const reviews = new DynamoReviewRepository(doc, tableName);
  // Each shard of a status's list and its single key of before the shards (issue 33), one after another.
  const walks = (['approved', 'completed'] as BookingStatus[]).flatMap((status) =>
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
      const lacking = page.items
        .filter((item) => item.GSI8PK === undefined)
        .map(bookingFromItem)
        .filter((b) => b.status === status && (status !== 'completed' || b.date >= oldestOwed));
      result.examined += page.items.length;
      // A completed tour's mails so far decide when its next one falls due (or that it is owed none).
      const states = status === 'completed' ? await reviews.mailStates(lacking.map((b) => b.id)) : new Map();
      for (const booking of lacking) {
        let due = dueWorkKeys(booking);
        if (status === 'completed') {
          const state = states.get(booking.id) ?? { invited: false, reminded: false, reviewed: false };
          const on = nextReviewMailOn(booking, state, today);
          if (on === null) continue;
          due = keys.reviewMailDue(on, booking.id);
        }
        await countConditionalWrite(result, () =>
          doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.booking(booking.id),
              UpdateExpression: 'SET GSI8PK = :pk, GSI8SK = :sk',
              ConditionExpression:
                'attribute_exists(PK) AND #status = :status AND attribute_not_exists(GSI8PK)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': status, ':pk': due.GSI8PK, ':sk': due.GSI8SK },
            }),
          ),
        );
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return result;
}
