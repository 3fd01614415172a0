/**
 * Gives requests stored before a list index existed that index's keys (GSI7, the guest's e-mail, came with the admin
 * search; GSI6 before it). An index only holds the items that carry its key attributes, and DynamoDB never adds
 * them to old items by itself. Walks the all-bookings index (a Query, page by page, never a table scan) and writes the
 * listing keys of every request that lacks one, conditional on its status being the one read, so a transition at
 * the same moment is never undone (that booking is picked up by the next run). Idempotent: run it again any time.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { bookingFromItem, listingKeys } from './booking-repository';
import type { Item } from './items';
import { keys } from './keys';
import { queryPage } from './pagination';
import { isConditionalCheckFailed } from './transactions';

export interface BackfillResult {
  examined: number;
  updated: number;
  /** Changed meanwhile (their status moved); the next run finishes them. */
  skipped: number;
}

/**
 * One conditional write of a back-fill, counted: `updated` when it went through, `skipped` when its condition failed
 * (the item changed meanwhile; the next run picks it up). Any other error stops the back-fill.
 */
export async function countConditionalWrite(
  result: BackfillResult,
  write: () => Promise<unknown>,
): Promise<void> {
  try {
    await write();
    result.updated++;
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    result.skipped++;
  }
}

export async function backfillListingKeys(
  doc: DynamoDBDocumentClient,
  tableName: string,
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  // The shards of the all-bookings list and its single key of before them (issue 33), one after another.
  const partitions = keys.allBookingsPartitions();
  let walking = 0;
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: 'GSI2', partition: partitions[walking] as string, ascending: false },
      { limit: 100, ...(cursor ? { cursor } : {}) },
    );
    for (const item of page.items) {
      result.examined++;
      const wanted = listingKeys(bookingFromItem(item));
      const missing = Object.entries(wanted).filter(([name, value]) => (item as Item)[name] !== value);
      if (missing.length === 0) continue;
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = { ':status': item.status };
      const sets = missing.map(([name, value], i) => {
        names[`#k${i}`] = name;
        values[`:k${i}`] = value;
        return `#k${i} = :k${i}`;
      });
      await countConditionalWrite(result, () =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.booking(String(item.id)),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(PK) AND #status = :status',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        ),
      );
    }
    cursor = page.cursor;
    if (!cursor) walking++;
  } while (cursor || walking < partitions.length);
  return result;
}
