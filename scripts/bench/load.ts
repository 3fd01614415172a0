/**
 * A small closed-loop load generator (autocannon is not a dependency): `concurrency` workers each send the next
 * request as soon as their previous one is answered, until `requests` have been sent. Latency is measured per
 * request with `performance.now()`, from sending to the last byte of the body.
 */
export interface LoadResult {
  requests: number;
  concurrency: number;
  /** Wall time of the whole run. */
  totalMs: number;
  /** Sorted ascending. */
  latenciesMs: number[];
  /** HTTP status (or `error` for a failed connection) → count. */
  statuses: Record<string, number>;
}

export async function runLoad(options: {
  requests: number;
  concurrency: number;
  /** Sends request number `i` and answers its status once the body has been read. */
  send: (i: number) => Promise<number>;
}): Promise<LoadResult> {
  const latencies = new Array<number>(options.requests);
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < options.requests; i = next++) {
      const started = performance.now();
      let status: string;
      try {
        status = String(await options.send(i));
      } catch {
        status = 'error';
      }
      latencies[i] = performance.now() - started;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.requests) }, worker));
  return {
    requests: options.requests,
    concurrency: options.concurrency,
    totalMs: performance.now() - started,
    latenciesMs: latencies.sort((a, b) => a - b),
    statuses,
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `201×3, 409×2`. */
export function formatStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

/** A positive whole number from the environment (`BENCH_REQUESTS=2000`), or the fallback. */
export const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Progress lines of a benchmark, written past the muted console. */
export function say(line: string) {
  process.stderr.write(`${line}\n`);
}

/** Mutes `console.*` (the handlers' JSON logs); `restore()` puts it back. */
export function muteConsole() {
  const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const noop = () => {};
  Object.assign(console, { log: noop, info: noop, warn: noop, error: noop });
  return { restore: () => Object.assign(console, original) };
}
