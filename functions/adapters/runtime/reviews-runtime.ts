/**
 * The review use cases (DESIGN §4e), built once per cold start (STYLE §4) from the runtime adapters: the guest's
 * link and review and the public list (public API), replies (host API), moderation (admin API). The invitation
 * job has its own module (`review-invites-runtime.ts`), so the APIs do not carry its mail template.
 */
import { randomUUID } from 'node:crypto';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { makeReviewUseCases, type ReviewUseCases } from '../../use-cases/reviews';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { consoleJsonLogger } from '../../use-cases/console-logger';
import { localClock, pageEventsOf } from './guest-runtime';

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
    // A review written, hidden or shown again changes the experience's rating on its pages (issue 32 item 7).
    ...pageEventsOf(base.env),
    logger: consoleJsonLogger,
  });
  cached = { base, useCases };
  return useCases;
}
