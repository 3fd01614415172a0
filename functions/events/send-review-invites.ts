/**
 * The review invitation job (DESIGN §4e): EventBridge Scheduler in AWS (`lib/jobs-construct.ts`), the local
 * scheduler and `POST /api/local-jobs/send-review-invites` locally. The day after a completed tour the guest's
 * invitation, on day 5 the reminder if they have not written; each written once with its record.
 */
import { reviewInvitesJob } from '../adapters/runtime/review-invites-runtime';
import type { SendReviewInvitesResult } from '../use-cases/send-review-invites';
import type { Context } from 'aws-lambda';
import { runJobInvocation } from './job-continuation';

export const handler = (event?: unknown, context?: Context): Promise<SendReviewInvitesResult> =>
  runJobInvocation('Review invitation job', event, context, (options) => reviewInvitesJob()(options));
