/**
 * The payment ports (adapters: `adapters/payments/{stripe,local}-payment-gateway.ts`): the gateway, refunds and
 * the payment events. Split out of `ports.ts` (issue 33); `ports.ts` re-exports them.
 */
import type { ConnectGateway } from './money-ports';

// ---------------------------------------------------------------------------------------------------------------
// Payments and mail (adapters: `adapters/payments/{stripe,local}-payment-gateway.ts`, `adapters/mail/ses-mailer.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** The PaymentIntent statuses the booking flow reads (Stripe's names; `requires_capture` = authorised). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface CreateAuthorizationRequest {
  bookingId: string;
  /** Whole yen (JPY is zero-decimal: this is the provider amount as is). */
  amount: number;
  currency: 'JPY';
  /** Shown in the provider's dashboard, e.g. "ABC123 · Tea ceremony in Matsuyama · 2025-05-01 10:00". */
  description: string;
  /** Extra string metadata stored on the intent; `bookingId` is always added and cannot be overridden. */
  metadata: Record<string, string>;
  customerEmail: string;
  /**
   * A destination charge (DESIGN §4g): the host's connected account receives the charge less the platform fee
   * (taken as the application fee at capture); `transferGroup` is the booking id.
   */
  destination?: { accountId: string; transferGroup: string } | null;
}

export interface PaymentAuthorization {
  paymentIntentId: string;
  /** Handed to the browser to confirm the payment; never logged. */
  clientSecret: string;
  status: PaymentIntentStatus;
}

export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  /** Whole yen. */
  amount: number;
  /** Whole yen still capturable (the authorised amount while `requires_capture`, else 0). */
  amountCapturable: number;
  currency: 'JPY';
  /** From the intent's metadata; null for an intent this marketplace did not create. */
  bookingId: string | null;
  /** Whole yen refunded so far, where the provider's intent carries it (the local gateway). */
  amountRefunded?: number;
}

/** Stripe's cancellation reasons accepted on cancel (the expiry job uses `abandoned`). */
export type PaymentCancellationReason = 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer';

export interface PaymentGateway extends ConnectGateway {
  readonly provider: 'stripe' | 'local';
  /**
   * Creates a manual-capture authorisation for the booking. Idempotent per booking id: calling it again for the
   * same booking returns the same intent. Throws DomainError `payment_failed` when the provider fails.
   */
  createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization>;
  /** The intent's real status as the provider sees it; `not_found` for an unknown id. */
  retrieve(paymentIntentId: string): Promise<PaymentIntentView>;
  /**
   * Whether `clientSecret` is the intent's own client secret, the one handed to the guest's browser: the proof a
   * browser shows to give its own hold back. Compared in constant time; `false` for an unknown intent.
   */
  clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean>;
  /**
   * Captures the authorised amount (idempotent per booking: a repeated capture of a captured intent returns
   * `succeeded`). `state_conflict` when the intent is not capturable (e.g. canceled), `payment_failed` on provider
   * failure.
   */
  capture(
    paymentIntentId: string,
    context: { bookingId: string; applicationFeeAmount?: number },
  ): Promise<PaymentIntentStatus>;
  /**
   * Cancels the authorisation (the card is never charged). Cancelling an already-canceled intent is a success
   * and returns `canceled`; a captured intent cannot be cancelled (`state_conflict`).
   */
  cancel(
    paymentIntentId: string,
    context: { bookingId: string; reason?: PaymentCancellationReason },
  ): Promise<PaymentIntentStatus>;
  /**
   * Refunds `amount` whole yen of a captured payment. Idempotent per booking (one refund per booking, idempotency
   * key `refund-<bookingId>`): a repeated call returns the same refund and never refunds twice. `state_conflict`
   * when nothing was captured, `payment_failed` when the provider fails (safe to retry).
   */
  refund(paymentIntentId: string, context: RefundContext): Promise<PaymentRefund>;
}

export interface RefundContext {
  bookingId: string;
  amount: number;
  /**
   * A destination charge: the refund also reverses the host's transfer and refunds the application fee in
   * proportion (Stripe's `reverse_transfer` and `refund_application_fee`).
   */
  connected?: boolean;
}

export interface PaymentRefund {
  id: string;
  /** Whole yen. */
  amount: number;
  status: 'succeeded' | 'pending';
}

/** The object inside a Stripe-shaped event (`data.object`): Stripe's snake_case field names. */
export interface StripeLikeObject {
  id: string;
  /** Stripe's object type, e.g. `payment_intent`. */
  object: string;
  metadata?: Record<string, string>;
  [field: string]: unknown;
}

/**
 * A Stripe Event as Stripe sends it (webhook body, or EventBridge `detail`), or as the local gateway emits it.
 * Consumers must treat it as a hint and re-read the intent before acting.
 */
export interface StripeLikeEvent {
  /** `evt_…` (`evt_local_…` from the local gateway); the idempotency key of event handling. */
  id: string;
  /** e.g. `payment_intent.amount_capturable_updated`. */
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: StripeLikeObject };
  [field: string]: unknown;
}

/** Publishes payment events to our bus (EventBridge in AWS, the in-process bus locally). */
export interface PaymentEventPublisher {
  publish(event: StripeLikeEvent): Promise<void>;
}
