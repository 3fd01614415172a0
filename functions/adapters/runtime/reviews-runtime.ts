/**
 * The review use cases (DESIGN §4e), built once per cold start (STYLE §4) from the runtime adapters: the guest's
 * link and review and the public list (public API), replies (host API), moderation (admin API). The invitation
 * job is built on the booking services, which carry the mail notifications.
 */
import { randomUUID } from 'node:crypto';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { makeReviewUseCases, type ReviewUseCases } from '../../use-cases/reviews';
import { newReviewToken } from '../../use-cases/review-tokens';
import { makeSendReviewInvites } from '../../use-cases/send-review-invites';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { SITE_NAME, bookingServices, localClock } from './guest-runtime';

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

let job: { base: RuntimeAdapters; run: ReturnType<typeof makeSendReviewInvites> } | undefined;

export function reviewInvitesJob(): ReturnType<typeof makeSendReviewInvites> {
  const base = runtimeAdapters();
  if (job?.base === base) return job.run;
  const { notifications, logger, clock, baseUrl } = bookingServices();
  const run = makeSendReviewInvites({
    bookings: base.repositories.bookings,
    experiences: base.repositories.experiences,
    reviews: base.repositories.reviews,
    notifications,
    logger,
    clock,
    newId: randomUUID,
    newToken: newReviewToken,
    baseUrl,
    siteName: SITE_NAME,
  });
  job = { base, run };
  return run;
}
