/**
 * The PaymentGateway of the local stack (the default when no Stripe key is configured): it behaves like Stripe's
 * manual-capture PaymentIntents for Stripe's two classic test cards, keeps its intents in a LocalPaymentStore
 * and emits the same events Stripe would, so the booking flow runs end to end without network or account.
 */
import { randomBytes } from 'node:crypto';
import { TOKYO_TIME_ZONE, zonedParts } from '../../domain/calendar';
import { DomainError, errorCodes } from '../../domain/errors';
import type {
  CreateAuthorizationRequest,
  PaymentAuthorization,
  PaymentCancellationReason,
  PaymentEventPublisher,
  PaymentGateway,
  PaymentIntentStatus,
  PaymentIntentView,
  PaymentRefund,
  StripeLikeEvent,
  StripeLikeObject,
} from '../../use-cases/ports';
import { sameSecret } from './client-secret';
import type { LocalPaymentIntent, LocalPaymentStore } from './local-payment-store';
import { paymentEventTypes, type PaymentEventType } from './payment-events';

/**
 * The only cards the local gateway accepts: Stripe's two classic test cards, and one of ours that authorises but
 * whose capture fails, so a host's approval can be seen failing (502, the request stays pending) without Stripe.
 */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  captureFails: '4000000000000341',
} as const;

/** What a failed capture answers (Stripe's wording for a charge the issuer refused). */
export const CAPTURE_FAILED_MESSAGE = 'The card issuer refused the capture of this payment.';

/** Stripe's wording, so the SPA shows the same message with either provider. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const USE_TEST_CARD_MESSAGE = 'Use the test card 4242 4242 4242 4242';

export interface TestCard {
  /** Digits, spaces allowed ("4242 4242 4242 4242"). */
  number: string;
  /** 1–12. */
  expMonth: number;
  /** Four digits, or two (25 → 2025). */
  expYear: number;
  cvc: string;
}

/** `size` cryptographically random bytes; injected so tests can make ids predictable. */
export type RandomSource = (size: number) => Uint8Array;

export interface LocalPaymentGatewayOptions {
  store: LocalPaymentStore;
  events: PaymentEventPublisher;
  random?: RandomSource;
  now?: () => Date;
  /** Refunds fail while this answers true (the local stack's fault switch). */
  refundsFail?: () => boolean;
}

/** What a refund answers while the local fault switch makes refunds fail. */
export const REFUND_FAILED_MESSAGE = 'The payment provider could not refund this payment (local fault).';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The intent id is the part before `_secret_`, as in Stripe's client secrets (the SPA holds only the secret). */
export function paymentIntentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}

export class LocalPaymentGateway implements PaymentGateway {
  readonly provider = 'local' as const;
  private readonly store: LocalPaymentStore;
  private readonly events: PaymentEventPublisher;
  private readonly random: RandomSource;
  private readonly now: () => Date;
  private readonly refundsFail: () => boolean;
  /** Operations run one at a time, so two concurrent creations for one booking cannot make two intents. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: LocalPaymentGatewayOptions) {
    this.store = options.store;
    this.events = options.events;
    this.random = options.random ?? ((size) => randomBytes(size));
    this.now = options.now ?? (() => new Date());
    this.refundsFail = options.refundsFail ?? (() => false);
  }

  createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization> {
    return this.serialised(async () => {
      if (request.currency !== 'JPY') throw new DomainError(errorCodes.validation, 'Only JPY is supported');
      if (!Number.isInteger(request.amount) || request.amount <= 0) {
        throw new DomainError(errorCodes.validation, 'The amount must be a positive whole number of yen');
      }
      const existing = await this.store.findByBookingId(request.bookingId);
      if (existing) {
        // Stripe replays an idempotent create only with the same parameters; so do we.
        if (existing.amount !== request.amount) {
          throw new DomainError(
            errorCodes.paymentFailed,
            'A payment with different parameters already exists for this booking',
          );
        }
        return authorizationOf(existing);
      }
      const id = `pi_local_${this.token(24)}`;
      const intent: LocalPaymentIntent = {
        id,
        object: 'payment_intent',
        amount: request.amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: 'jpy',
        status: 'requires_payment_method',
        capture_method: 'manual',
        client_secret: `${id}_secret_${this.token(24)}`,
        created: this.nowSeconds(),
        description: request.description,
        receipt_email: request.customerEmail,
        metadata: { ...request.metadata, bookingId: request.bookingId },
        last_payment_error: null,
        cancellation_reason: null,
        livemode: false,
      };
      await this.store.put(intent);
      return authorizationOf(intent);
    });
  }

  retrieve(paymentIntentId: string): Promise<PaymentIntentView> {
    return this.serialised(async () => viewOf(await this.require(paymentIntentId)));
  }

  clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean> {
    return this.serialised(async () =>
      sameSecret((await this.store.get(paymentIntentId))?.client_secret, clientSecret),
    );
  }

  /**
   * What Stripe.js's confirmPayment does for a card, for the local test card form. 4242… authorises
   * (`requires_capture`); 4000 0000 0000 0002 is declined (`card_declined`, intent back to
   * `requires_payment_method` so the guest can try again). No 3-D Secure. Pass the client secret the browser
   * holds to prove it may confirm this intent.
   */
  confirmWithTestCard(
    paymentIntentId: string,
    card: TestCard,
    options: { clientSecret?: string } = {},
  ): Promise<PaymentIntentView> {
    return this.serialised(async () => {
      const intent = await this.require(paymentIntentId);
      if (options.clientSecret !== undefined && options.clientSecret !== intent.client_secret) {
        throw new DomainError(errorCodes.notFound, 'Payment not found');
      }
      // A repeated submit of an authorised payment (a double click) answers like the first one.
      if (intent.status === 'requires_capture') return viewOf(intent);
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
        throw new DomainError(
          errorCodes.stateConflict,
          `This payment cannot be confirmed: it is ${intent.status.replaceAll('_', ' ')}`,
        );
      }
      const number = this.validateCard(card);
      if (number === LOCAL_TEST_CARDS.declined) {
        const declined: LocalPaymentIntent = {
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: CARD_DECLINED_MESSAGE,
          },
        };
        await this.store.put(declined);
        await this.publish(paymentEventTypes.failed, declined);
        throw new DomainError(errorCodes.cardDeclined, CARD_DECLINED_MESSAGE);
      }
      const authorised: LocalPaymentIntent = {
        ...intent,
        status: 'requires_capture',
        amount_capturable: intent.amount,
        last_payment_error: null,
        ...(number === LOCAL_TEST_CARDS.captureFails ? { local_capture_fails: true } : {}),
      };
      await this.store.put(authorised);
      await this.publish(paymentEventTypes.authorized, authorised);
      return viewOf(authorised);
    });
  }

  capture(paymentIntentId: string, context: { bookingId: string }): Promise<PaymentIntentStatus> {
    return this.serialised(async (): Promise<PaymentIntentStatus> => {
      const intent = await this.require(paymentIntentId, context.bookingId);
      if (intent.status === 'succeeded') return 'succeeded';
      if (intent.status !== 'requires_capture') {
        throw new DomainError(
          errorCodes.stateConflict,
          `The payment cannot be captured: it is ${intent.status.replaceAll('_', ' ')}`,
        );
      }
      if (intent.local_capture_fails) {
        throw new DomainError(errorCodes.paymentFailed, CAPTURE_FAILED_MESSAGE);
      }
      const captured: LocalPaymentIntent = {
        ...intent,
        status: 'succeeded',
        amount_received: intent.amount_capturable,
        amount_capturable: 0,
      };
      await this.store.put(captured);
      await this.publish(paymentEventTypes.succeeded, captured);
      return 'succeeded';
    });
  }

  cancel(
    paymentIntentId: string,
    context: { bookingId: string; reason?: PaymentCancellationReason },
  ): Promise<PaymentIntentStatus> {
    return this.serialised(async (): Promise<PaymentIntentStatus> => {
      const intent = await this.require(paymentIntentId, context.bookingId);
      if (intent.status === 'canceled') return 'canceled';
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        throw new DomainError(
          errorCodes.stateConflict,
          `The payment cannot be cancelled: it is ${intent.status.replaceAll('_', ' ')}`,
        );
      }
      const canceled: LocalPaymentIntent = {
        ...intent,
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: context.reason ?? null,
      };
      await this.store.put(canceled);
      await this.publish(paymentEventTypes.canceled, canceled);
      return 'canceled';
    });
  }

  /**
   * Refunds part or all of a captured intent, once per booking: a repeated call answers the recorded refund (as
   * Stripe does for a repeated idempotency key), so a retry can never refund twice.
   */
  refund(paymentIntentId: string, context: { bookingId: string; amount: number }): Promise<PaymentRefund> {
    return this.serialised(async (): Promise<PaymentRefund> => {
      const intent = await this.require(paymentIntentId, context.bookingId);
      if (intent.local_refund) return { ...intent.local_refund, status: 'succeeded' };
      if (!Number.isInteger(context.amount) || context.amount <= 0) {
        throw new DomainError(errorCodes.validation, 'The refund must be a positive whole number of yen');
      }
      if (intent.status !== 'succeeded') {
        throw new DomainError(errorCodes.stateConflict, 'The payment was not captured: nothing to refund');
      }
      if (context.amount > intent.amount_received) {
        throw new DomainError(errorCodes.validation, 'The refund exceeds the amount charged');
      }
      if (this.refundsFail()) throw new DomainError(errorCodes.paymentFailed, REFUND_FAILED_MESSAGE);
      const refund = { id: `re_local_${this.token(24)}`, amount: context.amount, created: this.nowSeconds() };
      const refunded: LocalPaymentIntent = {
        ...intent,
        amount_refunded: context.amount,
        local_refund: refund,
      };
      await this.store.put(refunded);
      await this.publish(paymentEventTypes.refunded, {
        id: `ch_local_${intent.id.slice('pi_local_'.length)}`,
        object: 'charge',
        amount: intent.amount_received,
        amount_refunded: context.amount,
        refunded: context.amount === intent.amount_received,
        payment_intent: intent.id,
        metadata: intent.metadata,
      });
      return { ...refund, status: 'succeeded' };
    });
  }

  /** Returns the card number without spaces, or throws the validation error the form shows beside the field. */
  private validateCard(card: TestCard): string {
    const number = card.number.replace(/ /g, '');
    if (!(Object.values(LOCAL_TEST_CARDS) as string[]).includes(number)) {
      throw new DomainError(errorCodes.validation, USE_TEST_CARD_MESSAGE, { number: USE_TEST_CARD_MESSAGE });
    }
    const month = card.expMonth;
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year > 9999) {
      const message = "Your card's expiration date is invalid.";
      throw new DomainError(errorCodes.validation, message, { expiry: message });
    }
    // A card is valid through the last day of its expiry month; the marketplace's calendar is Tokyo's.
    const today = zonedParts(this.now(), TOKYO_TIME_ZONE);
    if (year < today.year || (year === today.year && month < today.month)) {
      const message = "Your card's expiration date is in the past.";
      throw new DomainError(errorCodes.validation, message, { expiry: message });
    }
    if (!/^\d{3,4}$/.test(card.cvc)) {
      const message = "Your card's security code is incomplete.";
      throw new DomainError(errorCodes.validation, message, { cvc: message });
    }
    return number;
  }

  /** The intent, or `not_found` (also when it belongs to another booking than the caller's). */
  private async require(paymentIntentId: string, bookingId?: string): Promise<LocalPaymentIntent> {
    const intent = await this.store.get(paymentIntentId);
    if (!intent || (bookingId !== undefined && intent.metadata.bookingId !== bookingId)) {
      throw new DomainError(errorCodes.notFound, 'Payment not found');
    }
    return intent;
  }

  private async publish(type: PaymentEventType, object: StripeLikeObject): Promise<void> {
    const event: StripeLikeEvent = {
      id: `evt_local_${this.token(24)}`,
      object: 'event',
      type,
      created: this.nowSeconds(),
      livemode: false,
      data: { object: structuredClone(object) },
    };
    await this.events.publish(event);
  }

  private serialised<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** `length` characters of [0-9A-Za-z] from the random source, without modulo bias. */
  private token(length: number): string {
    let out = '';
    while (out.length < length) {
      for (const byte of this.random(length * 2)) {
        // 248 = 4 × 62: bytes at or above it would favour the first characters.
        if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
      }
    }
    return out;
  }
}

function authorizationOf(intent: LocalPaymentIntent): PaymentAuthorization {
  return { paymentIntentId: intent.id, clientSecret: intent.client_secret, status: intent.status };
}

function viewOf(intent: LocalPaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    currency: 'JPY',
    bookingId: intent.metadata.bookingId ?? null,
    amountRefunded: intent.amount_refunded ?? 0,
  };
}
