import { ApiError } from '../../../lib/api-client';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { PaymentError } from './payment-method';

/** Guest spec §8: the booking page's messages, as catalogue keys (`booking.error.*`). */
type Translate = (key: MessageKey) => string;

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
export function bookingFailure(error: unknown, stage: 'create' | 'confirm', t: Translate): BookingFailure {
  if (error instanceof PaymentError) return { kind: 'payment', message: error.message };
  if (error instanceof ApiError) {
    if (error.code === 'slot_unavailable') return { kind: 'slot_gone', message: t('booking.error.slotGone') };
    // The API's English messages are never shown: each answer in the page's language (issue 32 item 6).
    if (error.code === 'card_declined') return { kind: 'payment', message: t('payment.declined') };
    if (/time slot/i.test(error.message)) return { kind: 'other', message: t('booking.error.slotBooked') };
    if (error.code === 'validation_failed') return { kind: 'other', message: t('booking.error.invalid') };
    if (error.code === 'state_conflict') return { kind: 'other', message: t('booking.error.changed') };
    if (error.code === 'rate_limited' || error.code === 'too_many_requests')
      return { kind: 'other', message: t('booking.error.rateLimited') };
    if (stage === 'create') return { kind: 'other', message: t('booking.error.createFailed') };
  }
  if (error instanceof Error && /time slot/i.test(error.message)) {
    return { kind: 'other', message: t('booking.error.slotBooked') };
  }
  return { kind: 'other', message: t('booking.error.processing') };
}
