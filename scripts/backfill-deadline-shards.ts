/**
 * Operator helper (issue 33): moves the deadlines of holds and requests written before the deadline shards from the
 * single key (`DEADLINES`) to their shard (`DEADLINES#0…7`). Run once after the deployment that brought the shards;
 * running it again changes nothing. The expiry job, the hosts' reminders and the admin dashboard read the old key as
 * well meanwhile, so nothing waits for this.
 *
 *   npx tsx scripts/backfill-deadline-shards.ts --table <TableName> [--region ap-northeast-1] [--endpoint <url>]
 *
 * Query of the old key page by page (no Scan), one conditional update per booking. The local stack runs the same
 * backfill by itself at every start.
 */
import { backfillDeadlineShards } from '../functions/adapters/dynamodb/backfill-deadline-shards';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill(
  'backfill-deadline-shards.ts',
  backfillDeadlineShards,
  'moved to their shard',
  'waiting bookings',
);
