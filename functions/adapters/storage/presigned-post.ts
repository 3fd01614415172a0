/**
 * S3 presigned POST (browser-based uploads, AWS Signature Version 4): a policy document listing the conditions the
 * upload must meet (bucket, key, size range, content type, expiry), signed with the function's credentials. S3
 * refuses any upload that breaks a condition.
 *
 * The same algorithm as `createPresignedPost` of `@aws-sdk/s3-presigned-post` (its unit test checks that both sign
 * byte for byte the same), written out here because that package is not part of the Lambda runtime's SDK and
 * bundling it would pull about 140 KB of `@smithy/core` (endpoint rules) into the host API's bundle for what is
 * an HMAC chain over a JSON document. We also never use its URL: uploads go through the site's origin.
 */
import { createHmac } from 'node:crypto';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A policy condition: `{ field: value }` (exact match) or `[operator, field or '$field', …]`. */
export type PolicyCondition = Record<string, string> | [string, string | number, string | number];

export interface PresignPostInput {
  bucket: string;
  key: string;
  region: string;
  credentials: SigningCredentials;
  /** Conditions beyond bucket, key and the signature's own fields (size range, content type, …). */
  conditions?: PolicyCondition[];
  /** Form fields the client must send as they are (e.g. `Content-Type`); each becomes an exact-match condition. */
  fields?: Record<string, string>;
  expiresInSeconds: number;
  now: Date;
}

export interface PresignedPostFields {
  /** Every form field, in the order to send them; the file goes last. */
  fields: Record<string, string>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** `2026-11-23T01:02:03Z`: ISO 8601 without milliseconds, as S3 policies write times. */
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's signing key: the secret, narrowed to the day, the region and S3. */
function signingKey(secretAccessKey: string, shortDate: string, region: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, shortDate);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, 's3');
  return hmac(kService, 'aws4_request');
}

export function presignPost(input: PresignPostInput): PresignedPostFields {
  const signingDate = iso8601(input.now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const scope = `${shortDate}/${input.region}/s3/aws4_request`;
  const fields: Record<string, string> = {
    ...input.fields,
    bucket: input.bucket,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${input.credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': signingDate,
    ...(input.credentials.sessionToken ? { 'X-Amz-Security-Token': input.credentials.sessionToken } : {}),
  };
  // Every field the client sends must be covered by a condition; duplicates are dropped, order is kept.
  const conditions = new Set<string>();
  for (const condition of input.conditions ?? []) conditions.add(JSON.stringify(condition));
  for (const [name, value] of Object.entries(fields)) conditions.add(JSON.stringify({ [name]: value }));
  conditions.add(JSON.stringify({ key: input.key }));
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(input.now.getTime() + input.expiresInSeconds * 1000)),
      conditions: [...conditions].map((c) => JSON.parse(c) as PolicyCondition),
    }),
    'utf8',
  ).toString('base64');
  const signature = hmac(signingKey(input.credentials.secretAccessKey, shortDate, input.region), policy);
  return {
    fields: { ...fields, key: input.key, Policy: policy, 'X-Amz-Signature': signature.toString('hex') },
  };
}

/** The policy a form carries, decoded (for the local upload endpoint and tests). */
export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

export function decodePolicy(base64: string): PostPolicy {
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as PostPolicy;
}

/** The signature S3 expects for a form's policy, given the secret of the access key the form names. */
export function policySignature(policyBase64: string, credential: string, secretAccessKey: string): string {
  // `<access key>/<yyyymmdd>/<region>/s3/aws4_request`
  const [, shortDate = '', region = ''] = credential.split('/');
  return hmac(signingKey(secretAccessKey, shortDate, region), policyBase64).toString('hex');
}
