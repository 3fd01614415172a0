import { isDomainError } from '../domain/errors';
import { errorFields } from './console-logger';
import type { Logger, PaymentCancellationReason, PaymentGateway } from './ports';

/**
 * Cancels a card authorisation the booking no longer needs (expired, cancelled, or never attached), so a guest is
 * never left with money held for nothing. Never throws: an authorisation that cannot be cancelled now lapses on
 * its own at the card network, and the error log tells an operator to cancel it by hand.
 * Returns `true` when the authorisation is cancelled (or already was).
 */
export async function releaseAuthorisation(
  deps: { payments: PaymentGateway; logger: Logger },
  paymentIntentId: string,
  bookingId: string,
  reason: PaymentCancellationReason = 'abandoned',
): Promise<boolean> {
  try {
    await deps.payments.cancel(paymentIntentId, { bookingId, reason });
    return true;
  } catch (e) {
    deps.logger.error(
      isDomainError(e) && e.code === 'state_conflict'
        ? 'Authorisation could not be cancelled: it is no longer cancellable'
        : 'Authorisation could not be cancelled; cancel it in the payment dashboard',
      { bookingId, paymentIntentId, ...errorFields(e) },
    );
    return false;
  }
}
