/**
 * The scheduled completion job (DESIGN §4c): EventBridge Scheduler in AWS (`lib/jobs-construct.ts`), the local
 * scheduler and `POST /api/local-jobs/complete-bookings` locally. Approved bookings whose slot has ended become
 * `completed`.
 */
import { tourJobs } from '../adapters/runtime/tour-jobs-runtime';
import type { CompleteBookingsResult } from '../use-cases/complete-bookings';
import type { Context } from 'aws-lambda';
import { runJobInvocation } from './job-continuation';

export const handler = (event?: unknown, context?: Context): Promise<CompleteBookingsResult> =>
  runJobInvocation('Completion job', event, context, (options) => tourJobs().completeBookings(options));
