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
import { makeCatalogueSearchIndex } from '../../use-cases/catalogue-index';
import type { RuntimeAdapters } from './adapters';

export const DEFAULT_SEARCH_REFRESH_SECONDS = 5;

export function catalogueSearchOf(base: RuntimeAdapters, clock: () => Date) {
  const { env, doc, repositories } = base;
  const experiences = new DynamoExperienceRepository(doc, env.TABLE_NAME, base.maxTransactionItems);
  const bucket = env.CATALOGUE_INDEX_BUCKET;
  const store = bucket
    ? createS3CatalogueIndexStore(
        new S3Client({
          region: env.AWS_REGION,
          ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          ...callLimits('s3'),
        }),
        bucket,
      )
    : undefined;
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
