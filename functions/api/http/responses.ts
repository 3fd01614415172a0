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
