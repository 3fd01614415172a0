/**
 * The PaymentGateway over Stripe: one manual-capture PaymentIntent per booking (authorised when the guest
 * requests, captured when the host approves, cancelled on denial or expiry).
 */
import Stripe from 'stripe';
import { DomainError, errorCodes, isDomainError } from '../../domain/errors';
import type {
  CreateAuthorizationRequest,
  PaymentAuthorization,
  PaymentCancellationReason,
  PaymentGateway,
  PaymentIntentStatus,
  PaymentIntentView,
  StripeLikeEvent,
} from '../../use-cases/ports';
import { sameSecret } from './client-secret';
import { isStripeLikeEvent } from './payment-events';

export interface StripePaymentGatewayOptions {
  /** `sk_live_…` / `sk_test_…` / a restricted key; the caller reads it from configuration or Secrets Manager. */
  secretKey: string;
  /**
   * Retries of failed requests (connection errors, 409, 5xx). Safe because every POST carries our idempotency
   * key, so a retried create, capture or cancel is applied once.
   */
  maxNetworkRetries?: number;
  /** Per-request timeout; below API Gateway's 30 s so a slow Stripe answer becomes a 502, not a gateway timeout. */
  timeoutMs?: number;
  /** Another API endpoint (tests point the real SDK at a local fake server). */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

const DEFAULT_MAX_NETWORK_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 20_000;

/** Stripe's intent statuses this marketplace understands; anything else (a future status) is a provider failure. */
const knownStatuses: ReadonlySet<string> = new Set<PaymentIntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

/** The keys are derived, not random, so a retry after a crash or a lost answer can never authorise twice. */
export const idempotencyKeys = {
  authorize: (bookingId: string) => `booking-${bookingId}-authorize`,
  capture: (bookingId: string) => `booking-${bookingId}-capture`,
  cancel: (bookingId: string) => `booking-${bookingId}-cancel`,
};

export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private stripe: Stripe | undefined;

  constructor(private readonly options: StripePaymentGatewayOptions) {
    if (!options.secretKey) throw new Error('StripePaymentGateway needs a secret key');
  }

  /** Created on first use so importing this module (and cold starts of routes that never pay) cost nothing. */
  private client(): Stripe {
    if (!this.stripe) {
      const { secretKey, endpoint } = this.options;
      this.stripe = new Stripe(secretKey, {
        maxNetworkRetries: this.options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES,
        timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        appInfo: { name: 'ehime-experiences' },
        ...(endpoint ? { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol } : {}),
      });
    }
    return this.stripe;
  }

  async createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization> {
    if (request.currency !== 'JPY') throw new DomainError(errorCodes.validation, 'Only JPY is supported');
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      throw new DomainError(errorCodes.validation, 'The amount must be a positive whole number of yen');
    }
    const intent = await this.call(() =>
      this.client().paymentIntents.create(
        {
          // JPY is a zero-decimal currency: the amount in yen is Stripe's amount, no ×100.
          amount: request.amount,
          currency: 'jpy',
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true },
          description: request.description,
          receipt_email: request.customerEmail,
          metadata: { ...request.metadata, bookingId: request.bookingId },
        },
        { idempotencyKey: idempotencyKeys.authorize(request.bookingId) },
      ),
    );
    if (!intent.client_secret) {
      throw new DomainError(errorCodes.paymentFailed, 'The payment provider returned no client secret');
    }
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret, status: statusOf(intent) };
  }

  async retrieve(paymentIntentId: string): Promise<PaymentIntentView> {
    const intent = await this.call(() => this.client().paymentIntents.retrieve(paymentIntentId));
    return viewOf(intent);
  }

  async clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean> {
    try {
      const intent = await this.call(() => this.client().paymentIntents.retrieve(paymentIntentId));
      return sameSecret(intent.client_secret, clientSecret);
    } catch (e) {
      if (isDomainError(e) && e.code === errorCodes.notFound) return false;
      throw e;
    }
  }

  async capture(paymentIntentId: string, context: { bookingId: string }): Promise<PaymentIntentStatus> {
    try {
      const intent = await this.call(() =>
        this.client().paymentIntents.capture(
          paymentIntentId,
          {},
          { idempotencyKey: idempotencyKeys.capture(context.bookingId) },
        ),
      );
      return statusOf(intent);
    } catch (error) {
      // Stripe keeps idempotent answers for 24 hours; after that a second capture fails with an unexpected
      // state. If the intent is already captured, the caller's goal is met.
      return this.settleUnexpectedState(error, paymentIntentId, 'succeeded', 'captured');
    }
  }

  async cancel(
    paymentIntentId: string,
    context: { bookingId: string; reason?: PaymentCancellationReason },
  ): Promise<PaymentIntentStatus> {
    try {
      const intent = await this.call(() =>
        this.client().paymentIntents.cancel(
          paymentIntentId,
          context.reason ? { cancellation_reason: context.reason } : {},
          { idempotencyKey: idempotencyKeys.cancel(context.bookingId) },
        ),
      );
      return statusOf(intent);
    } catch (error) {
      // Stripe refuses to cancel a canceled intent; for us that is the outcome we asked for.
      return this.settleUnexpectedState(error, paymentIntentId, 'canceled', 'cancelled');
    }
  }

  /**
   * After a `payment_intent_unexpected_state` refusal, reads the intent: already in the wanted state → success;
   * otherwise a `state_conflict` naming the state it is in. Any other error is passed on unchanged.
   */
  private async settleUnexpectedState(
    error: unknown,
    paymentIntentId: string,
    wanted: PaymentIntentStatus,
    verb: string,
  ): Promise<PaymentIntentStatus> {
    if (!(error instanceof UnexpectedIntentState)) throw error;
    const current = await this.retrieve(paymentIntentId);
    if (current.status === wanted) return wanted;
    throw new DomainError(
      errorCodes.stateConflict,
      `The payment cannot be ${verb}: it is ${current.status.replaceAll('_', ' ')}`,
    );
  }

  /** Runs one SDK call and maps Stripe's errors to ours (never passing on a message that could hold a key). */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw mapStripeError(error);
    }
  }
}

/** Internal marker: the intent is not in a state that allows the operation (Stripe's 400 with that code). */
class UnexpectedIntentState extends DomainError {
  constructor(message: string) {
    super(errorCodes.stateConflict, message);
  }
}

function mapStripeError(error: unknown): Error {
  if (error instanceof DomainError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    // The provider's message is written for the card holder ("Your card was declined.").
    return new DomainError(errorCodes.cardDeclined, error.message || 'Your card was declined.');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'payment_intent_unexpected_state') {
      return new UnexpectedIntentState('The payment is not in a state that allows this operation');
    }
    if (error.code === 'resource_missing' || error.statusCode === 404) {
      return new DomainError(errorCodes.notFound, 'Payment not found');
    }
  }
  // Authentication, permission, rate-limit, connection and API errors: Stripe's messages may echo part of the
  // key ("Invalid API Key provided: sk_test_****abcd"), so only the type and request id go out.
  if (error instanceof Stripe.errors.StripeError) {
    const requestId = error.requestId ? ` (request ${error.requestId})` : '';
    return new DomainError(
      errorCodes.paymentFailed,
      `The payment provider failed: ${error.type}${requestId}`,
    );
  }
  return new DomainError(errorCodes.paymentFailed, 'The payment provider could not be reached');
}

function statusOf(intent: Stripe.PaymentIntent): PaymentIntentStatus {
  if (!knownStatuses.has(intent.status)) {
    throw new DomainError(errorCodes.paymentFailed, `Unexpected payment status: ${intent.status}`);
  }
  return intent.status as PaymentIntentStatus;
}

function viewOf(intent: Stripe.PaymentIntent): PaymentIntentView {
  if (intent.currency !== 'jpy') {
    throw new DomainError(errorCodes.paymentFailed, `Unexpected payment currency: ${intent.currency}`);
  }
  return {
    id: intent.id,
    status: statusOf(intent),
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    currency: 'JPY',
    bookingId: intent.metadata?.bookingId ?? null,
  };
}

/** Stripe's default and our contract: a signed event older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies the `Stripe-Signature` header of a webhook against the raw body (exact bytes as received, before any
 * JSON parsing) and returns the event. Throws DomainError `validation_failed` when the header is missing or
 * wrong, the timestamp is outside the tolerance, or the body is not a Stripe event.
 */
export function verifyStripeWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined | null,
  secret: string,
  nowSeconds?: number,
): StripeLikeEvent {
  if (!signatureHeader) {
    throw new DomainError(errorCodes.validation, 'Missing Stripe-Signature header');
  }
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      // The SDK takes the receive time in milliseconds.
      nowSeconds === undefined ? undefined : nowSeconds * 1000,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const reason = /tolerance/i.test(error.message)
        ? 'the timestamp is older than 300 seconds'
        : 'the signature does not match the payload';
      throw new DomainError(errorCodes.validation, `Invalid Stripe webhook signature: ${reason}`);
    }
    // The signature matched but the body is not JSON.
    throw new DomainError(errorCodes.validation, 'Invalid Stripe webhook payload');
  }
  if (!isStripeLikeEvent(event)) {
    throw new DomainError(errorCodes.validation, 'Invalid Stripe webhook payload: not an event');
  }
  return event;
}
