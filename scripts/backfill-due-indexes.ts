/**
 * Operator helper (issue 33): gives bookings stored before the jobs' "work due" index (GSI8) its keys, so the
 * completion, reminder and review invitation jobs, which read only that index, see them. Run it once right after
 * the deployment that added GSI8 has finished building the index (`aws dynamodb describe-table` shows it ACTIVE)
 * and before the first scheduled run that needs it; running it again changes nothing.
 *
 *   npx tsx scripts/backfill-due-indexes.ts --table <TableName> [--region ap-northeast-1]
 *
 * It walks the approved and completed bookings with Query (no Scan), ~1 write per booking that lacks a key.
 * `--endpoint` points at DynamoDB Local; the local stack runs the same backfill by itself when it adds GSI8.
 */
import { backfillDueKeys } from '../functions/adapters/dynamodb/backfill-due-keys';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill(
  'backfill-due-indexes.ts',
  (doc, table) => backfillDueKeys(doc, table),
  'given their due key',
);
