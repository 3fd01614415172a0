/**
 * The image store of the runtime. The S3 + sharp implementation (presigned POST under the host's prefix,
 * verification by the object's bytes, resized WebP variants) replaces this file's body; until then every upload
 * operation answers 503 with a plain message instead of pretending to work.
 */
import { DomainError } from '../../domain/errors';
import type { ImageStore } from '../../use-cases/ports';
import type { Environment } from '../runtime/environment';

export const IMAGES_UNAVAILABLE_MESSAGE =
  '画像のアップロードは現在ご利用いただけません。しばらくしてからお試しください。';

export function createImageStore(_env: Environment): ImageStore {
  const unavailable = async (): Promise<never> => {
    throw new DomainError('service_unavailable', IMAGES_UNAVAILABLE_MESSAGE);
  };
  return { createUpload: unavailable, publish: unavailable, remove: async () => {} };
}
