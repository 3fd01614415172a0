/**
 * One error path for the whole back end: use cases and repositories throw a DomainError with a stable
 * string code; one mapper (in the API layer) turns the code into an HTTP status, and the SPA turns the
 * code into the specification's message.
 */
export const errorCodes = {
  validation: 'validation_failed', // 400
  notFound: 'not_found', // 404
  slotUnavailable: 'slot_unavailable', // 409: the slot is blocked, full or outside the rule
  stateConflict: 'state_conflict', // 409: the entity is no longer in the state the operation needs
  duplicate: 'duplicate', // 409: a unique value (e-mail, reference) is taken
  stale: 'stale', // 409: the entity changed since the client read it (an edit over a newer save)
  hostUnderReview: 'host_under_review', // 409: a host an admin has not approved yet tries to publish
  payoutAccountRequired: 'payout_account_required', // 409: publishing without a payout account that takes payments
  offerNotOpen: 'offer_not_open', // 409: a concierge offer already booked, withdrawn or expired (issue 31)
  hostNotBookable: 'host_not_bookable', // 409: an offer for a suspended or unapproved host's (or unpublished) experience
  unauthorized: 'unauthorized', // 401
  forbidden: 'forbidden', // 403
  invalidCode: 'invalid_code', // 403: a guest's cancellation code is missing, wrong, used or lapsed
  notAHost: 'not_a_host', // 403: a valid host-pool account without a host profile
  payloadTooLarge: 'payload_too_large', // 413
  rateLimited: 'rate_limited', // 429: too many failed attempts (lookups)
  tooManyRequests: 'too_many_requests', // 429: past a client's, e-mail's or host's allowance (bookings, uploads)
  cardDeclined: 'card_declined', // 402
  paymentFailed: 'payment_failed', // 502: the payment provider failed
  unavailable: 'service_unavailable', // 503: try again shortly (contention, a dependency not configured)
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Field name → message, for validation errors the form can show beside each field. */
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

/** A 429: the caller may try again after `retryAfterSeconds` (the API sends it as `Retry-After`). */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterSeconds: number,
    message: string,
    code: 'rate_limited' | 'too_many_requests' = 'too_many_requests',
  ) {
    super(code, message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** The specification's message for a slot that cannot be taken (guest-side spec §5 and §8). */
export const SLOT_UNAVAILABLE_MESSAGE = 'The selected time slot cannot be booked. Please choose another time';
