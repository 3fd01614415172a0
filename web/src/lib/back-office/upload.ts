/**
 * Image uploads straight to storage (DESIGN §4b "Photos"): the API hands out a presigned POST for the host's own
 * prefix (`POST /api/host/uploads`), and the browser sends the file there itself, with progress. The object is
 * private until a save names its key; the API then checks it is a real image and publishes it.
 */
import type { PresignedUpload, UploadPurpose } from '@domain/schemas/host-api';
import type { ApiClient } from '../api-client';

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends a multipart form to the presigned URL: every policy field first and the file last, as S3 requires. With
 * XMLHttpRequest, because fetch reports no upload progress. The URL may be on another origin (S3 in AWS), so no
 * credentials go with it.
 */
export function postToStorage(
  target: Pick<PresignedUpload, 'url' | 'fields'>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.withCredentials = false;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(`Storage answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError('Storage could not be reached'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Asks for a presigned POST and uploads the file; resolves with the object's key once it is stored. */
export async function uploadImage(
  api: ApiClient,
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const target = await api<PresignedUpload>('/host/uploads', {
    method: 'POST',
    body: { purpose, contentType: file.type, size: file.size },
    signal,
  });
  await postToStorage(target, file, onProgress, signal);
  return target.key;
}
