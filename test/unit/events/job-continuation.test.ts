/**
 * How a job invocation hands on what it could not finish (issue 33): the cursor goes to the continuation queue,
 * a queue message continues from its cursor, and a run that stops with work left and cannot hand it on counts as
 * an unfinished run (the metric the alarm watches).
 */
import { runJobInvocation, emitJobMetrics, MAX_HOPS } from '../../../functions/events/job-continuation';
import type { JobContinuation } from '../../../functions/events/job-continuation';
import type { JobProgress, JobRunOptions } from '../../../functions/use-cases/due-work-ports';

type Result = JobProgress & { failed: number };
const done: Result = { processed: 3, read: 3, finished: true, failed: 0 };
const stopped: Result = { processed: 5, read: 5, finished: false, cursor: 'c2', failed: 0 };

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

it('hands the cursor on when the run stopped with work left, and continues a queue message from its cursor', async () => {
  const sent: JobContinuation[] = [];
  const seen: JobRunOptions[] = [];
  const run = async (options: JobRunOptions) => {
    seen.push(options);
    return stopped;
  };
  const context = { getRemainingTimeInMillis: () => 10_000 };
  await runJobInvocation(
    'Completion job',
    { Records: [{ body: '{"cursor":"c1","hop":2}' }] },
    context,
    run,
    async (m) => {
      sent.push(m);
    },
  );
  expect(seen[0]?.cursor).toBe('c1');
  // 10 s left is below the reserve: the run is told to stop after its first batch.
  expect(seen[0]?.shouldStop?.()).toBe(true);
  expect(sent).toEqual([{ cursor: 'c2', hop: 3 }]);
});

it('hands nothing on when the run finished', async () => {
  const sent: JobContinuation[] = [];
  await runJobInvocation(
    'Completion job',
    {},
    undefined,
    async () => done,
    async (m) => {
      sent.push(m);
    },
  );
  expect(sent).toEqual([]);
});

it(`stops handing on after ${MAX_HOPS} hops`, async () => {
  const sent: JobContinuation[] = [];
  await runJobInvocation(
    'Completion job',
    { cursor: 'c', hop: MAX_HOPS - 1 },
    undefined,
    async () => stopped,
    async (m) => {
      sent.push(m);
    },
  );
  expect(sent).toEqual([]);
});

it('counts an unfinished run only when its work was not handed on', () => {
  const lines: string[] = [];
  vi.mocked(console.log).mockImplementation((line: string) => void lines.push(line));
  emitJobMetrics('Reminder job', stopped, true);
  emitJobMetrics('Reminder job', stopped, false);
  emitJobMetrics('Reminder job', done, false);
  const metrics = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(metrics.map((m) => [m.HandedOn, m.UnfinishedRuns])).toEqual([
    [1, 0],
    [0, 1],
    [0, 0],
  ]);
  expect(metrics[0]).toMatchObject({ Job: 'Reminder job', ItemsRead: 5, ItemsProcessed: 5 });
});
