/**
 * The local stack's stand-in for EventBridge Scheduler: runs a job every `intervalMs` (the expiry job every
 * minute), never two runs at once, and lets tests and the local-only route run it now. A failed run is logged and
 * the next tick tries again, as the scheduler's retry would.
 */
export interface LocalScheduler<T> {
  /** Runs the job now (after a run already in progress, if any) and answers its result. */
  runNow(): Promise<T>;
  stop(): Promise<void>;
}

export function startScheduler<T>(options: {
  name: string;
  intervalMs: number;
  run: () => Promise<T>;
  log?: (line: string) => void;
}): LocalScheduler<T> {
  let running: Promise<T> | null = null;
  let stopped = false;

  const runOnce = (): Promise<T> => {
    const previous = running ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => options.run())
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  };

  const timer = setInterval(() => {
    // A tick that finds the previous run still going is skipped, like a scheduler with no overlap.
    if (stopped || running) return;
    runOnce().catch((e: unknown) =>
      options.log?.(`${options.name} failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  }, options.intervalMs);
  // The scheduler never keeps the process alive on its own: the server does.
  timer.unref();

  return {
    runNow: runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
