/**
 * The scheduled expiry job (DESIGN §4 step 6): EventBridge Scheduler in AWS, every minute in the local stack.
 * Lapsed 15-minute holds and requests unanswered for 48 hours become `expired` (slot released, authorisation
 * cancelled, guest and host told). One booking's failure never stops the run; it stays due for the next one.
 * The run itself fails (and the scheduler retries) only when the due list cannot be read at all. The same run
 * reminds hosts of requests with 12 hours left (once each).
 */
import { guestRuntime } from '../adapters/runtime/guest-runtime';
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';
import type { ExpireBookingsResult } from '../use-cases/expire-bookings';

export type ExpiryJobResult = ExpireBookingsResult & { reminded: number };

export async function handler(): Promise<ExpiryJobResult> {
  const started = performance.now();
  try {
    const { useCases } = guestRuntime();
    const result = { ...(await useCases.expireBookings()), ...(await useCases.remindHosts()) };
    consoleJsonLogger[result.failed > 0 ? 'warn' : 'info']('Expiry job', {
      ...result,
      ms: Math.round(performance.now() - started),
    });
    return result;
  } catch (e) {
    consoleJsonLogger.error('Expiry job failed', {
      ms: Math.round(performance.now() - started),
      ...errorFields(e),
    });
    throw e;
  }
}
