/**
 * A card the provider refused, in the page's language (issue 32 item 6): Stripe's error and decline codes (and the
 * local test gateway's `card_declined`) mapped to catalogue messages, so a guest on /ja never reads Stripe's
 * English "Your card was declined.". Codes: https://docs.stripe.com/error-codes and /declines/codes.
 */
import type { MessageKey } from '../../../lib/i18n/i18n';

/** The fields of a Stripe.js `StripeError` the mapping reads. */
export interface ProviderError {
  type?: string;
  code?: string;
  decline_code?: string;
}

const DECLINE_CODES: Record<string, MessageKey> = {
  insufficient_funds: 'payment.insufficientFunds',
  expired_card: 'payment.expiredCard',
  incorrect_cvc: 'payment.incorrectCvc',
  invalid_cvc: 'payment.incorrectCvc',
  incorrect_number: 'payment.incorrectNumber',
  invalid_number: 'payment.incorrectNumber',
  processing_error: 'payment.processingError',
  authentication_required: 'payment.authentication',
};

const ERROR_CODES: Record<string, MessageKey> = {
  ...DECLINE_CODES,
  card_declined: 'payment.declined',
  invalid_expiry_month: 'card.expiryError',
  invalid_expiry_year: 'card.expiryError',
  payment_intent_authentication_failure: 'payment.authentication',
  setup_intent_authentication_failure: 'payment.authentication',
};

/**
 * The catalogue message of a provider's error, or null when it names none the catalogue has (the caller then shows
 * the provider's own message, which Stripe writes in the page's language given its `locale`). Any other decline
 * (`generic_decline`, `do_not_honor`, a lost or stolen card…) reads as a plain decline: the guest learns nothing
 * the issuer would not say.
 */
export function paymentMessageKey(error: ProviderError): MessageKey | null {
  if (error.decline_code) return DECLINE_CODES[error.decline_code] ?? 'payment.declined';
  if (error.code && ERROR_CODES[error.code]) return ERROR_CODES[error.code]!;
  if (error.code?.startsWith('incomplete') || error.type === 'validation_error') return 'card.incomplete';
  if (error.type === 'card_error') return 'payment.declined';
  return null;
}
