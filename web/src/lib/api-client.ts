/**
 * The one HTTP client of the SPA (STYLE §7): JSON in and out, relative to the API base of `/config.json`, and every
 * failure turned into an `ApiError` carrying the API's stable error code (DESIGN §6), which features map to the
 * specification's messages.
 */
import { isChallengedRequest } from '@domain/bot-challenge';

/** The path of a request URL (`/api/bookings`), whatever origin the API base names. */
function apiPathOf(url: string): string {
  return new URL(url, 'http://site.invalid').pathname;
}

export class ApiError extends Error {
  readonly status: number;
  /** The API's `error.code` (`not_found`, `slot_unavailable`, …), `unauthorized` for a gateway 401, `network_error`. */
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The answer's `Retry-After` in seconds (a 503 of a dependency that is down, a 429), when it had one. */
  retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A Cognito token for host/admin routes. */
  token?: string;
  signal?: AbortSignal;
  /** Let the request outlive the page (a guest leaving it): `fetch`'s `keepalive`. */
  keepalive?: boolean;
  /** How a successful answer is read: JSON (default), text (a CSV) or a Blob (a PDF). Errors are JSON. */
  responseType?: 'json' | 'text' | 'blob';
}

/** What a browser must do before a request AWS WAF challenges (issue 29): take a token (`waf-token.ts`). */
export interface ApiClientOptions {
  beforeChallenged?: () => Promise<void>;
}

/** WAF answered its challenge instead of passing the request on (the browser had no valid token). */
export const CHALLENGE_REQUIRED_MESSAGE =
  'Your browser could not be verified. Please reload the page and try again.';

export function createApiClient(
  baseUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  clientOptions: ApiClientOptions = {},
) {
  const base = baseUrl.replace(/\/$/, '');
  return async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    if (clientOptions.beforeChallenged && isChallengedRequest(method, apiPathOf(`${base}${path}`))) {
      await clientOptions.beforeChallenged();
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiError(
        0,
        'network_error',
        'The server could not be reached. Please check your connection.',
      );
    }
    if (res.status === 202 && res.headers.get('x-amzn-waf-action') === 'challenge') {
      // WAF's challenge page, not the API's answer: nothing was done.
      throw new ApiError(res.status, 'challenge_required', CHALLENGE_REQUIRED_MESSAGE);
    }
    if (res.ok && options.responseType === 'text') return (await res.text()) as T;
    if (res.ok && options.responseType === 'blob') return (await res.blob()) as T;
    const payload: unknown = res.status === 204 ? null : await res.json().catch(() => null);
    if (res.ok) return payload as T;
    const failure = errorOf(res, payload);
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    if (Number.isFinite(retryAfter) && retryAfter >= 0) failure.retryAfterSeconds = retryAfter;
    throw failure;
  };
}

function errorOf(res: Response, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
    ?.error;
  if (error?.code) return new ApiError(res.status, error.code, error.message ?? error.code, error.fields);
  // API Gateway's own answers (401 from an authorizer, 5xx) carry `{ message }` only.
  const message = (payload as { message?: string } | null)?.message ?? res.statusText;
  return new ApiError(res.status, res.status === 401 ? 'unauthorized' : `http_${res.status}`, message);
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A 4xx answer: the request itself is refused (invalid, not found, not allowed, throttled). Asking again unchanged
 * gets the same answer, so such a failure is never retried.
 */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The API or the network is down for a moment (a 503 of a dependency that stalled, a gateway 502/504, no
 * connection): the same request will most likely pass shortly, so reads retry on their own meanwhile.
 */
export function isTemporaryFailure(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'network_error' || error.status === 502 || error.status === 503 || error.status === 504)
  );
}
