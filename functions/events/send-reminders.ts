/**
 * The scheduled reminder job (DESIGN §4c): EventBridge Scheduler in AWS (`lib/jobs-construct.ts`), the local
 * scheduler and `POST /api/local-jobs/send-reminders` locally. The guest's reminder about 24 hours before an
 * approved tour and each host's list of the next day's tours, each written once with its record.
 */
import { tourJobs } from '../adapters/runtime/tour-jobs-runtime';
import type { SendRemindersResult } from '../use-cases/send-reminders';
import type { Context } from 'aws-lambda';
import { runJobInvocation } from './job-continuation';

export const handler = (event?: unknown, context?: Context): Promise<SendRemindersResult> =>
  runJobInvocation('Reminder job', event, context, (options) => tourJobs().sendReminders(options));
