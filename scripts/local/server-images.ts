/** `/images/*`: objects of the local images bucket, as CloudFront serves them from S3. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { sendText } from './server-http';

export async function serveImage(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  images: { client: S3Client; bucket: string },
  fallbackKey?: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method Not Allowed');
    return;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  try {
    const object = await images.client.send(
      new GetObjectCommand({ Bucket: images.bucket, Key: key, IfNoneMatch: ifNoneMatch }),
    );
    res.writeHead(200, {
      'content-type': object.ContentType ?? 'application/octet-stream',
      // Image keys are never overwritten (uploads get fresh keys), so they can be cached forever, as in CloudFront.
      'cache-control': 'public, max-age=31536000, immutable',
      ...(object.ContentLength !== undefined ? { 'content-length': object.ContentLength } : {}),
      ...(object.ETag ? { etag: object.ETag } : {}),
    });
    if (req.method === 'HEAD' || !object.Body) {
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    const status = err.$metadata?.httpStatusCode;
    if (status === 304) {
      res.writeHead(304);
      res.end();
    } else if (err.name === 'NoSuchKey' || status === 404) {
      if (fallbackKey) await serveImage(req, res, fallbackKey, images);
      else sendText(res, 404, 'Not Found');
    } else {
      throw e;
    }
  }
}
