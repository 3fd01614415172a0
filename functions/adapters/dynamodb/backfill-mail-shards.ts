/**
 * Moves the mails queued before issue 33 from the single due-mail key (`MAILS#DUE` on GSI5) to their shard
 * (`MAILS#DUE#<n>`, `keys.mailDue`). Walks the old key page by page (a Query, never a scan) and sets each mail's
 * partition key, conditional on it still being the old one: a mail delivered or failed meanwhile (no longer in the
 * index) is left alone, a claim or retry at the same moment (which moves only the sort key) keeps its due time.
 * Idempotent: run it again any time; once the old key is empty it reads one empty page. The sender reads the old key
 * too until then, so no mail waits for it.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from './backfill-listing-keys';
import { keys, mailDueShardOf } from './keys';
import { queryPage } from './pagination';

export async function backfillMailShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, updated: 0, skipped: 0 };
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      doc,
      tableName,
      { index: 'GSI5', partition: keys.mailsDueUnsharded, ascending: true },
      { limit: pageSize, ...(cursor ? { cursor } : {}) },
    );
    for (const item of page.items) {
      result.examined++;
      const id = String(item.id);
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.mail(id),
            UpdateExpression: 'SET GSI5PK = :shard',
            ConditionExpression: 'GSI5PK = :unsharded',
            ExpressionAttributeValues: {
              ':shard': keys.mailsDueShard(mailDueShardOf(id)),
              ':unsharded': keys.mailsDueUnsharded,
            },
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
  return result;
}
