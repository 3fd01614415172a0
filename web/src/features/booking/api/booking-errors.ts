import { ApiError } from '../../../lib/api-client';
import { PaymentError } from './payment-method';

/** Guest spec §8: the booking page's messages. */
export const SLOT_GONE_MESSAGE = 'The selected date and time are no longer available.';
export const TIME_SLOT_BOOKED_MESSAGE = 'The selected time slot is already booked';
export const CREATE_FAILED_MESSAGE = 'Failed to create booking. Please try again';
export const PROCESSING_ERROR_MESSAGE = 'An error occurred during processing';
export const FETCH_EXPERIENCE_FAILED_MESSAGE = 'Failed to fetch experience data';
export const MISSING_BOOKING_INFO_MESSAGE = 'Required booking information not found.';
export const STRIPE_NOT_INITIALISED_MESSAGE = 'Stripe has not been initialized';

export type BookingFailure =
  /** The slot was taken meanwhile: show the message, then go back one step. */
  | { kind: 'slot_gone'; message: string }
  /** The card was declined or its details are wrong: show the provider's message; the guest may try again. */
  | { kind: 'payment'; message: string }
  /** Anything else. */
  | { kind: 'other'; message: string };

/**
 * Maps a failure of the confirm flow to what the guest sees (guest spec §8): the API's `slot_unavailable` → the
 * slot-gone message and back; a declined card (provider message, or the local gateway's 402) → that message; a
 * message about a time slot → 'already booked'; a failed creation → 'Failed to create booking…'; the rest →
 * 'An error occurred during processing'.
 */
export function bookingFailure(error: unknown, stage: 'create' | 'confirm'): BookingFailure {
  if (error instanceof PaymentError) return { kind: 'payment', message: error.message };
  if (error instanceof ApiError) {
    if (error.code === 'slot_unavailable') return { kind: 'slot_gone', message: SLOT_GONE_MESSAGE };
    if (error.code === 'card_declined') return { kind: 'payment', message: error.message };
    if (/time slot/i.test(error.message)) return { kind: 'other', message: TIME_SLOT_BOOKED_MESSAGE };
    if (
      error.code === 'validation_failed' ||
      error.code === 'state_conflict' ||
      error.code === 'rate_limited' ||
      error.code === 'too_many_requests'
    ) {
      return { kind: 'other', message: error.message };
    }
    if (stage === 'create') return { kind: 'other', message: CREATE_FAILED_MESSAGE };
  }
  if (error instanceof Error && /time slot/i.test(error.message)) {
    return { kind: 'other', message: TIME_SLOT_BOOKED_MESSAGE };
  }
  return { kind: 'other', message: PROCESSING_ERROR_MESSAGE };
}
