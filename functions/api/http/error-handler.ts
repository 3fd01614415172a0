/**
 * The one error path of the HTTP API (STYLE §5): every error a handler or a middleware throws becomes
 * `{ "error": { "code", "message", "fields"? } }` with the status of its code (DESIGN §6). Anything that is not a
 * DomainError (or a zod validation error) is a bug: it is logged as one line of JSON and the client gets a generic
 * 500 without internals. The exception is an outside service that stalled, refused or failed after the SDK's
 * bounded retries (`adapters/outside-calls.ts`): that is a 503 with `Retry-After`, as is every `service_unavailable`.
 */
import type { MiddlewareObj } from '@middy/core';
import { ZodError } from 'zod';
import { isDomainError, RateLimitedError, type ErrorCode } from '../../domain/errors';
import { isDependencyFailure } from '../../adapters/outside-calls';
import type { HttpApiEvent, HttpApiStructuredResult, LambdaContext } from './api-gateway';
import { errorJson } from './responses';

export const statusOfErrorCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  card_declined: 402,
  forbidden: 403,
  invalid_code: 403,
  not_a_host: 403,
  not_found: 404,
  slot_unavailable: 409,
  state_conflict: 409,
  duplicate: 409,
  stale: 409,
  host_under_review: 409,
  payout_account_required: 409,
  offer_not_open: 409,
  host_not_bookable: 409,
  payload_too_large: 413,
  rate_limited: 429,
  too_many_requests: 429,
  payment_failed: 502,
  service_unavailable: 503,
};

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred. Please try again later.';

/** What a client hears when a dependency is down; the back office (host and admin routes) is in Japanese. */
export const UNAVAILABLE_MESSAGES = {
  en: 'The service is not answering right now. Please try again in a moment.',
  ja: 'ただいまサービスに接続できません。しばらくしてからもう一度お試しください。',
} as const;

/** Seconds a client should wait before trying a 503 again: the SDK's retries have just used about as long. */
export const RETRY_AFTER_SECONDS = 5;

export type ErrorLanguage = keyof typeof UNAVAILABLE_MESSAGES;

/** Host and admin routes answer their messages in Japanese, guest routes in English. */
export const errorLanguageOfPath = (path: string | undefined): ErrorLanguage =>
  /^\/api\/(host|admin)(\/|$)/.test(path ?? '') ? 'ja' : 'en';

/** Field path (`guest.email`) → first message, for forms that show errors beside each field. */
export function fieldsOfZodError(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

export function errorToResponse(
  error: unknown,
  log: (entry: Record<string, unknown>) => void = logError,
  language: ErrorLanguage = 'en',
): HttpApiStructuredResult {
  if (isDomainError(error)) {
    const status = statusOfErrorCode[error.code] ?? 500;
    const answer = errorJson(status, error.code, error.message, error.fields);
    if (error instanceof RateLimitedError) {
      answer.headers = { ...answer.headers, 'retry-after': String(error.retryAfterSeconds) };
    }
    return status === 503 ? withRetryAfter(answer) : answer;
  }
  if (error instanceof ZodError) {
    return errorJson(400, 'validation_failed', 'The request is not valid.', fieldsOfZodError(error));
  }
  if (isDependencyFailure(error)) {
    log({ level: 'warn', message: 'Dependency unavailable', error: errorSummary(error) });
    return withRetryAfter(errorJson(503, 'service_unavailable', UNAVAILABLE_MESSAGES[language]));
  }
  log({
    level: 'error',
    message: 'Unhandled error',
    error: errorSummary(error),
  });
  return errorJson(500, 'internal_error', INTERNAL_ERROR_MESSAGE);
}

function withRetryAfter(answer: HttpApiStructuredResult): HttpApiStructuredResult {
  return { ...answer, headers: { ...answer.headers, 'retry-after': String(RETRY_AFTER_SECONDS) } };
}

function errorSummary(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}

function logError(entry: Record<string, unknown>): void {
  console.error(JSON.stringify(entry));
}

/**
 * Use it last (`.use(httpErrors())`): middy runs `onError` hooks in reverse order, so the last middleware is the
 * first to see the error and nothing after it can turn the answer into a 502 from API Gateway.
 */
export function httpErrors(): MiddlewareObj<HttpApiEvent, HttpApiStructuredResult, Error, LambdaContext> {
  return {
    name: 'httpErrors',
    onError: (request) => {
      if (request.response && request.error === null) return;
      request.response = errorToResponse(
        request.error,
        (entry) =>
          logError({
            ...entry,
            requestId: request.context?.awsRequestId,
            routeKey: request.event?.routeKey,
          }),
        errorLanguageOfPath(request.event?.rawPath),
      );
    },
  };
}
