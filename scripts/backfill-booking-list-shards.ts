/**
 * Operator helper (issue 33): moves the requests listed before the booking-list shards from the single keys
 * (`BOOKINGS` on GSI2, `BOOKINGS#STATUS#<status>` on GSI3, `BOOKINGS#MONTH#<yyyy-MM>` on GSI4) to their shard
 * (`BOOKINGS#0…7`, `BOOKINGS#STATUS#<status>#0…7`, `BOOKINGS#MONTH#<yyyy-MM>#0…7`). Run once after the deployment
 * that brought the shards; running it again changes nothing. The admin's booking list, its search, the month list
 * and the dashboard's pending count read the old keys as well meanwhile, so nothing waits for this.
 *
 *   npx tsx scripts/backfill-booking-list-shards.ts --table <TableName> [--region ap-northeast-1] [--endpoint <url>]
 *
 * Query of each old key page by page (no Scan), one conditional update per list entry (a request is in three lists,
 * so it is counted three times). The local stack runs the same backfill by itself at every start.
 */
import { backfillBookingListShards } from '../functions/adapters/dynamodb/backfill-booking-list-shards';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill(
  'backfill-booking-list-shards.ts',
  backfillBookingListShards,
  'moved to their shard',
  'list entries of requests',
);
