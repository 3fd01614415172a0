/**
 * How long the functions wait for the services they call, and which failures of those services mean "try again in a
 * moment" (DESIGN §4f). Without these limits the AWS SDK waits forever for a stalled socket: with DynamoDB frozen,
 * `GET /api/experiences` answered 500 after 30 s (issue 20). With them, a stalled or refused dependency ends the
 * request in a few seconds and the error handler answers 503 with `Retry-After`.
 *
 * Per attempt: `connectionTimeout` to open the socket, `requestTimeout` until the answer's headers arrive,
 * `socketTimeout` for an answer that stops half-way. The SDK's standard retry strategy retries timeouts, refused
 * connections, throttling and 5xx with jittered backoff (0.1 s base, 0.5 s for throttling) up to `maxAttempts`.
 * Budget of a stalled DynamoDB: 2 × 2 s + backoff ≈ 4.1 s, under the ~5 s of the issue and the function's 15 s.
 */

interface CallLimits {
  maxAttempts: number;
  connectionTimeout: number;
  requestTimeout: number;
}

export const CALL_LIMITS = {
  /**
   * GetItem, Query and small transactions answer in single-digit milliseconds in AWS; 2 s is a stall, not a slow
   * day. (DynamoDB Local is 10–100× slower and runs transactions one at a time: 2 s rather than 1 s keeps ordinary
   * local load, and the tests on a busy machine, clear of the bound.)
   */
  dynamodb: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 2_000 },
  /** SendEmail: mail goes out after the state change, so a slow SES must not hold the guest's answer for long. */
  ses: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 2_000 },
  /** Image variants of a few hundred kilobytes at most (originals go straight to S3 through a presigned POST). */
  s3: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 3_000 },
  /** The admin API of the host pool (create, disable, enable, delete a host). */
  cognito: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 2_000 },
  /** PutEvents from the Stripe webhook relay and GetSecretValue at the first payment of a cold start. */
  eventbridge: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 2_000 },
  secretsManager: { maxAttempts: 2, connectionTimeout: 1_000, requestTimeout: 2_000 },
} as const satisfies Record<string, CallLimits>;

export type OutsideService = keyof typeof CALL_LIMITS;

/**
 * The part of an AWS SDK v3 client's configuration that bounds each call. `socketTimeout` ends a socket that went
 * silent; `requestTimeout` ends one that trickles, but only with `throwOnRequestTimeout`: without it,
 * @smithy/node-http-handler 4.x merely logs a warning when `requestTimeout` passes and keeps waiting.
 */
export function callLimits(service: OutsideService) {
  const { maxAttempts, connectionTimeout, requestTimeout } = CALL_LIMITS[service];
  return {
    maxAttempts,
    requestHandler: {
      connectionTimeout,
      requestTimeout,
      throwOnRequestTimeout: true,
      socketTimeout: requestTimeout,
    },
  };
}

/** Error names of the SDK (and of the services) that say the dependency is slow, overloaded or unreachable. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
]);

/** Socket-level failures: nothing answered, or the connection broke. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

interface SdkErrorShape {
  name?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $retryable?: { throttling?: unknown };
}

/**
 * True when an error thrown by an outside call means the dependency is unavailable for now (after the SDK's own
 * retries), as opposed to a bug or a refusal of our request (a failed condition, a validation error, access denied).
 */
export function isDependencyFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as SdkErrorShape;
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && UNAVAILABLE_SOCKET_CODES.has(e.code)) return true;
  if (e.$retryable?.throttling === true) return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}
