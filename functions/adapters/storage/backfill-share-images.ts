/**
 * Gives every published photo that has no social-preview crop (photos published before the crop existed) its
 * 1200 × 630 JPEG, made from its largest WebP variant by the pipeline's own crop (`renderShareImage`), written where
 * `shareImageUrl` points, immutable like the variants. Idempotent: a photo that has its crop is left alone, so it
 * can run again after an interruption. Run by `scripts/backfill-share-images.ts` (an operator, once after the
 * deployment that added the crop); needs `s3:ListBucket` on the images bucket, which the API functions do not have.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { SHARE_IMAGE } from '../../domain/images';
import { renderShareImage } from './photo-pipeline';
import { IMMUTABLE_CACHE_CONTROL } from './s3-image-store';

export interface BackfillShareImagesResult {
  /** Published photos found (folders `p/<id>/<W>x<H>/`). */
  photos: number;
  /** Crops written now. */
  written: number;
  /** Photos whose largest variant could not be read or decoded (named in `failures`). */
  failures: string[];
}

/** `images/p/<id>/<W>x<H>/<file>`: the photo's folder and its width. */
const PHOTO_OBJECT = /^(p\/[A-Za-z0-9_-]{8,64}\/(\d{1,5})x\d{1,5}\/)([^/]+)$/;

export async function backfillShareImages(
  s3: S3Client,
  bucket: string,
  /** Key prefix of public objects (`images/`). */
  publicPrefix: string,
  log: (line: string) => void = () => {},
): Promise<BackfillShareImagesResult> {
  const folders = new Map<string, { width: number; files: Set<string> }>();
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${publicPrefix}p/`, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const m = PHOTO_OBJECT.exec(object.Key?.slice(publicPrefix.length) ?? '');
      if (!m) continue;
      const folder = folders.get(m[1]!) ?? { width: Number(m[2]), files: new Set<string>() };
      folder.files.add(m[3]!);
      folders.set(m[1]!, folder);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);

  const result: BackfillShareImagesResult = { photos: folders.size, written: 0, failures: [] };
  // One at a time: a crop decodes a 2048 px photo, and an operator's machine or a shell has other work.
  for (const [folder, { width, files }] of folders) {
    if (files.has(SHARE_IMAGE.file)) continue;
    const largest = `${publicPrefix}${folder}${width}.webp`;
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: largest }));
      const share = await renderShareImage(Buffer.from(await object.Body!.transformToByteArray()));
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${publicPrefix}${folder}${SHARE_IMAGE.file}`,
          Body: share,
          ContentType: 'image/jpeg',
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      result.written++;
      log(`${folder}${SHARE_IMAGE.file} (${Math.round(share.length / 1024)} KB)`);
    } catch (e) {
      result.failures.push(`${folder}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return result;
}
