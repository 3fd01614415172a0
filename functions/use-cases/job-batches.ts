/**
 * The loop every job of issue 33 runs: one bounded batch after another, each answering the cursor of the next, until
 * none is left (`finished: true`) or `shouldStop` (a time budget) ends the run with the cursor to hand on. The first
 * batch always runs, so a run handed on always makes progress.
 */
import type { JobRunOptions } from './due-work-ports';

export async function runInBatches(
  options: JobRunOptions,
  /** Runs one batch from `cursor`; answers the next batch's cursor, or `undefined` when nothing is left. */
  batch: (cursor: string | undefined) => Promise<string | undefined>,
): Promise<{ finished: boolean; cursor?: string }> {
  let cursor = options.cursor;
  let first = true;
  do {
    if (!first && options.shouldStop?.()) return { finished: false, ...(cursor ? { cursor } : {}) };
    first = false;
    cursor = await batch(cursor);
  } while (cursor !== undefined);
  return { finished: true };
}
