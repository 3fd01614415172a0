/**
 * The catalogue's search index as one S3 object (issue 33 item 3), written with S3's conditional writes: `If-Match`
 * on the ETag that was read, `If-None-Match: *` for the first one, so two snapshot writers never overwrite each
 * other (the loser gets 412 and starts again). The index is gzipped: JSON of many short terms shrinks about 5×.
 */
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogueIndexStore } from '../../use-cases/catalogue-search-ports';

export const CATALOGUE_INDEX_KEY = 'search/catalogue-index.json.gz';

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export function createS3CatalogueIndexStore(
  client: Pick<S3Client, 'send'>,
  bucket: string,
  key = CATALOGUE_INDEX_KEY,
): CatalogueIndexStore {
  return {
    async load() {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await out.Body!.transformToByteArray();
        return { body: gunzipSync(bytes).toString('utf8'), etag: out.ETag ?? '' };
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey' || statusOf(e) === 404) return null;
        throw e;
      }
    },
    async save(body, expectedEtag) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: gzipSync(body),
            ContentType: 'application/json',
            ContentEncoding: 'gzip',
            ...(expectedEtag === null ? { IfNoneMatch: '*' } : { IfMatch: expectedEtag }),
          }),
        );
        return 'saved';
      } catch (e) {
        // 412: the object changed (or appeared) since it was read; 409: a concurrent conditional write.
        if (statusOf(e) === 412 || statusOf(e) === 409) return 'conflict';
        throw e;
      }
    },
  };
}
