/**
 * The review use cases (DESIGN §4e), built once per cold start (STYLE §4) from the runtime adapters: the guest's
 * link and review and the public list (public API), replies (host API), moderation (admin API). The invitation
 * job has its own module (`review-invites-runtime.ts`), so the APIs do not carry its mail template.
 */
import { randomUUID } from 'node:crypto';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { makeReviewUseCases, type ReviewUseCases } from '../../use-cases/reviews';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { localClock } from './guest-runtime';

let cached: { base: RuntimeAdapters; useCases: ReviewUseCases } | undefined;

export function reviewsRuntime(): ReviewUseCases {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.useCases;
  const clock = localClock();
  const useCases = makeReviewUseCases({
    reviews: base.repositories.reviews,
    bookings: base.repositories.bookings,
    rateLimiter: new DynamoRateLimiter(base.doc, base.env.TABLE_NAME, clock),
    clock,
    newId: randomUUID,
  });
  cached = { base, useCases };
  return useCases;
}
