/**
 * The guest-page jobs' queue in AWS (issue 33): one SQS message per job, sent ten to a `SendMessageBatch` call, so
 * a full render's thousands of jobs are spread over the renderer's concurrent invocations and a failed page is
 * retried alone (then parked in the dead-letter queue) instead of failing a whole run.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { GuestPageJob } from '../../domain/guest-page-jobs';
import type { GuestPageJobQueue } from '../../use-cases/guest-page-ports';

/** SQS takes at most ten messages per batch call. */
const SQS_BATCH = 10;
/** Batch calls in flight at once while handing on a page of jobs. */
const PARALLEL_CALLS = 5;

export function createSqsPageJobQueue(
  queueUrl: string,
  client: Pick<SQSClient, 'send'> = new SQSClient({ maxAttempts: 3 }),
): GuestPageJobQueue {
  async function sendBatch(jobs: readonly GuestPageJob[]): Promise<void> {
    const answer = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: jobs.map((job, i) => ({ Id: String(i), MessageBody: JSON.stringify({ job }) })),
      }),
    );
    const failed = answer.Failed ?? [];
    if (failed.length > 0) {
      // The caller's message is retried as a whole: its jobs are idempotent, a second copy of one only re-renders.
      throw new Error(
        `SQS refused ${failed.length} page job(s): ${failed.map((f) => `${f.Code ?? ''} ${f.Message ?? ''}`).join('; ')}`,
      );
    }
  }

  return {
    async send(jobs) {
      const batches: GuestPageJob[][] = [];
      for (let i = 0; i < jobs.length; i += SQS_BATCH) batches.push(jobs.slice(i, i + SQS_BATCH));
      for (let i = 0; i < batches.length; i += PARALLEL_CALLS) {
        await Promise.all(batches.slice(i, i + PARALLEL_CALLS).map(sendBatch));
      }
    },
  };
}
