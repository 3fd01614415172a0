/**
 * The few calls of Stripe's REST API this marketplace makes (create, retrieve, capture and cancel a PaymentIntent),
 * over the runtime's `fetch`. Stripe's Node SDK wraps the whole API (~240 KB minified, every resource loaded at
 * start), which alone would take a Lambda bundle near its 250 KB budget; the API itself is form-encoded HTTP with
 * a bearer key. What the SDK added that matters here is kept: the pinned API version, idempotency keys,
 * retries with its backoff and its rules (connection errors, 409, 5xx, `Stripe-Should-Retry`), a per-request
 * timeout, and errors that carry Stripe's type, code and request id under the SDK's class names.
 */

/**
 * The API version every request asks for (the one `stripe` 23.1 pins), so the shape of the answers changes only
 * when we change this line, never when the account's default version moves.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The SDK's backoff: 0.5 s doubling per retry, at most 5 s, with jitter between half and all of it. */
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 5_000;
/** A socket closed under us (a keep-alive connection of a frozen Lambda) is retried once even without retries. */
const CONNECTION_CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

export interface StripeApiOptions {
  secretKey: string;
  maxNetworkRetries: number;
  timeoutMs: number;
  /** Another API endpoint (tests point the client at a local fake server). */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's error object (`{ error: { type, code, message, … } }`), as an exception. */
export class StripeApiError extends Error {
  constructor(
    /** The SDK's class name for it (`StripeCardError`, `StripeConnectionError`, …): what our logs have always said. */
    readonly type: string,
    message: string,
    readonly details: { statusCode?: number; code?: string; requestId?: string } = {},
  ) {
    super(message);
    this.name = type;
  }

  get statusCode() {
    return this.details.statusCode;
  }
  get code() {
    return this.details.code;
  }
  get requestId() {
    return this.details.requestId;
  }
}

/** Form parameters as Stripe reads them: nested objects and arrays in bracket notation (`metadata[bookingId]`). */
export type StripeParams = { [key: string]: StripeParamValue };
type StripeParamValue = string | number | boolean | null | undefined | StripeParamValue[] | StripeParams;

export function encodeStripeForm(params: StripeParams): string {
  const form = new URLSearchParams();
  const add = (key: string, value: StripeParamValue) => {
    if (value === undefined) return;
    // Stripe reads an empty string as "unset this field".
    if (value === null) form.append(key, '');
    else if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

export class StripeApi {
  private readonly baseUrl: string;

  constructor(private readonly options: StripeApiOptions) {
    const { endpoint } = options;
    this.baseUrl = endpoint
      ? `${endpoint.protocol}://${endpoint.host}:${endpoint.port}`
      : 'https://api.stripe.com';
  }

  /** `stripeAccount`: act on a connected account (Stripe's `Stripe-Account` header), e.g. its payouts. */
  get<T>(path: string, options: { stripeAccount?: string } = {}): Promise<T> {
    return this.request<T>('GET', path, undefined, undefined, options.stripeAccount);
  }

  /** Every POST we make is keyed, so a retried one is applied once (Stripe replays the first answer). */
  post<T>(
    path: string,
    params: StripeParams,
    idempotencyKey: string,
    options: { stripeAccount?: string } = {},
  ): Promise<T> {
    return this.request<T>('POST', path, encodeStripeForm(params), idempotencyKey, options.stripeAccount);
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    idempotencyKey?: string,
    stripeAccount?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
      'user-agent': 'ehime-experiences (Stripe REST over fetch)',
    };
    if (stripeAccount) headers['stripe-account'] = stripeAccount;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;

    for (let retries = 0; ; retries++) {
      let response: Response;
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers,
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        const closed = retries === 0 && CONNECTION_CLOSED_CODES.has(causeCode(error) ?? '');
        if (closed || retries < this.options.maxNetworkRetries) {
          await sleep(retryDelay(retries + 1));
          continue;
        }
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new StripeApiError(
          'StripeConnectionError',
          timedOut
            ? `Request aborted due to timeout of ${this.options.timeoutMs} ms`
            : 'An error occurred with our connection to Stripe',
        );
      }
      const requestId = response.headers.get('request-id') ?? undefined;
      if (response.ok) {
        try {
          return (await response.json()) as T;
        } catch {
          throw new StripeApiError('StripeAPIError', 'Invalid JSON received from the Stripe API', {
            statusCode: response.status,
            requestId,
          });
        }
      }
      // The answer is read (and the connection freed) before deciding, whatever comes next.
      const error = await errorOf(response, requestId);
      if (retries < this.options.maxNetworkRetries && shouldRetry(response)) {
        await sleep(retryDelay(retries + 1));
        continue;
      }
      throw error;
    }
  }
}

/** Stripe's own guidance first (`Stripe-Should-Retry`), then conflicts and server errors, as the SDK decides. */
function shouldRetry(response: Response): boolean {
  const advice = response.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return response.status === 409 || response.status >= 500;
}

function retryDelay(retry: number): number {
  const capped = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** (retry - 1), MAX_RETRY_DELAY_MS);
  return Math.max(INITIAL_RETRY_DELAY_MS, capped * 0.5 * (1 + Math.random()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `code` of the system error under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, …). */
function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** The SDK's mapping of a v1 error answer to its error classes (status first, then Stripe's type and code). */
async function errorOf(response: Response, requestId: string | undefined): Promise<StripeApiError> {
  let raw: { type?: unknown; code?: unknown; message?: unknown } = {};
  try {
    const body = (await response.json()) as { error?: typeof raw };
    raw = body.error ?? {};
  } catch {
    // Not Stripe's JSON (a proxy's error page): the status alone decides.
  }
  const status = response.status;
  const code = typeof raw.code === 'string' ? raw.code : undefined;
  const message = typeof raw.message === 'string' ? raw.message : `Stripe answered HTTP ${status}`;
  const type = sdkErrorClass(status, code, raw.type);
  return new StripeApiError(type, message, { statusCode: status, code, requestId });
}

function sdkErrorClass(status: number, code: string | undefined, type: unknown): string {
  if (status === 429 || (status === 400 && code === 'rate_limit')) return 'StripeRateLimitError';
  if (status === 400 || status === 404) {
    return type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  }
  if (status === 401) return 'StripeAuthenticationError';
  if (status === 402) return 'StripeCardError';
  if (status === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}
