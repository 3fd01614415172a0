import type { Booking } from '../domain/entities';
import { isDomainError } from '../domain/errors';
import { isDueForCompletion } from '../domain/tour-schedule';
import { errorFields } from './console-logger';
import type { BookingRepository, Logger } from './ports';

export interface CompleteBookingsResult {
  /** Approved bookings read. */
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
  logger: Logger;
  clock: () => Date;
}

/**
 * The scheduled completion job (DESIGN §3, §4c): an approved booking becomes `completed` once its slot has ended
 * (Tokyo time). Each move is conditional on the booking still being approved, so a run repeated, two runs at once
 * or a cancellation at the same moment change it at most once. One booking's failure never stops the others.
 */
export function makeCompleteBookings(deps: CompleteBookingsDeps) {
  return async function completeBookings(): Promise<CompleteBookingsResult> {
    const now = deps.clock();
    const approved = await deps.bookings.listApproved();
    const due = approved.filter((b) => isDueForCompletion(b, now));
    const result: CompleteBookingsResult = { examined: approved.length, completed: 0, skipped: 0, failed: 0 };
    for (const booking of due) {
      const outcome = await complete(booking, now);
      result[outcome]++;
    }
    if (due.length > 0) deps.logger.info('Completion run finished', { ...result });
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
