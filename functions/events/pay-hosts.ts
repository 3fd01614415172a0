/**
 * The payout job (DESIGN §4g): EventBridge Scheduler once a day in AWS (`lib/jobs-construct.ts`),
 * `POST /api/local-jobs/pay-hosts` locally. Earnings due become payable, and each host is paid what is payable.
 */
import type { Context } from 'aws-lambda';
import { payHostsJob } from '../adapters/runtime/money-runtime';
import type { PayHostsResult } from '../use-cases/money/pay-hosts';
import { runJobInvocation } from './job-continuation';

export const handler = (event?: unknown, context?: Context): Promise<PayHostsResult> =>
  runJobInvocation('Payout job', event, context, (options) => payHostsJob()(options));
