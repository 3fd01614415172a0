/**
 * An S3-compatible store (`s3rver`, from npm) for the local stack, run in-process. It keeps objects as files under
 * the given directory, so uploaded images survive a restart. It does not check signatures: every size and type
 * limit of uploads must be enforced by our own code, as it is in AWS.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION } from './dynamodb-local';
import { freePort, waitUntil } from './ports';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  resetOnClose?: boolean;
}) => S3rverInstance;

/** s3rver only accepts these (it does not verify signatures, but it does look the key up). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Local {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startS3Local(options: { dir: string; port?: number }): Promise<S3Local> {
  const port = options.port ?? (await freePort());
  mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: options.dir });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createLocalS3Client(endpoint);
  try {
    await waitUntil(async () => {
      const res = await fetch(endpoint);
      if (res.status >= 500) throw new Error(`status ${res.status}`);
    }, 's3rver');
  } finally {
    client.destroy();
  }
  return { endpoint, port, stop: () => server.close() };
}

/**
 * The S3 client for the local store. Path-style because s3rver has no per-bucket host names; checksums only when
 * required because recent SDKs otherwise sign presigned PUTs with an empty-body CRC32 that real S3 rejects.
 */
export function createLocalS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
