/**
 * What the scheduled jobs of approved tours share (`complete-bookings.ts`, `send-reminders.ts`): one log line per
 * run with its counts and duration. A booking's failure never stops a run (the next one retries it); the run
 * itself fails (the scheduler retries, then parks the event in the jobs' dead-letter queue) only when the
 * approved tours cannot be read.
 */
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';

export async function loggedRun<T extends { failed: number }>(
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    consoleJsonLogger[result.failed > 0 ? 'warn' : 'info'](name, {
      ...result,
      ms: Math.round(performance.now() - started),
    });
    return result;
  } catch (e) {
    consoleJsonLogger.error(`${name} failed`, {
      ms: Math.round(performance.now() - started),
      ...errorFields(e),
    });
    throw e;
  }
}
