/**
 * What every API benchmark does around its measurements: mute the handlers' logs, start the local stack in a
 * temporary folder (payments in memory, no expiry runs), write the Markdown report to `test-results/`, print it,
 * and stop and remove everything however the run ends (Ctrl-C included).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { RELAXED_BOOKING_LIMITS } from '../local/booking-limits';
import { REPO_ROOT, startLocalStack, type LocalStack } from '../local/stack';
import { muteConsole, say } from './load';

export interface BenchOutcome {
  /** Markdown. */
  report: string;
  /** False fails the run (exit code 1) after the report is written. */
  ok: boolean;
}

/** One line about the machine and the setup, for the top of a report. */
export const machineLine = () =>
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} · ${(totalmem() / 2 ** 30).toFixed(1)} GiB · DynamoDB Local, local payment gateway (in memory), one process`;

export async function runBenchOnLocalStack(
  name: string,
  reportFile: string,
  measure: (stack: LocalStack, origin: string) => Promise<BenchOutcome>,
): Promise<never> {
  const quiet = muteConsole();
  const workDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  let stack: LocalStack | undefined;
  const stopAll = async () => {
    await stack?.stop().catch(() => {});
    stack = undefined;
    rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopAll().finally(() => process.exit(130)));
  }
  try {
    say(`Starting the local stack in ${workDir} …`);
    const started = performance.now();
    stack = await startLocalStack({
      dataDir: join(workDir, 'data'),
      port: 0,
      webRoot: join(workDir, 'web'),
      persistPayments: false,
      expiryIntervalMs: 60 * 60_000,
      // Hundreds of bookings from one address: the benches measure the booking path, not the per-client limits.
      bookingLimits: RELAXED_BOOKING_LIMITS,
    });
    say(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${stack.url}`);
    const { report, ok } = await measure(stack, `http://127.0.0.1:${stack.port}`);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'test-results', reportFile), report);
    quiet.restore();
    console.log(`\n${report}\nWritten to test-results/${reportFile}`);
    await stopAll();
    process.exit(ok ? 0 : 1);
  } catch (e) {
    quiet.restore();
    console.error(`Benchmark failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    await stopAll();
    process.exit(1);
  }
}

/** A `POST /api/bookings` body for a slot, from a new bench guest each time. */
export const bookingRequestBody = (
  slot: { experienceId: string; date: string; time: string },
  options: { guests?: number; language?: 'en' | 'ja' } = {},
) =>
  JSON.stringify({
    ...slot,
    guests: options.guests ?? 2,
    language: options.language ?? 'en',
    guest: {
      firstName: 'Bench',
      lastName: 'Guest',
      email: `bench.${randomUUID().slice(0, 8)}@example.com`,
      phone: '+81 90 0000 0000',
      nationality: 'Japan',
    },
  });
