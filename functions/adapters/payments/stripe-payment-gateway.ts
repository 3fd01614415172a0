/**
 * The PaymentGateway over Stripe: one manual-capture PaymentIntent per booking (authorised when the guest
 * requests, captured when the host approves, cancelled on denial or expiry). It speaks Stripe's REST API through
 * `StripeApi` (four calls) rather than the `stripe` SDK, which would weigh more than the rest of a Lambda bundle
 * (README, Benchmarks); webhook signatures are checked here with `node:crypto`, by Stripe's documented scheme.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { DomainError, errorCodes, isDomainError } from '../../domain/errors';
import type { ConnectedAccountView } from '../../domain/payout-account';
import type { GatewayDispute, GatewayPayout } from '../../use-cases/money-ports';
import type {
  CreateAuthorizationRequest,
  RefundContext,
  PaymentAuthorization,
  PaymentCancellationReason,
  PaymentGateway,
  PaymentIntentStatus,
  PaymentIntentView,
  PaymentRefund,
  StripeLikeEvent,
} from '../../use-cases/ports';
import { sameSecret } from './client-secret';
import { isStripeLikeEvent } from './payment-events';
import { StripeApi, StripeApiError, type StripeParams } from './stripe-api';

export interface StripePaymentGatewayOptions {
  /** `sk_live_…` / `sk_test_…` / a restricted key; the caller reads it from configuration or Secrets Manager. */
  secretKey: string;
  /**
   * Retries of failed requests (connection errors, 409, 5xx). Safe because every POST carries our idempotency
   * key, so a retried create, capture or cancel is applied once.
   */
  maxNetworkRetries?: number;
  /**
   * Per-attempt timeout. Stripe answers a PaymentIntent call in well under a second; 2.5 s with one retry keeps a
   * stalled Stripe near the ~5 s every outside call gets (DESIGN §4f) instead of 3 × 20 s past the gateway's limit.
   */
  timeoutMs?: number;
  /** Another API endpoint (tests point the client at a local fake server). */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

const DEFAULT_MAX_NETWORK_RETRIES = 1;
const DEFAULT_TIMEOUT_MS = 2_500;

/** The fields of a PaymentIntent this gateway reads. */
interface StripePaymentIntent {
  id: string;
  status: string;
  amount: number;
  amount_capturable: number;
  currency: string;
  client_secret: string | null;
  metadata?: Record<string, string> | null;
}

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
  /** One refund per booking: a retry after a failure or a lost answer replays the same refund. */
  refund: (bookingId: string) => `booking-${bookingId}-refund`,
  /** One connected account per host, one payout per payout record, one reversal per lost dispute. */
  account: (hostId: string) => `host-${hostId}-account`,
  accountLink: (accountId: string, minute: number) => `account-${accountId}-link-${minute}`,
  payout: (payoutId: string) => `payout-${payoutId}`,
  reversal: (bookingId: string) => `booking-${bookingId}-dispute-reversal`,
};

/**
 * The request shapes come from the SDK's own types (`import type Stripe from 'stripe'`: no SDK code is bundled),
 * so a field we send cannot drift from what Stripe's API version accepts; this narrows them to our form encoder.
 */
const form = <T extends object>(params: T): StripeParams => params as unknown as StripeParams;

export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly api: StripeApi;

  constructor(options: StripePaymentGatewayOptions) {
    if (!options.secretKey) throw new Error('StripePaymentGateway needs a secret key');
    this.api = new StripeApi({
      secretKey: options.secretKey,
      maxNetworkRetries: options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      endpoint: options.endpoint,
    });
  }

  async createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization> {
    if (request.currency !== 'JPY') throw new DomainError(errorCodes.validation, 'Only JPY is supported');
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      throw new DomainError(errorCodes.validation, 'The amount must be a positive whole number of yen');
    }
    const params: Stripe.PaymentIntentCreateParams = {
      // JPY is a zero-decimal currency: the amount in yen is Stripe's amount, no ×100.
      amount: request.amount,
      currency: 'jpy',
      capture_method: 'manual',
      automatic_payment_methods: { enabled: true },
      description: request.description,
      receipt_email: request.customerEmail,
      metadata: { ...request.metadata, bookingId: request.bookingId },
      // A destination charge: the host's account receives it less the application fee set at capture.
      ...(request.destination
        ? {
            transfer_data: { destination: request.destination.accountId },
            transfer_group: request.destination.transferGroup,
          }
        : {}),
    };
    const intent = await this.call(() =>
      this.api.post<StripePaymentIntent>(
        '/v1/payment_intents',
        form(params),
        idempotencyKeys.authorize(request.bookingId),
      ),
    );
    if (!intent.client_secret) {
      throw new DomainError(errorCodes.paymentFailed, 'The payment provider returned no client secret');
    }
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret, status: statusOf(intent) };
  }

  async retrieve(paymentIntentId: string): Promise<PaymentIntentView> {
    const intent = await this.call(() =>
      this.api.get<StripePaymentIntent>(`/v1/payment_intents/${encodeURIComponent(paymentIntentId)}`),
    );
    return viewOf(intent);
  }

  async clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean> {
    try {
      const intent = await this.call(() =>
        this.api.get<StripePaymentIntent>(`/v1/payment_intents/${encodeURIComponent(paymentIntentId)}`),
      );
      return sameSecret(intent.client_secret, clientSecret);
    } catch (e) {
      if (isDomainError(e) && e.code === errorCodes.notFound) return false;
      throw e;
    }
  }

  async capture(
    paymentIntentId: string,
    context: { bookingId: string; applicationFeeAmount?: number },
  ): Promise<PaymentIntentStatus> {
    const params: Stripe.PaymentIntentCaptureParams =
      context.applicationFeeAmount !== undefined
        ? { application_fee_amount: context.applicationFeeAmount }
        : {};
    try {
      const intent = await this.call(() =>
        this.api.post<StripePaymentIntent>(
          `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/capture`,
          form(params),
          idempotencyKeys.capture(context.bookingId),
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
        this.api.post<StripePaymentIntent>(
          `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/cancel`,
          context.reason ? { cancellation_reason: context.reason } : {},
          idempotencyKeys.cancel(context.bookingId),
        ),
      );
      return statusOf(intent);
    } catch (error) {
      // Stripe refuses to cancel a canceled intent; for us that is the outcome we asked for.
      return this.settleUnexpectedState(error, paymentIntentId, 'canceled', 'cancelled');
    }
  }

  /**
   * Refunds once per booking, even after Stripe's 24-hour idempotency window: the intent's refunds are listed
   * first and a refund of this booking that succeeded or is still being made is answered instead of a new one.
   * Only after a failed refund is another made, under a key of its own (`…-refund-2`, …).
   */
  async refund(paymentIntentId: string, context: RefundContext): Promise<PaymentRefund> {
    if (!Number.isInteger(context.amount) || context.amount <= 0) {
      throw new DomainError(errorCodes.validation, 'The refund must be a positive whole number of yen');
    }
    const existing = await this.call(() =>
      this.api.get<Stripe.ApiList<Stripe.Refund>>(
        `/v1/refunds?payment_intent=${encodeURIComponent(paymentIntentId)}&limit=100`,
      ),
    );
    const ours = existing.data.filter((r) => r.metadata?.bookingId === context.bookingId);
    const standing = ours.find((r) => r.status !== 'failed' && r.status !== 'canceled');
    if (standing) return refundOf(standing);
    const params: Stripe.RefundCreateParams = {
      payment_intent: paymentIntentId,
      amount: context.amount,
      reason: 'requested_by_customer',
      metadata: { bookingId: context.bookingId },
      // Destination charges: the host's share and the fee go back in proportion (DESIGN §4g).
      ...(context.connected ? { reverse_transfer: true, refund_application_fee: true } : {}),
    };
    const key =
      ours.length === 0
        ? idempotencyKeys.refund(context.bookingId)
        : `${idempotencyKeys.refund(context.bookingId)}-${ours.length + 1}`;
    let refund: Stripe.Refund;
    try {
      refund = await this.call(() => this.api.post<Stripe.Refund>('/v1/refunds', form(params), key));
    } catch (error) {
      // Nothing captured (a request still authorised, or cancelled): there is nothing to refund.
      if (error instanceof UnexpectedIntentState) {
        throw new DomainError(errorCodes.stateConflict, 'The payment was not captured: nothing to refund');
      }
      throw error;
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new DomainError(errorCodes.paymentFailed, `The refund ${refund.id} ${refund.status}`);
    }
    return refundOf(refund);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Connect (DESIGN §4g)
  // -------------------------------------------------------------------------------------------------------------

  async createConnectedAccount(input: {
    hostId: string;
    email: string;
    businessName: string;
  }): Promise<ConnectedAccountView> {
    const params: Stripe.AccountCreateParams = {
      country: 'JP',
      email: input.email,
      business_profile: { name: input.businessName, mcc: '4722' /* travel agencies and tour operators */ },
      // Controller properties: Stripe collects the requirements on its hosted pages, the host gets the Express
      // dashboard, the platform pays Stripe's fees and is liable for negative balances.
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        requirement_collection: 'stripe',
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      settings: { payouts: { schedule: { interval: 'manual' } } },
      metadata: { hostId: input.hostId },
    };
    const account = await this.call(() =>
      this.api.post<Stripe.Account>('/v1/accounts', form(params), idempotencyKeys.account(input.hostId)),
    );
    return accountViewOf(account);
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountView> {
    const account = await this.call(() =>
      this.api.get<Stripe.Account>(`/v1/accounts/${encodeURIComponent(accountId)}`),
    );
    return accountViewOf(account);
  }

  async createOnboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }> {
    // Stripe's hosted onboarding speaks the browser's language; our hosts' back office is Japanese, and the
    // account's country (JP) makes the page ask for Japanese documents and bank details.
    const params: Stripe.AccountLinkCreateParams = {
      account: accountId,
      type: 'account_onboarding',
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
      collection_options: { fields: 'eventually_due' },
    };
    const link = await this.call(() =>
      this.api.post<Stripe.AccountLink>(
        '/v1/account_links',
        form(params),
        // A new link per minute at most: a double click gets the same link, a later visit a fresh one.
        idempotencyKeys.accountLink(accountId, Math.floor(Date.now() / 60_000)),
      ),
    );
    return { url: link.url };
  }

  async createPayout(input: { accountId: string; amount: number; payoutId: string }): Promise<GatewayPayout> {
    const params: Stripe.PayoutCreateParams = {
      amount: input.amount,
      currency: 'jpy',
      metadata: { payoutId: input.payoutId },
    };
    const payout = await this.call(() =>
      this.api.post<Stripe.Payout>('/v1/payouts', form(params), idempotencyKeys.payout(input.payoutId), {
        stripeAccount: input.accountId,
      }),
    );
    return payoutViewOf(payout);
  }

  async retrieveDispute(disputeId: string): Promise<GatewayDispute> {
    const dispute = await this.call(() =>
      this.api.get<Stripe.Dispute>(`/v1/disputes/${encodeURIComponent(disputeId)}`),
    );
    const status =
      dispute.status === 'won' || dispute.status === 'warning_closed'
        ? 'won'
        : dispute.status === 'lost'
          ? 'lost'
          : 'open';
    const intent = dispute.payment_intent;
    return {
      id: dispute.id,
      status,
      paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    };
  }

  async reverseTransfer(input: {
    paymentIntentId: string;
    bookingId: string;
    amount: number;
  }): Promise<{ id: string }> {
    const intent = await this.call(() =>
      this.api.get<Stripe.PaymentIntent & { latest_charge: Stripe.Charge | string | null }>(
        `/v1/payment_intents/${encodeURIComponent(input.paymentIntentId)}?expand[]=latest_charge`,
      ),
    );
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const transfer = charge?.transfer;
    const transferId = typeof transfer === 'string' ? transfer : (transfer?.id ?? null);
    if (!transferId)
      throw new DomainError(errorCodes.stateConflict, 'The payment has no transfer to reverse');
    const params: Stripe.TransferCreateReversalParams = {
      amount: input.amount,
      metadata: { bookingId: input.bookingId, reason: 'dispute_lost' },
    };
    const reversal = await this.call(() =>
      this.api.post<Stripe.TransferReversal>(
        `/v1/transfers/${encodeURIComponent(transferId)}/reversals`,
        form(params),
        idempotencyKeys.reversal(input.bookingId),
      ),
    );
    return { id: reversal.id };
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

  /** Runs one API call and maps Stripe's errors to ours (never passing on a message that could hold a key). */
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
  if (!(error instanceof StripeApiError)) {
    return new DomainError(errorCodes.paymentFailed, 'The payment provider could not be reached');
  }
  if (error.type === 'StripeCardError') {
    // The provider's message is written for the card holder ("Your card was declined.").
    return new DomainError(errorCodes.cardDeclined, error.message || 'Your card was declined.');
  }
  if (error.type === 'StripeInvalidRequestError') {
    if (error.code === 'payment_intent_unexpected_state') {
      return new UnexpectedIntentState('The payment is not in a state that allows this operation');
    }
    if (error.code === 'resource_missing' || error.statusCode === 404) {
      return new DomainError(errorCodes.notFound, 'Payment not found');
    }
  }
  // Authentication, permission, rate-limit, connection and API errors: Stripe's messages may echo part of the
  // key ("Invalid API Key provided: sk_test_****abcd"), so only the type and request id go out.
  const requestId = error.requestId ? ` (request ${error.requestId})` : '';
  return new DomainError(errorCodes.paymentFailed, `The payment provider failed: ${error.type}${requestId}`);
}

/** `pending` until Stripe says the money went back (`requires_action` too: the customer must do something). */
function refundOf(refund: Stripe.Refund): PaymentRefund {
  return {
    id: refund.id,
    amount: refund.amount,
    status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
  };
}

function accountViewOf(account: Stripe.Account): ConnectedAccountView {
  const bank = account.external_accounts?.data.find((a) => a.object === 'bank_account');
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    currentlyDue: account.requirements?.currently_due ?? [],
    pastDue: account.requirements?.past_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
    bankLast4: bank && 'last4' in bank ? bank.last4 : null,
    hostId: account.metadata?.hostId ?? null,
  };
}

function payoutViewOf(payout: Stripe.Payout): GatewayPayout {
  const known = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
  const status = (known as readonly string[]).includes(payout.status)
    ? (payout.status as GatewayPayout['status'])
    : 'pending';
  return {
    id: payout.id,
    status,
    arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000).toISOString() : null,
    failureMessage: payout.failure_message ?? null,
  };
}

/** The connected account's view as an `account.updated` event carries it (`data.object` is the Account). */
export const connectedAccountViewOf = (object: unknown): ConnectedAccountView =>
  accountViewOf(object as Stripe.Account);

function statusOf(intent: StripePaymentIntent): PaymentIntentStatus {
  if (!knownStatuses.has(intent.status)) {
    throw new DomainError(errorCodes.paymentFailed, `Unexpected payment status: ${intent.status}`);
  }
  return intent.status as PaymentIntentStatus;
}

function viewOf(intent: StripePaymentIntent): PaymentIntentView {
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
  nowSeconds: number = Math.floor(Date.now() / 1000),
): StripeLikeEvent {
  if (!signatureHeader) {
    throw new DomainError(errorCodes.validation, 'Missing Stripe-Signature header');
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const { timestamp, signatures } = parseSignatureHeader(signatureHeader);
  // Stripe signs `<timestamp>.<body>` with HMAC-SHA256 under the endpoint's secret and sends it as `v1`; the
  // header may carry several (during a secret roll), and any one of them matching is enough.
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  const matches = signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (timestamp === null || !matches) {
    throw new DomainError(
      errorCodes.validation,
      'Invalid Stripe webhook signature: the signature does not match the payload',
    );
  }
  if (nowSeconds - timestamp > WEBHOOK_TOLERANCE_SECONDS) {
    throw new DomainError(
      errorCodes.validation,
      `Invalid Stripe webhook signature: the timestamp is older than ${WEBHOOK_TOLERANCE_SECONDS} seconds`,
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    // The signature matched but the body is not JSON.
    throw new DomainError(errorCodes.validation, 'Invalid Stripe webhook payload');
  }
  if (!isStripeLikeEvent(event)) {
    throw new DomainError(errorCodes.validation, 'Invalid Stripe webhook payload: not an event');
  }
  return event;
}

/** `t=1492774577,v1=5257a869…,v0=6ffbb59b…`: the timestamp and every `v1` signature (other schemes are ignored). */
function parseSignatureHeader(header: string): { timestamp: number | null; signatures: string[] } {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]+$/i.test(value)) signatures.push(value);
  }
  return { timestamp, signatures };
}
