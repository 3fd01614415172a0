/**
 * Operator helper: gives requests stored before a bookings index existed that index's keys, so the index serves
 * them too (the guest-e-mail index GSI7 of the admin search). Run once after the deployment that added the index
 * has finished building it; running it again changes nothing.
 *
 *   npx tsx scripts/backfill-booking-indexes.ts --table <TableName> [--region ap-northeast-1]
 *
 * It walks the all-bookings index with Query (no Scan), ~1 write per request that lacks a key. Credentials come
 * from the usual AWS profile/environment; `--endpoint` points at DynamoDB Local. The local stack runs the same
 * backfill by itself when it adds an index to the table under .local/.
 */
import { backfillListingKeys } from '../functions/adapters/dynamodb/backfill-listing-keys';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill('backfill-booking-indexes.ts', backfillListingKeys, 're-indexed');
