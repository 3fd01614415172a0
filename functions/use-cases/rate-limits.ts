/**
 * The one way a use case meters callers (lookups, bookings, uploads): fixed-window attempt counts through the
 * `RateLimiter` port, refused with a `RateLimitedError` (429 with `Retry-After`).
 */
import { RateLimitedError } from '../domain/errors';
import type { RateLimiter } from './ports';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** An attempt that was counted: what `RateLimiter.refund` needs to give it back. */
export interface CountedAttempt {
  key: string;
  windowStartSeconds: number;
}

/**
 * Counts one attempt under `key`; past `rule` throws `RateLimitedError` with the seconds until the window ends.
 * Atomic (the adapter's counter), so a burst of parallel attempts cannot slip past the limit.
 */
export async function countAttempt(
  limiter: RateLimiter,
  key: string,
  rule: RateRule,
  refusal: { message: string; code?: 'rate_limited' | 'too_many_requests' },
): Promise<CountedAttempt> {
  const decision = await limiter.hit(key, rule.limit, rule.windowSeconds);
  if (!decision.allowed)
    throw new RateLimitedError(decision.retryAfterSeconds, refusal.message, refusal.code);
  return { key, windowStartSeconds: decision.windowStartSeconds };
}
