/**
 * `POST /uploads` of the local origin: what CloudFront's `/uploads` behaviour and S3 do in AWS with a presigned POST
 * form (DESIGN §4b "Photos"). The local S3 store (s3rver) accepts any form without looking at its policy, so this
 * endpoint checks the form the way S3 does before storing the file: the signature, the expiry, every condition
 * of the policy (bucket, key, content type, size range) and no field the policy does not cover. A browser or a
 * test that breaks a condition then meets the same refusal locally as in AWS (S3's status and error code).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  decodePolicy,
  policySignature,
  type PolicyCondition,
} from '../../functions/adapters/storage/presigned-post';
import { MAX_UPLOAD_BYTES } from '../../functions/domain/schemas/host-api';

export interface UploadEndpointOptions {
  client: S3Client;
  bucket: string;
  /** The secret of the access key the local functions sign with (s3rver's fixed one). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  now?: () => Date;
}

/** The largest file any purpose allows, plus room for the form's other fields. */
const MAX_FORM_BYTES = Math.max(...Object.values(MAX_UPLOAD_BYTES)) + 64 * 1024;

class S3FormError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Form {
  fields: Map<string, string>;
  file: Buffer | null;
}

export function createUploadEndpoint(options: UploadEndpointOptions) {
  const now = options.now ?? (() => new Date());

  return async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'POST') throw new S3FormError(405, 'MethodNotAllowed', 'Uploads are POST forms.');
      const form = parseMultipart(await readForm(req), String(req.headers['content-type'] ?? ''));
      const key = checkForm(form, options, now());
      await options.client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: form.file!,
          ContentType: field(form, 'content-type') ?? 'binary/octet-stream',
        }),
      );
      // S3's default answer to a successful form upload.
      res.writeHead(204, { location: `/${options.bucket}/${encodeURIComponent(key)}` });
      res.end();
    } catch (e) {
      if (!(e instanceof S3FormError)) throw e;
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${escapeXml(e.message)}</Message></Error>`;
      res.writeHead(e.status, {
        'content-type': 'application/xml',
        'content-length': Buffer.byteLength(body),
        // The rest of a refused body is not read.
        connection: 'close',
      });
      res.end(body);
    }
  };
}

/** Case-insensitive, as S3 treats form field names. */
const field = (form: Form, name: string) => form.fields.get(name.toLowerCase());

function checkForm(form: Form, options: UploadEndpointOptions, now: Date): string {
  const policy64 = field(form, 'policy');
  const signature = field(form, 'x-amz-signature');
  const credential = field(form, 'x-amz-credential');
  const key = field(form, 'key');
  if (!policy64 || !signature || !credential) {
    throw new S3FormError(403, 'AccessDenied', 'Access Denied');
  }
  if (!key) throw new S3FormError(400, 'InvalidArgument', 'Bucket POST must contain a field named key.');
  if (!form.file)
    throw new S3FormError(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  if (
    credential.split('/')[0] !== options.credentials.accessKeyId ||
    policySignature(policy64, credential, options.credentials.secretAccessKey) !== signature
  ) {
    throw new S3FormError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  let policy;
  try {
    policy = decodePolicy(policy64);
  } catch {
    throw new S3FormError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!(Date.parse(policy.expiration) > now.getTime())) {
    throw new S3FormError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  }
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  const valueOf = (name: string) =>
    name.toLowerCase() === 'bucket' ? options.bucket : (field(form, name) ?? '');
  for (const condition of policy.conditions) {
    const failed = () =>
      new S3FormError(
        403,
        'AccessDenied',
        `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
      );
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (valueOf(name) !== value) throw failed();
      }
      continue;
    }
    const [operator, target, expected] = condition as PolicyCondition & unknown[];
    if (operator === 'content-length-range') {
      const size = form.file.length;
      if (size > Number(expected)) {
        throw new S3FormError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      }
      if (size < Number(target)) {
        throw new S3FormError(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
        );
      }
      continue;
    }
    const name = String(target).replace(/^\$/, '');
    covered.add(name.toLowerCase());
    const value = valueOf(name);
    if (operator === 'eq' && value !== String(expected)) throw failed();
    if (operator === 'starts-with' && !value.startsWith(String(expected))) throw failed();
    if (operator !== 'eq' && operator !== 'starts-with') {
      throw new S3FormError(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid condition ${operator}.`);
    }
  }
  const extra = [...form.fields.keys()].filter((name) => !covered.has(name) && !name.startsWith('x-ignore-'));
  if (extra.length > 0) {
    throw new S3FormError(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`,
    );
  }
  return key;
}

function readForm(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) {
    req.resume();
    return Promise.reject(
      new S3FormError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FORM_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      size > MAX_FORM_BYTES
        ? reject(
            new S3FormError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'),
          )
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

/** `multipart/form-data`: text fields by (lower-cased) name, and the part named `file`. */
function parseMultipart(body: Buffer, contentType: string): Form {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) {
    throw new S3FormError(
      412,
      'PreconditionFailed',
      'Bucket POST must be of the enclosure-type multipart/form-data',
    );
  }
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const form: Form = { fields: new Map(), file: null };
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1]?.toLowerCase();
    if (name === 'file') form.file ??= Buffer.from(content);
    else if (name && !form.file) form.fields.set(name, content.toString('utf8'));
    at = next;
  }
  return form;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
