/**
 * Issue 33: gives published experiences stored before the search index their summary-only card, the sorted keys of
 * the category and prefecture-by-price pages and their search entry (`functions/adapters/dynamodb/backfill-card-keys.ts`).
 * Idempotent; run once after deploying, before the snapshot job's first run:
 *
 *   npx tsx scripts/backfill-card-keys.ts --table <TableName> [--region <region>] [--endpoint <DynamoDB Local>]
 */
import { parseArgs } from 'node:util';
import { backfillCardKeys } from '../functions/adapters/dynamodb/backfill-card-keys';
import { createDocumentClient } from '../functions/adapters/dynamodb/repositories';

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
    endpoint: { type: 'string' },
  },
});
if (!values.table) {
  console.error('Usage: npx tsx scripts/backfill-card-keys.ts --table <TableName> [--region <region>]');
  process.exit(2);
}
const doc = createDocumentClient({
  region: values.region,
  ...(values.endpoint ? { endpoint: values.endpoint } : {}),
});
try {
  const r = await backfillCardKeys(doc, values.table);
  console.log(
    `Examined ${r.examined} published experiences: ${r.updated} given their search entry and sorted keys, ` +
      `${r.skipped} changed meanwhile` +
      (r.skipped > 0 ? ' (run again to finish them)' : ''),
  );
} catch (e) {
  console.error(`Backfill failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  doc.destroy();
}
