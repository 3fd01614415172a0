/**
 * The offer expiry job (issue 31): EventBridge Scheduler every 5 minutes in AWS (`lib/jobs-construct.ts`),
 * `POST /api/local-jobs/expire-offers` locally. Warns guests once when two hours of an offer are left; expires
 * offers past their time, releasing their slot.
 */
import type { Context } from 'aws-lambda';
import { offersRuntime } from '../adapters/runtime/offers-runtime';
import type { ExpireOffersResult } from '../use-cases/concierge/offers';
import { runJobInvocation } from './job-continuation';

export const handler = (event?: unknown, context?: Context): Promise<ExpireOffersResult> =>
  runJobInvocation('Offer expiry job', event, context, (options) => offersRuntime().expireOffers(options));
