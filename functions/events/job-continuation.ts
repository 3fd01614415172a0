/**
 * How a scheduled job hands on what it could not finish (issue 33, DESIGN §4i). A job works in bounded batches
 * until nothing due is left; when its time budget runs low it stops with `finished: false` and a cursor, and this
 * module sends the cursor to the job's continuation queue (`JOB_CONTINUATION_QUEUE_URL`, `lib/jobs-construct.ts`),
 * whose message invokes the same function again to go on. Locally there is no queue and no budget: a run goes on
 * until it finishes (`POST /api/local-jobs/{name}`).
 *
 * Every invocation writes one CloudWatch metric line (embedded metric format): items read and processed, whether
 * it handed work on, and `UnfinishedRuns` when it stopped with work left that it could NOT hand on (no queue, the
 * queue refused, or the run was handed on `MAX_HOPS` times without finishing). The alarm on `UnfinishedRuns`
 * (`lib/monitoring-construct.ts`) is how no job truncates silently.
 */
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { JobProgress, JobRunOptions } from '../use-cases/due-work-ports';
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';
import { loggedRun } from './job-run';

export const JOB_METRICS_NAMESPACE = 'Marketplace/Jobs';
/** A run handed on this many times without finishing stops handing on (and alarms): work grows faster than it goes. */
export const MAX_HOPS = 50;
/** A batch is started only while the invocation has at least this long left. */
export const TIME_RESERVE_MS = 30_000;

/** What the continuation queue carries, and what the scheduler or a test may pass directly. */
export interface JobContinuation {
  cursor?: string;
  hop?: number;
}

interface LambdaContextLike {
  getRemainingTimeInMillis?: () => number;
}

let sqs: SQSClient | undefined;

function continuationOf(event: unknown): JobContinuation {
  const records = (event as { Records?: { body?: string }[] } | undefined)?.Records;
  const raw: unknown = records?.[0]?.body ? JSON.parse(records[0].body) : event;
  if (!raw || typeof raw !== 'object') return {};
  const { cursor, hop } = raw as JobContinuation;
  return {
    ...(typeof cursor === 'string' && cursor ? { cursor } : {}),
    hop: typeof hop === 'number' && hop >= 0 ? hop : 0,
  };
}

/**
 * Runs one invocation of a job: from the event's cursor, within the invocation's time, handing on what is left.
 * `handOn` is the queue send (injected by tests); without `JOB_CONTINUATION_QUEUE_URL` nothing is handed on.
 */
export async function runJobInvocation<T extends JobProgress & { failed: number }>(
  name: string,
  event: unknown,
  context: LambdaContextLike | undefined,
  run: (options: JobRunOptions) => Promise<T>,
  handOn: ((message: JobContinuation) => Promise<void>) | undefined = queueHandOn(),
): Promise<T> {
  const { cursor, hop = 0 } = continuationOf(event);
  const remaining = context?.getRemainingTimeInMillis?.bind(context);
  const result = await loggedRun(name, () =>
    run({
      ...(cursor ? { cursor } : {}),
      ...(remaining ? { shouldStop: () => remaining() < TIME_RESERVE_MS } : {}),
    }),
  );
  let handedOn = false;
  if (!result.finished && result.cursor && handOn && hop + 1 < MAX_HOPS) {
    try {
      await handOn({ cursor: result.cursor, hop: hop + 1 });
      handedOn = true;
    } catch (e) {
      consoleJsonLogger.error(`${name}: the rest could not be handed on`, errorFields(e));
    }
  }
  // Only in Lambda, where CloudWatch reads the line; the local stack's console stays readable.
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) emitJobMetrics(name, result, handedOn);
  return result;
}

/** One embedded-metric-format line: CloudWatch turns it into the job's metrics, no API call needed. */
export function emitJobMetrics(name: string, result: JobProgress, handedOn: boolean): void {
  const unfinished = !result.finished && !handedOn;
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: JOB_METRICS_NAMESPACE,
            Dimensions: [['Job']],
            Metrics: [
              { Name: 'ItemsRead', Unit: 'Count' },
              { Name: 'ItemsProcessed', Unit: 'Count' },
              { Name: 'HandedOn', Unit: 'Count' },
              { Name: 'UnfinishedRuns', Unit: 'Count' },
            ],
          },
        ],
      },
      Job: name,
      ItemsRead: result.read,
      ItemsProcessed: result.processed,
      HandedOn: handedOn ? 1 : 0,
      UnfinishedRuns: unfinished ? 1 : 0,
    }),
  );
}

function queueHandOn(): ((message: JobContinuation) => Promise<void>) | undefined {
  const queueUrl = process.env.JOB_CONTINUATION_QUEUE_URL;
  if (!queueUrl) return undefined;
  return async (message) => {
    sqs ??= new SQSClient({});
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  };
}
