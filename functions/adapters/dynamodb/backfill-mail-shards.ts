/**
 * Moves the mails queued before issue 33 from the single due-mail key (`MAILS#DUE` on GSI5) to their shard
 * (`MAILS#DUE#<n>`, `keys.mailDue`). Walks the old key page by page (a Query, never a scan) and sets each mail's
 * partition key, conditional on it still being the old one: a mail delivered or failed meanwhile (no longer in the
 * index) is left alone, a claim or retry at the same moment (which moves only the sort key) keeps its due time.
 * Idempotent: run it again any time; once the old key is empty it reads one empty page. The sender reads the old key
 * too until then, so no mail waits for it.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from './backfill-listing-keys';
import { moveToGsi5Shards } from './backfill-gsi5-shards';
import { keys, mailDueShardOf } from './keys';

export function backfillMailShards(
  doc: DynamoDBDocumentClient,
  tableName: string,
  pageSize = 100,
): Promise<BackfillResult> {
  return moveToGsi5Shards(
    doc,
    tableName,
    {
      unsharded: keys.mailsDueUnsharded,
      shardOf: (id) => keys.mailsDueShard(mailDueShardOf(id)),
      itemKey: keys.mail,
    },
    pageSize,
  );
}
