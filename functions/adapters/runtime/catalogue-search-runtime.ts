/**
 * The public function's search index (issue 33 item 3), built once per cold start: the snapshot from
 * `CATALOGUE_INDEX_BUCKET` when set (AWS), caught up from the table's change feed at most every
 * `SEARCH_REFRESH_SECONDS` (default 5). Without a bucket (the local stack) the index is built from the feed at the
 * first search and caught up the same way.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoExperienceRepository } from '../dynamodb/experience-repository';
import { callLimits } from '../outside-calls';
import { createS3CatalogueIndexStore } from '../storage/s3-catalogue-index-store';
import { makeCatalogueSearchIndex, makeSnapshotCatalogueIndex } from '../../use-cases/catalogue-index';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import type { Environment } from './environment';

export const DEFAULT_SEARCH_REFRESH_SECONDS = 5;

function snapshotStore(env: Environment, bucket: string) {
  return createS3CatalogueIndexStore(
    new S3Client({
      region: env.AWS_REGION,
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...callLimits('s3'),
    }),
    bucket,
  );
}

export function catalogueSearchOf(base: RuntimeAdapters, clock: () => Date) {
  const { env, doc, repositories } = base;
  const experiences = new DynamoExperienceRepository(doc, env.TABLE_NAME, base.maxTransactionItems);
  const bucket = env.CATALOGUE_INDEX_BUCKET;
  const store = bucket ? snapshotStore(env, bucket) : undefined;
  return {
    index: makeCatalogueSearchIndex({
      feed: experiences,
      categories: repositories.categories,
      ...(store ? { store } : {}),
      clock,
      refreshSeconds: env.SEARCH_REFRESH_SECONDS ?? DEFAULT_SEARCH_REFRESH_SECONDS,
    }),
    cards: experiences,
  };
}

let snapshotJob: { base: RuntimeAdapters; run: ReturnType<typeof makeSnapshotCatalogueIndex> } | undefined;

/**
 * The scheduled snapshot job's use case (`functions/events/snapshot-catalogue-index.ts`, `lib/catalogue-index-construct.ts`),
 * built once per cold start: the table's change feed and categories, the snapshot in `CATALOGUE_INDEX_BUCKET`.
 */
export function catalogueIndexSnapshot(): ReturnType<typeof makeSnapshotCatalogueIndex> {
  const base = runtimeAdapters();
  if (snapshotJob?.base === base) return snapshotJob.run;
  const bucket = base.env.CATALOGUE_INDEX_BUCKET;
  if (!bucket)
    throw new Error('CATALOGUE_INDEX_BUCKET is not set: the snapshot job has no bucket to write to');
  const run = makeSnapshotCatalogueIndex({
    feed: new DynamoExperienceRepository(base.doc, base.env.TABLE_NAME, base.maxTransactionItems),
    categories: base.repositories.categories,
    store: snapshotStore(base.env, bucket),
  });
  snapshotJob = { base, run };
  return run;
}
