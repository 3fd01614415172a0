/**
 * The image store of the runtime, from the function's environment: the S3 store of `s3-image-store.ts` on the
 * images bucket (the local S3 store locally, path-style). Without `IMAGES_BUCKET` (a function CDK gave no bucket)
 * every upload operation answers 503 with a plain message instead of pretending to work.
 */
import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { DomainError } from '../../domain/errors';
import { PUBLIC_IMAGES_PATH, UPLOAD_FORM_PATH } from '../../domain/images';
import type { ImageStore } from '../../use-cases/ports';
import { callLimits } from '../outside-calls';
import type { Environment } from '../runtime/environment';
import { createS3ImageStore } from './s3-image-store';

export const IMAGES_UNAVAILABLE_MESSAGE =
  '画像のアップロードは現在ご利用いただけません。しばらくしてからお試しください。';

export function createImageStore(env: Environment): ImageStore {
  if (!env.IMAGES_BUCKET) {
    const unavailable = async (): Promise<never> => {
      throw new DomainError('service_unavailable', IMAGES_UNAVAILABLE_MESSAGE);
    };
    return {
      createUpload: unavailable,
      publish: unavailable,
      remove: async () => {},
      copy: async (url) => url,
    };
  }
  const s3 = new S3Client({
    region: env.AWS_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
    // Recent SDKs add CRC32 checksums to every upload by default; only S3 itself checks them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...callLimits('s3'),
  });
  return createS3ImageStore({
    s3,
    bucket: env.IMAGES_BUCKET,
    // CloudFront serves `/images/<rest>` from the object `images/<rest>`: the prefix is the path's.
    publicPrefix: env.IMAGES_PREFIX ?? PUBLIC_IMAGES_PATH.slice(1),
    // An absolute address on the site's own origin, so a client outside the SPA can post to it as well.
    uploadUrl: env.SITE_URL ? new URL(UPLOAD_FORM_PATH, env.SITE_URL).toString() : UPLOAD_FORM_PATH,
    newId: randomUUID,
  });
}
