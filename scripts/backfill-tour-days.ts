/**
 * Operator helper (issue 30): gives the open requests and approved bookings made before tours had a length the time
 * they hold. Each keeps its hour (60 minutes, no buffer) and adds its four quarter hours to the experience's tour
 * day, so a new overlapping tour counts it. Run once after the deployment that brought tour lengths; running it
 * again changes nothing. Experiences themselves need nothing: one stored without a length reads as 60 minutes.
 *
 *   npx tsx scripts/backfill-tour-days.ts --table <TableName> [--region ap-northeast-1]
 *
 * It reads the pending and approved bookings through the status index with Query (no Scan), one transaction per
 * booking that lacks a length. Credentials come from the usual AWS profile/environment; `--endpoint` points at
 * DynamoDB Local. The local stack runs the same backfill by itself on the first start with data from before.
 */
import { backfillTourDays } from '../functions/adapters/dynamodb/backfill-tour-days';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill('backfill-tour-days.ts', backfillTourDays, 'given their hour');
