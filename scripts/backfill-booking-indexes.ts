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
import { parseArgs } from 'node:util';
import { backfillListingKeys } from '../functions/adapters/dynamodb/backfill-listing-keys';
import { createDocumentClient } from '../functions/adapters/dynamodb/repositories';

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
    endpoint: { type: 'string' },
  },
});

if (!values.table) {
  console.error('Usage: npx tsx scripts/backfill-booking-indexes.ts --table <TableName> [--region <region>]');
  process.exit(2);
}

const doc = createDocumentClient({
  region: values.region,
  ...(values.endpoint ? { endpoint: values.endpoint } : {}),
});
try {
  const result = await backfillListingKeys(doc, values.table);
  console.log(
    `Examined ${result.examined} bookings: ${result.updated} re-indexed, ${result.skipped} changed meanwhile` +
      (result.skipped > 0 ? ' (run again to finish them)' : ''),
  );
} catch (e) {
  console.error(`Backfill failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  doc.destroy();
}
