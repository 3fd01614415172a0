/**
 * Parses a JSON request body into `event.jsonBody` (as `unknown`: each route validates it with its zod schema).
 * A body that is not JSON is a 400 `validation_failed` with a message saying so; a body over the limit is a 413,
 * before any parsing work is spent on it.
 */
import type { MiddlewareObj } from '@middy/core';
import { DomainError } from '../../domain/errors';
import type { HttpApiEvent, HttpApiStructuredResult, LambdaContext } from './api-gateway';

export interface JsonBodyEvent extends HttpApiEvent {
  /** The parsed body; `undefined` when the request had none. */
  jsonBody?: unknown;
}

/** JSON requests of this API are small forms; uploads go straight to S3 through presigned requests. */
export const DEFAULT_MAX_JSON_BYTES = 64 * 1024;

export function jsonBody(
  options: { maxBytes?: number } = {},
): MiddlewareObj<JsonBodyEvent, HttpApiStructuredResult, Error, LambdaContext> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_JSON_BYTES;
  return {
    name: 'jsonBody',
    before: (request) => {
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') return;
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      if (Buffer.byteLength(text, 'utf8') > maxBytes) {
        throw new DomainError('payload_too_large', `The request body must not exceed ${maxBytes} bytes.`);
      }
      const contentType = event.headers?.['content-type'] ?? '';
      if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
        throw new DomainError(
          'validation_failed',
          'The request body must be JSON (Content-Type: application/json).',
        );
      }
      try {
        event.jsonBody = JSON.parse(text);
      } catch {
        throw new DomainError('validation_failed', 'The request body is not valid JSON.');
      }
    },
  };
}
