/**
 * The image store on S3 (DESIGN §4b "Photos"; the same code runs against the local S3 store):
 *
 * - `createUpload`: a presigned POST for `uploads/<host>/<uuid>`, limited to the declared type and size, valid for
 *   a few minutes. The browser posts it to the site's own `/uploads` (CloudFront and the local server forward it
 *   to the bucket), so no CORS is involved. `uploads/` is never served to anyone.
 * - `publish`: the host's own upload, read back and checked by its bytes (a real image of an accepted format,
 *   within the purpose's size, whatever the form declared: the local store does not enforce POST policies and
 *   we do not rely on it), rendered into WebP variants and a 1200 × 630 JPEG social-preview crop under the public
 *   `images/p/` with immutable caching; the original is then deleted (originals are private to the pipeline and
 *   never kept).
 * - `copy`: a photo's objects under a new id (a crop missing from a photo published before crops existed is skipped).
 * - `remove`: the variants and crop of published photos.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { DomainError } from '../../domain/errors';
import {
  PHOTO_MAX_WIDTH,
  PUBLIC_IMAGES_PATH,
  parsePhotoUrl,
  photoUrl,
  photoVariants,
  shareImageUrl,
} from '../../domain/images';
import { UPLOAD_KEY_PREFIX } from '../../domain/schemas/experience-form';
import {
  MAX_UPLOAD_BYTES,
  uploadProblemMessage,
  type UploadProblem,
  type UploadPurpose,
} from '../../domain/schemas/host-api';
import type { ImageStore } from '../../use-cases/ports';
import {
  NotAnImageError,
  renderPhoto,
  TooManyPixelsError,
  UnsupportedFormatError,
  type RenderedPhoto,
} from './photo-pipeline';
import { presignPost } from './presigned-post';

/** A presigned upload is for the file the host just picked: a few minutes cover a slow phone connection. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

/** What browsers and CloudFront may cache a variant for: its address never serves other bytes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface S3ImageStoreOptions {
  s3: S3Client;
  bucket: string;
  /** Key prefix of public objects (`images/`): the URL path `/images/<rest>` is the object `images/<rest>`. */
  publicPrefix: string;
  /** Where the browser posts the upload form (the site's `/uploads`). */
  uploadUrl: string;
  newId: () => string;
  /** Signing time: the real clock (S3 checks it), not the product's clock. */
  now?: () => Date;
}

/** `uploads/<host>/<id>`: the shape `createUpload` hands out, nothing else (no `..`, no sub-folders). */
const UPLOAD_ID = /^[A-Za-z0-9-]{1,64}$/;

export function isOwnUploadKey(hostId: string, key: string): boolean {
  const prefix = `${UPLOAD_KEY_PREFIX}${hostId}/`;
  return key.startsWith(prefix) && UPLOAD_ID.test(key.slice(prefix.length));
}

/** Every object of a published photo, as site URLs: its variants, then its social-preview crop. */
function photoObjectUrls(url: string): string[] {
  const photo = parsePhotoUrl(url);
  return photo ? [...photoVariants(photo).map((v) => v.url), shareImageUrl(url)] : [];
}

/** Content type of a photo object by its address (the variants are WebP, the crop JPEG). */
const contentTypeOf = (url: string) => (url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');

/** Writes a rendered photo's variants and crop under `id`; returns the URL to store. Shared with the seed. */
export async function writePhotoVariants(
  s3: S3Client,
  bucket: string,
  publicPrefix: string,
  id: string,
  rendered: RenderedPhoto,
): Promise<string> {
  const url = photoUrl({ id, width: rendered.width, height: rendered.height });
  const urls = photoObjectUrls(url);
  const bodies = [...rendered.variants.map((v) => v.body), rendered.share];
  const written: string[] = [];
  try {
    await Promise.all(
      urls.map(async (objectUrl, i) => {
        const key = objectKey(publicPrefix, objectUrl);
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bodies[i],
            ContentType: contentTypeOf(objectUrl),
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
        written.push(key);
      }),
    );
  } catch (e) {
    await Promise.allSettled(
      written.map((key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
    );
    throw e;
  }
  return url;
}

/**
 * An S3 error for an object that is not there. Without s3:ListBucket (least privilege), S3 answers a missing key
 * with 403 rather than 404.
 */
function isMissing(e: unknown): boolean {
  const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (e as { name?: string }).name;
  return name === 'NoSuchKey' || status === 404 || status === 403;
}

/** `/images/p/…` → `images/p/…` (CloudFront forwards the path as the key; the local server does the same). */
function objectKey(publicPrefix: string, url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  return `${publicPrefix}${path.slice(PUBLIC_IMAGES_PATH.length)}`;
}

export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const { s3, bucket } = options;
  const now = options.now ?? (() => new Date());

  const refuse = (purpose: UploadPurpose, problem: UploadProblem) => {
    const message = uploadProblemMessage(purpose, problem);
    return new DomainError('validation_failed', message, { key: message });
  };
  const deleteQuietly = (key: string) =>
    s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).then(
      () => undefined,
      () => undefined,
    );

  /** The object's bytes, refusing it as soon as it proves larger than the purpose allows. */
  async function readUpload(key: string, purpose: UploadPurpose): Promise<Buffer> {
    const limit = MAX_UPLOAD_BYTES[purpose];
    let object;
    try {
      object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (e) {
      if (isMissing(e)) throw refuse(purpose, 'missing');
      throw e;
    }
    const body = object.Body as Readable | undefined;
    if (!body) throw refuse(purpose, 'missing');
    const tooLarge = async () => {
      body.destroy();
      // An upload too large to attach is of no use to anyone: it goes now rather than at the lifecycle expiry.
      await deleteQuietly(key);
      return refuse(purpose, 'too_large');
    };
    if ((object.ContentLength ?? 0) > limit) throw await tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > limit) throw await tooLarge();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return {
    async createUpload({ hostId, contentType, size }) {
      const key = `${UPLOAD_KEY_PREFIX}${hostId}/${options.newId()}`;
      const [credentials, region] = await Promise.all([s3.config.credentials(), s3.config.region()]);
      const { fields } = presignPost({
        bucket,
        key,
        region,
        credentials,
        now: now(),
        expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
        // Exactly the file the host picked: its type, and no more bytes than it has.
        conditions: [['content-length-range', 1, size]],
        fields: { 'Content-Type': contentType },
      });
      return { key, url: options.uploadUrl, fields };
    },

    async publish({ hostId, key, purpose }) {
      if (!isOwnUploadKey(hostId, key)) throw refuse(purpose, 'foreign');
      const bytes = await readUpload(key, purpose);
      let rendered: RenderedPhoto;
      try {
        rendered = await renderPhoto(bytes, PHOTO_MAX_WIDTH[purpose]);
      } catch (e) {
        if (!(e instanceof NotAnImageError)) throw e;
        await deleteQuietly(key);
        throw refuse(
          purpose,
          e instanceof TooManyPixelsError
            ? 'too_many_pixels'
            : e instanceof UnsupportedFormatError
              ? 'unsupported_format'
              : 'not_image',
        );
      }
      const url = await writePhotoVariants(s3, bucket, options.publicPrefix, options.newId(), rendered);
      await deleteQuietly(key);
      return url;
    },

    async copy(url) {
      const photo = parsePhotoUrl(url);
      if (!photo) return url;
      const copyUrl = `${photo.origin}${photoUrl({ ...photo, id: options.newId() })}`;
      const targets = photoObjectUrls(copyUrl);
      const pairs = photoObjectUrls(url).map((from, i) => ({ from, to: targets[i]! }));
      const written: string[] = [];
      try {
        await Promise.all(
          pairs.map(async ({ from, to }) => {
            const key = objectKey(options.publicPrefix, to);
            try {
              await s3.send(
                new CopyObjectCommand({
                  Bucket: bucket,
                  Key: key,
                  CopySource: `${bucket}/${objectKey(options.publicPrefix, from)}`,
                  ContentType: contentTypeOf(to),
                  CacheControl: IMMUTABLE_CACHE_CONTROL,
                  MetadataDirective: 'REPLACE',
                }),
              );
            } catch (e) {
              // A photo published before crops existed has none until the backfill: its copy has none either.
              if (from === shareImageUrl(url) && isMissing(e)) return;
              throw e;
            }
            written.push(key);
          }),
        );
      } catch (e) {
        await Promise.all(written.map(deleteQuietly));
        throw e;
      }
      return copyUrl;
    },

    async remove(urls) {
      const keys = urls.flatMap((url) => photoObjectUrls(url).map((u) => objectKey(options.publicPrefix, u)));
      const results = await Promise.allSettled(
        keys.map((key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length > 0) {
        throw new Error(`${failed.length} of ${keys.length} image objects could not be deleted`, {
          cause: (failed[0] as PromiseRejectedResult).reason,
        });
      }
    },
  };
}
