/**
 * The review invitation job (DESIGN §4e), built once per cold start on the booking services, which carry the mail
 * notifications. Apart from `reviews-runtime.ts`, so that the APIs do not carry the invitation mail.
 */
import { randomUUID } from 'node:crypto';
import { newReviewToken } from '../../use-cases/review-tokens';
import { makeSendReviewInvites } from '../../use-cases/send-review-invites';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { SITE_NAME, bookingServices } from './guest-runtime';

let job: { base: RuntimeAdapters; run: ReturnType<typeof makeSendReviewInvites> } | undefined;

export function reviewInvitesJob(): ReturnType<typeof makeSendReviewInvites> {
  const base = runtimeAdapters();
  if (job?.base === base) return job.run;
  const { notifications, logger, clock, baseUrl } = bookingServices();
  const run = makeSendReviewInvites({
    due: base.repositories.due,
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
