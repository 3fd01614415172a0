/**
 * The scheduled completion job (DESIGN §4c): EventBridge Scheduler in AWS (`lib/jobs-construct.ts`), the local
 * scheduler and `POST /api/local-jobs/complete-bookings` locally. Approved bookings whose slot has ended become
 * `completed`.
 */
import { tourJobs } from '../adapters/runtime/tour-jobs-runtime';
import type { CompleteBookingsResult } from '../use-cases/complete-bookings';
import { loggedRun } from './job-run';

export const handler = (): Promise<CompleteBookingsResult> =>
  loggedRun('Completion job', () => tourJobs().completeBookings());
