/**
 * The booking state machine (DESIGN §3) and how each state is shown. Repositories make every transition a
 * conditional update on the current state; this module says which transitions exist at all.
 */
import { holdExpiry, hostDecisionDeadline } from './calendar';
import { bookingStatuses, type BookingStatus } from './entities';
import { DomainError } from './errors';

const transitions: Record<BookingStatus, readonly BookingStatus[]> = {
  awaiting_payment: ['pending', 'expired', 'cancelled'],
  pending: ['approved', 'denied', 'expired', 'cancelled'],
  approved: ['completed', 'cancelled'],
  denied: [],
  expired: [],
  cancelled: [],
  completed: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return transitions[from].includes(to);
}

/** Throws `state_conflict` when the booking cannot move from `from` to `to`. */
export function assertTransition(from: BookingStatus, to: BookingStatus): void {
  if (!canTransition(from, to)) {
    throw new DomainError('state_conflict', `A booking cannot go from ${from} to ${to}`);
  }
}

/** The statuses a booking may be in for a move to `to` (the condition of the repository's update). */
export function statusesThatCanBecome(to: BookingStatus): BookingStatus[] {
  return bookingStatuses.filter((from) => canTransition(from, to));
}

export function nextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return transitions[from];
}

export function isTerminalStatus(status: BookingStatus): boolean {
  return transitions[status].length === 0;
}

/** Statuses whose booking occupies one unit of its slot. */
export const slotHoldingStatuses: readonly BookingStatus[] = [
  'awaiting_payment',
  'pending',
  'approved',
  'completed',
];

export function holdsSlot(status: BookingStatus): boolean {
  return slotHoldingStatuses.includes(status);
}

/** `true` when the move gives the slot's unit back (denied, expired, cancelled). */
export function releasesSlot(from: BookingStatus, to: BookingStatus): boolean {
  return holdsSlot(from) && !holdsSlot(to);
}

/** Statuses that lapse on their own when their deadline passes. */
export const deadlineStatuses: readonly BookingStatus[] = ['awaiting_payment', 'pending'];

export function hasDeadline(status: BookingStatus): boolean {
  return deadlineStatuses.includes(status);
}

/** The deadline a booking gets on entering `status` at `now`, or `null` when it has none. */
export function deadlineFor(status: BookingStatus, now: Date): Date | null {
  if (status === 'awaiting_payment') return holdExpiry(now);
  if (status === 'pending') return hostDecisionDeadline(now);
  return null;
}

// How each state is shown lives in its own module without runtime imports, so screens that only show a status
// (lists, chips) do not load the entities' zod schemas; it is re-exported here for everything else.
export {
  backOfficeStatusLabel,
  bookingStatusPresentation,
  canHostDecide,
  statusColour,
  statusLabel,
  type StatusColour,
  type StatusPresentation,
} from './booking-status-labels';
