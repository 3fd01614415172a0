import type { Booking } from '../domain/entities';
import { isDomainError } from '../domain/errors';
import { isDueForCompletion } from '../domain/tour-schedule';
import { errorFields } from './console-logger';
import {
  DEFAULT_JOB_BATCH,
  type DueWorkRepository,
  type JobProgress,
  type JobRunOptions,
} from './due-work-ports';
import { runInBatches } from './job-batches';
import type { BookingRepository, Logger } from './ports';

export interface CompleteBookingsResult extends JobProgress {
  /** Approved bookings read (tours that have started). */
  examined: number;
  /** Moved to `completed` by this run. */
  completed: number;
  /** Moved by another writer first (a cancellation, another run). */
  skipped: number;
  /** Could not be moved now; the next run tries again. */
  failed: number;
}

export interface CompleteBookingsDeps {
  bookings: BookingRepository;
  due: DueWorkRepository;
  logger: Logger;
  clock: () => Date;
}

/**
 * The scheduled completion job (DESIGN §3, §4c): an approved booking becomes `completed` once its slot has ended
 * (Tokyo time). Each move is conditional on the booking still being approved, so a run repeated, two runs at once
 * or a cancellation at the same moment change it at most once. One booking's failure never stops the others.
 *
 * It reads only tours that have started (the "work due" index by tour start, issue 33), a batch at a time, until
 * none is left or `shouldStop` ends the run with `finished: false` and a cursor to hand on.
 */
export function makeCompleteBookings(deps: CompleteBookingsDeps) {
  return async function completeBookings(options: JobRunOptions = {}): Promise<CompleteBookingsResult> {
    const now = deps.clock();
    const limit = options.batchSize ?? DEFAULT_JOB_BATCH;
    const result: CompleteBookingsResult = {
      processed: 0,
      read: 0,
      finished: true,
      examined: 0,
      completed: 0,
      skipped: 0,
      failed: 0,
    };
    const run = await runInBatches(options, async (cursor) => {
      const batch = await deps.due.toursStarting({ to: now }, { limit, ...(cursor ? { cursor } : {}) });
      result.read += batch.read;
      result.examined += batch.items.length;
      for (const booking of batch.items.filter((b) => isDueForCompletion(b, now))) {
        const outcome = await complete(booking, now);
        result[outcome]++;
      }
      return batch.cursor;
    });
    Object.assign(result, run, { processed: result.completed });
    if (result.completed + result.failed > 0) deps.logger.info('Completion run finished', { ...result });
    return result;
  };

  async function complete(booking: Booking, now: Date): Promise<'completed' | 'skipped' | 'failed'> {
    try {
      await deps.bookings.transition(booking.id, 'approved', 'completed', { now });
      return 'completed';
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') return 'skipped';
      deps.logger.error('Tour could not be completed; the next run retries', {
        bookingId: booking.id,
        ...errorFields(e),
      });
      return 'failed';
    }
  }
}
