/**
 * Operator helper: gives every photo published before the social-preview crop existed its 1200 × 630 JPEG
 * (`og:image`), from its largest variant. Run once after the deployment that added the crop, then re-render the
 * guest pages (they already point at the crops); running it again changes nothing.
 *
 *   npx tsx scripts/backfill-share-images.ts --bucket <ImagesBucketName> [--region ap-northeast-1]
 *
 * Credentials come from the usual AWS profile/environment (it lists the bucket: `s3:ListBucket`, `GetObject`,
 * `PutObject` on `images/p/*`). Against the local stack's store: `--endpoint <s3 endpoint>` with the credentials
 * `S3RVER`/`S3RVER`.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { parseArgs } from 'node:util';
import { PUBLIC_IMAGES_PATH } from '../functions/domain/images';
import { backfillShareImages } from '../functions/adapters/storage/backfill-share-images';

const { values } = parseArgs({
  options: {
    bucket: { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
    endpoint: { type: 'string' },
    prefix: { type: 'string', default: PUBLIC_IMAGES_PATH.slice(1) },
  },
});

if (!values.bucket) {
  console.error(
    'Usage: npx tsx scripts/backfill-share-images.ts --bucket <ImagesBucketName> [--region <region>]',
  );
  process.exit(2);
}

const s3 = new S3Client({
  region: values.region,
  ...(values.endpoint ? { endpoint: values.endpoint, forcePathStyle: true } : {}),
});
try {
  const result = await backfillShareImages(s3, values.bucket, values.prefix, (line) => console.log(line));
  console.log(
    `Examined ${result.photos} photos: ${result.written} crops written, ${result.failures.length} failed`,
  );
  for (const failure of result.failures) console.error(`  ${failure}`);
  if (result.failures.length > 0) process.exitCode = 1;
} catch (e) {
  console.error(`Backfill failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  s3.destroy();
}
