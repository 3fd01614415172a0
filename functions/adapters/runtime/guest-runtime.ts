/**
 * The guest side's adapters and use cases, built once per cold start from the environment (STYLE §4): the public
 * API, the payment-event handler and the expiry job call `guestRuntime()` inside an invocation, never at import
 * time, so their modules import cleanly in tests and the local stack can configure the process first.
 *
 * - payments: Stripe when `PAYMENT_PROVIDER=stripe` (the key from Secrets Manager, or from `STRIPE_SECRET_KEY`
 *   locally), otherwise the local gateway, which only the local stack installs (`LocalRuntimeHooks.localPayments`,
 *   so no Lambda bundle carries it), its Stripe-shaped events going to that stack's in-process bus;
 * - mail: SES v2 (the SES outbox emulator when `SES_ENDPOINT` is set);
 * - the DynamoDB repositories, rate limiter and processed-event store of `runtimeAdapters()`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DynamoCancelCodeStore } from '../dynamodb/cancel-code-store';
import { DynamoLeaseLimiter } from '../dynamodb/lease-limiter';
import { DynamoGuestOfferRepository } from '../dynamodb/offer-repository';
import { DynamoProcessedEventStore } from '../dynamodb/processed-events';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import type { PaymentGatewayConfig } from '../payments/create-payment-gateway';
import { StripePaymentGateway } from '../payments/stripe-payment-gateway';
import { createSecretsManagerReader, type SecretReader } from '../secrets/secret-reader';
import { consoleJsonLogger, errorFields } from '../../use-cases/console-logger';
import type { BookingLimits } from '../../use-cases/create-booking';
import { makeGuestUseCases, type GuestUseCases } from '../../use-cases/guest-use-cases';
import { makeBookingNotifications, type BookingNotifications } from '../../use-cases/mail-notifications';
import type {
  CreateAuthorizationRequest,
  Logger,
  Mailer,
  PaymentAuthorization,
  PaymentCancellationReason,
  PaymentRefund,
  RefundContext,
  PaymentEventPublisher,
  PaymentGateway,
  PaymentIntentStatus,
  PaymentIntentView,
} from '../../use-cases/ports';
import { DomainError } from '../../domain/errors';
import type { ConnectedAccountView } from '../../domain/payout-account';
import type { GatewayDispute, GatewayPayout } from '../../use-cases/money-ports';
import { EventBridgePageEvents } from '../events/eventbridge-publisher';
import type { GuestPageEvents } from '../../use-cases/refresh-guest-pages';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { catalogueSearchOf } from './catalogue-search-runtime';
import { moneyReaders } from './money-adapters';
import type { Environment } from './environment';

export const SITE_NAME = 'Ehime Experiences';
export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Card payments are not available right now. Please try again later.';

export interface GuestRuntime {
  useCases: GuestUseCases;
  /** The gateway the use cases use (the local stack's card form confirms through it). */
  payments: PaymentGateway;
  logger: Logger;
  /** The clock the use cases read (the local stack's movable clock in tests). */
  clock: () => Date;
}

/** What only the local stack sets before the first invocation (nothing in AWS calls this). */
export interface LocalRuntimeHooks {
  /**
   * Builds the local payment gateway (`PAYMENT_PROVIDER=local`; the local stack passes `createPaymentGateway`).
   * A hook rather than an import, so the AWS bundles, which always use Stripe, leave the local gateway out.
   */
  localPayments?: (config: PaymentGatewayConfig) => PaymentGateway;
  /** Receives the local gateway's payment events (the in-process bus). */
  paymentEvents?: PaymentEventPublisher;
  /**
   * Delivers mails right after their transaction (the in-process stand-in for the table's stream → sender
   * Lambda); without it only the sender's own runs deliver them.
   */
  mailsQueued?: (ids: string[]) => Promise<void>;
  /** Wraps the mailer (the local stack's `POST /api/local-faults` makes it fail as SES would). */
  mailer?: (real: Mailer) => Mailer;
  /** While it answers true the local gateway's refunds fail (the local stack's `POST /api/local-faults`). */
  refundsFail?: () => boolean;
  /** While it answers true the local gateway answers refunds `pending` (the same switch). */
  refundsPending?: () => boolean;
  /** The clock every use case, the rate limiter and the event marks read (tests move it forward). */
  clock?: () => Date;
  /** Moves that clock forward by `ms` and answers the new time (`POST /api/local-clock/advance`). */
  advanceClock?: (ms: number) => Date;
  /** Hears the guest-page changes (the local stack's renderer queue). */
  pageEvents?: GuestPageEvents;
  /** Only for tests of other things that book many times from one address; the product keeps `BOOKING_LIMITS`. */
  bookingLimits?: BookingLimits;
}

let hooks: LocalRuntimeHooks = {};
/** Keyed by the runtime adapters it was built from: `resetRuntimeAdapters()` thereby also drops this. */
let cached: { base: RuntimeAdapters; runtime: GuestRuntime } | undefined;

/** The clock every use case reads: the machine's, or the local stack's movable one. */
export const localClock = (): (() => Date) => hooks.clock ?? (() => new Date());

/** The local stack's immediate mail delivery, or none (AWS: the table's stream starts the sender). */
export const localMailsQueued = (): LocalRuntimeHooks['mailsQueued'] => hooks.mailsQueued;

/** The local stack's clock mover, or none (never in AWS). */
export const localClockMover = (): LocalRuntimeHooks['advanceClock'] => hooks.advanceClock;

/** The mailer wrapper the local stack installed (its fault switch), or none. */
export const localMailerWrapper = (): LocalRuntimeHooks['mailer'] => hooks.mailer;

export function configureLocalRuntime(next: LocalRuntimeHooks): void {
  hooks = { ...next };
  cached = undefined;
  services = undefined;
}

/** Like a new cold start; the local stack calls it when it stops (with `resetRuntimeAdapters`). */
export function resetGuestRuntime(): void {
  hooks = {};
  cached = undefined;
  services = undefined;
}

/**
 * What every booking-handling function shares, whatever else it does: the payment gateway, the mails of the
 * booking flow, the logger and the clock. The guest runtime and the back-office runtimes are built on the same
 * instance, so (locally) one gateway holds every card authorisation, and a function that only needs these does
 * not carry the guest use cases in its bundle.
 */
export interface BookingServices {
  payments: PaymentGateway;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
  /** The site's origin, for links in mails. */
  baseUrl: string;
  /** Where host and admin changes to public pages are announced (issue 17); absent: nobody renders pages. */
  pageEvents?: GuestPageEvents;
}

let services: { base: RuntimeAdapters; services: BookingServices } | undefined;

export function bookingServices(): BookingServices {
  const base = runtimeAdapters();
  if (services?.base === base) return services.services;
  const { env, repositories } = base;
  if (!env.SITE_URL) throw new Error('Invalid function environment: SITE_URL is required for mail links');
  const logger = consoleJsonLogger;
  const clock = localClock();
  const built: BookingServices = {
    payments: paymentGatewayOf(env, logger),
    notifications: makeBookingNotifications({
      ...repositories,
      logger,
      newId: randomUUID,
      baseUrl: env.SITE_URL,
      siteName: SITE_NAME,
      ...(hooks.mailsQueued ? { mailsQueued: hooks.mailsQueued } : {}),
    }),
    logger,
    clock,
    baseUrl: env.SITE_URL,
    ...pageEventsOf(env),
  };
  services = { base, services: built };
  return built;
}

export function guestRuntime(): GuestRuntime {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.runtime;
  const { env, doc, repositories } = base;
  const { payments, logger, clock, baseUrl } = bookingServices();
  const useCases = makeGuestUseCases({
    ...repositories,
    ...moneyReaders(base),
    payments,
    logger,
    ...(hooks.mailsQueued ? { mailsQueued: hooks.mailsQueued } : {}),
    rateLimiter: new DynamoRateLimiter(doc, env.TABLE_NAME, clock),
    leases: new DynamoLeaseLimiter(doc, env.TABLE_NAME, clock),
    cancelCodes: new DynamoCancelCodeStore(doc, env.TABLE_NAME),
    ...(hooks.bookingLimits ? { bookingLimits: hooks.bookingLimits } : {}),
    processedEvents: new DynamoProcessedEventStore(doc, env.TABLE_NAME, clock),
    clock,
    newId: randomUUID,
    randomInt: (n) => randomInt(n),
    baseUrl,
    siteName: SITE_NAME,
    search: catalogueSearchOf(base, clock),
    offers: new DynamoGuestOfferRepository(doc, env.TABLE_NAME, baseUrl, clock),
  });
  const runtime = { useCases, payments, logger, clock };
  cached = { base, runtime };
  return runtime;
}

/** Where page changes are announced: the local stack's renderer queue, or our EventBridge bus when configured. */
export function pageEventsOf(env: Environment): { pageEvents?: GuestPageEvents } {
  if (hooks.pageEvents) return { pageEvents: hooks.pageEvents };
  return env.PAGE_EVENT_BUS ? { pageEvents: new EventBridgePageEvents({ busName: env.PAGE_EVENT_BUS }) } : {};
}

function paymentGatewayOf(env: Environment, logger: Logger): PaymentGateway {
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (env.STRIPE_SECRET_KEY) return new StripePaymentGateway({ secretKey: env.STRIPE_SECRET_KEY });
    if (!env.STRIPE_SECRET_KEY_ARN) {
      throw new Error(
        'Invalid function environment: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY_ARN (or STRIPE_SECRET_KEY)',
      );
    }
    return new SecretKeyStripeGateway(env.STRIPE_SECRET_KEY_ARN, createSecretsManagerReader(), logger);
  }
  if (!hooks.localPayments) {
    throw new Error(
      'Invalid function environment: PAYMENT_PROVIDER=local runs only in the local stack (PAYMENT_PROVIDER=stripe in AWS)',
    );
  }
  const events = hooks.paymentEvents;
  return hooks.localPayments({
    ...(hooks.refundsFail ? { refundsFail: hooks.refundsFail } : {}),
    ...(hooks.refundsPending ? { refundsPending: hooks.refundsPending } : {}),
    ...(env.LOCAL_PAYMENT_STORE ? { localStorePath: env.LOCAL_PAYMENT_STORE } : {}),
    localEvents: events ?? {
      // Outside the local stack nobody listens; the booking still completes through payment-confirmed.
      publish: async (event) =>
        logger.warn('Local payment event dropped: no event bus configured', {
          eventId: event.id,
          type: event.type,
        }),
    },
  });
}

/**
 * Stripe with the secret key read from Secrets Manager at the first payment call (not at cold start: catalogue
 * reads never need it) and again after the reader's refresh interval, so a rotated key reaches warm functions.
 * While the operator has not filled the secret in, payment calls answer 503 rather than falling back to the
 * local gateway, which must never run in AWS.
 */
class SecretKeyStripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private current: { key: string; gateway: StripePaymentGateway } | undefined;

  constructor(
    private readonly secretArn: string,
    private readonly secrets: SecretReader,
    private readonly logger: Logger,
  ) {}

  private async gateway(): Promise<StripePaymentGateway> {
    let key: string | undefined;
    try {
      key = await this.secrets.read(this.secretArn);
    } catch (e) {
      this.logger.error('Stripe secret key could not be read', errorFields(e));
      throw new DomainError('service_unavailable', PAYMENTS_NOT_CONFIGURED_MESSAGE, undefined, { cause: e });
    }
    if (!key) {
      this.logger.error('Stripe secret key is not set; card payments are off', { secret: this.secretArn });
      throw new DomainError('service_unavailable', PAYMENTS_NOT_CONFIGURED_MESSAGE);
    }
    if (this.current?.key !== key)
      this.current = { key, gateway: new StripePaymentGateway({ secretKey: key }) };
    return this.current.gateway;
  }

  async createAuthorization(request: CreateAuthorizationRequest): Promise<PaymentAuthorization> {
    return (await this.gateway()).createAuthorization(request);
  }

  async retrieve(paymentIntentId: string): Promise<PaymentIntentView> {
    return (await this.gateway()).retrieve(paymentIntentId);
  }

  async clientSecretMatches(paymentIntentId: string, clientSecret: string): Promise<boolean> {
    return (await this.gateway()).clientSecretMatches(paymentIntentId, clientSecret);
  }

  async capture(
    paymentIntentId: string,
    context: { bookingId: string; applicationFeeAmount?: number },
  ): Promise<PaymentIntentStatus> {
    return (await this.gateway()).capture(paymentIntentId, context);
  }

  async cancel(
    paymentIntentId: string,
    context: { bookingId: string; reason?: PaymentCancellationReason },
  ): Promise<PaymentIntentStatus> {
    return (await this.gateway()).cancel(paymentIntentId, context);
  }

  async refund(paymentIntentId: string, context: RefundContext): Promise<PaymentRefund> {
    return (await this.gateway()).refund(paymentIntentId, context);
  }

  async createConnectedAccount(input: {
    hostId: string;
    email: string;
    businessName: string;
  }): Promise<ConnectedAccountView> {
    return (await this.gateway()).createConnectedAccount(input);
  }

  async retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountView> {
    return (await this.gateway()).retrieveConnectedAccount(accountId);
  }

  async createOnboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }> {
    return (await this.gateway()).createOnboardingLink(accountId, urls);
  }

  async createPayout(input: { accountId: string; amount: number; payoutId: string }): Promise<GatewayPayout> {
    return (await this.gateway()).createPayout(input);
  }

  async retrieveDispute(disputeId: string): Promise<GatewayDispute> {
    return (await this.gateway()).retrieveDispute(disputeId);
  }

  async reverseTransfer(input: {
    paymentIntentId: string;
    bookingId: string;
    amount: number;
  }): Promise<{ id: string }> {
    return (await this.gateway()).reverseTransfer(input);
  }
}
