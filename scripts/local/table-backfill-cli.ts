/**
 * The command line of the table backfills (`scripts/backfill-*.ts` that walk the bookings of the single table):
 * `--table <TableName> [--region <region>] [--endpoint <DynamoDB Local>]`, one document client, the result printed
 * in a sentence, a failure as exit code 1. Credentials come from the usual AWS profile/environment.
 */
import { parseArgs } from 'node:util';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BackfillResult } from '../../functions/adapters/dynamodb/backfill-listing-keys';
import { createDocumentClient } from '../../functions/adapters/dynamodb/repositories';

export async function runTableBackfill(
  script: string,
  backfill: (doc: DynamoDBDocumentClient, tableName: string) => Promise<BackfillResult>,
  /** What an updated booking got, e.g. 're-indexed'. */
  updatedMeans: string,
  /** What the backfill walks. */
  itemsAre = 'bookings',
): Promise<void> {
  const { values } = parseArgs({
    options: {
      table: { type: 'string' },
      region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
      endpoint: { type: 'string' },
    },
  });
  if (!values.table) {
    console.error(`Usage: npx tsx scripts/${script} --table <TableName> [--region <region>]`);
    process.exit(2);
  }
  const doc = createDocumentClient({
    region: values.region,
    ...(values.endpoint ? { endpoint: values.endpoint } : {}),
  });
  try {
    const result = await backfill(doc, values.table);
    console.log(
      `Examined ${result.examined} ${itemsAre}: ${result.updated} ${updatedMeans}, ${result.skipped} changed meanwhile` +
        (result.skipped > 0 ? ' (run again to finish them)' : ''),
    );
  } catch (e) {
    console.error(`Backfill failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  } finally {
    doc.destroy();
  }
}
