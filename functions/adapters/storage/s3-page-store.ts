/**
 * The prerendered guest pages in the site bucket (issue 17): HTML with `Cache-Control: no-cache` (browsers ask
 * again, CloudFront revalidates), written only under `pages/` — the renderer's role may touch nothing else.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { PAGES_PREFIX } from '../../domain/guest-pages';
import type { GuestPageStore } from '../../use-cases/refresh-guest-pages';

function checked(key: string): string {
  if (!key.startsWith(PAGES_PREFIX) || key.split('/').includes('..')) {
    throw new Error(`Not a page key: ${key}`);
  }
  return key;
}

export function createS3PageStore(
  client: S3Client,
  bucket: string,
): GuestPageStore & {
  get(key: string): Promise<{ body: string; contentType: string } | null>;
} {
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'no-cache',
        }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: checked(prefix), ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async listPage(prefix, cursor) {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: checked(prefix), ContinuationToken: cursor }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      return page.IsTruncated && page.NextContinuationToken
        ? { keys, cursor: page.NextContinuationToken }
        : { keys };
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return {
          body: (await object.Body?.transformToString('utf-8')) ?? '',
          contentType: object.ContentType ?? 'text/html; charset=utf-8',
        };
      } catch (e) {
        if (
          (e as { name?: string }).name === 'NoSuchKey' ||
          (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw e;
      }
    },
  };
}
