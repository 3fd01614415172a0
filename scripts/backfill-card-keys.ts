/**
 * Issue 33: gives published experiences stored before the search index their summary-only card, the sorted keys of
 * the category and prefecture-by-price pages and their search entry (`functions/adapters/dynamodb/backfill-card-keys.ts`).
 * Idempotent; run once after deploying, before the snapshot job's first run:
 *
 *   npx tsx scripts/backfill-card-keys.ts --table <TableName> [--region <region>] [--endpoint <DynamoDB Local>]
 */
import { backfillCardKeys } from '../functions/adapters/dynamodb/backfill-card-keys';
import { runTableBackfill } from './local/table-backfill-cli';

await runTableBackfill(
  'backfill-card-keys.ts',
  (doc, table) => backfillCardKeys(doc, table),
  'given their search entry and sorted keys',
  'published experiences',
);
