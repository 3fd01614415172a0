/**
 * Operator helper (issue 33): moves the mails waiting in the outbox's single due key (`MAILS#DUE`) to their shard
 * (`MAILS#DUE#0…7`). Run once after the deployment that brought the shards; running it again changes nothing. The
 * sender reads the old key as well meanwhile, so nothing waits for this.
 *
 *   npx tsx scripts/backfill-mail-shards.ts --table <TableName> [--region ap-northeast-1] [--endpoint <url>]
 *
 * Query of the old key page by page (no Scan), one conditional update per mail. The local stack runs the same
 * backfill by itself at every start.
 */
import { backfillMailShards } from '../functions/adapters/dynamodb/backfill-mail-shards';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill('backfill-mail-shards.ts', backfillMailShards, 'moved to their shard', 'due mails');
