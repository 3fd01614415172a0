import type { HttpApiStructuredResult } from './api-gateway';

/** A JSON answer. API responses are never cached by the browser or CloudFront unless a route says otherwise. */
export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpApiStructuredResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function errorJson(
  statusCode: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): HttpApiStructuredResult {
  const body: ErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  return json(statusCode, body);
}

/**
 * A PDF to download (issue 28): its bytes base64-encoded, as API Gateway (and the local server) expect a binary
 * answer of a Lambda, under a file name the browser keeps.
 */
export function pdfFile(bytes: Uint8Array, fileName: string): HttpApiStructuredResult {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
      'content-length': String(bytes.byteLength),
    },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}
