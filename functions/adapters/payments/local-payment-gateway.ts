/**
 * The PaymentGateway of the local stack (the default when no Stripe key is configured): it behaves like Stripe's
 * manual-capture PaymentIntents for Stripe's two classic test cards, keeps its intents in a LocalPaymentStore
 * and emits the same events Stripe would, so the booking flow runs end to end without network or account.
 */
import { randomBytes } from 'node:crypto';
import { TOKYO_TIME_ZONE, zonedParts } from '../../domain/calendar';
import { DomainError, errorCodes } from '../../domain/errors';
import { refundSplit } from '../../domain/money';
import type { BankDetails, ConnectedAccountView } from '../../domain/payout-account';
import type { GatewayDispute, GatewayPayout } from '../../use-cases/money-ports';
import type {
  CreateAuthorizationRequest,
  RefundContext,
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
import type {
  LocalConnectedAccount,
  LocalDispute,
  LocalPaymentIntent,
  LocalPaymentStore,
  LocalPayout,
  LocalRefund,
} from './local-payment-store';
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
  /** Refunds are answered `pending` while this answers true (settled later by `settlePendingRefunds`). */
  refundsPending?: () => boolean;
}

/** What a refund answers while the local fault switch makes refunds fail. */
export const REFUND_FAILED_MESSAGE = 'The payment provider could not refund this payment (local fault).';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The intent id is the part before `_secret_`, as in Stripe's client secrets (the SPA holds only the secret). */
export function paymentIntentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}

/**
 * An entry of one of the store's records by an id from a request: only the record's own entries (an id such as
 * `constructor` or `__proto__` names nothing, rather than something of every object's prototype).
 */
function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export class LocalPaymentGateway implements PaymentGateway {
  readonly provider = 'local' as const;
  private readonly store: LocalPaymentStore;
  private readonly events: PaymentEventPublisher;
  private readonly random: RandomSource;
  private readonly now: () => Date;
  private readonly refundsFail: () => boolean;
  private readonly refundsPending: () => boolean;
  /** Operations run one at a time, so two concurrent creations for one booking cannot make two intents. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: LocalPaymentGatewayOptions) {
    this.store = options.store;
    this.events = options.events;
    this.random = options.random ?? ((size) => randomBytes(size));
    this.now = options.now ?? (() => new Date());
    this.refundsFail = options.refundsFail ?? (() => false);
    this.refundsPending = options.refundsPending ?? (() => false);
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
        transfer_data: request.destination ? { destination: request.destination.accountId } : null,
        transfer_group: request.destination?.transferGroup ?? null,
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

  capture(
    paymentIntentId: string,
    context: { bookingId: string; applicationFeeAmount?: number },
  ): Promise<PaymentIntentStatus> {
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
      const fee = context.applicationFeeAmount ?? 0;
      if (!Number.isInteger(fee) || fee < 0 || fee > intent.amount_capturable) {
        throw new DomainError(
          errorCodes.validation,
          'The application fee must be whole yen within the amount',
        );
      }
      const destination = intent.transfer_data?.destination ?? null;
      const transfer = destination ? `tr_local_${this.token(24)}` : null;
      if (destination) {
        // The charge less the application fee lands in the connected account's balance at capture.
        await this.store.updateConnect((objects) => {
          const account = ownEntry(objects.accounts, destination);
          if (account) account.local_balance += intent.amount_capturable - fee;
        });
      }
      const captured: LocalPaymentIntent = {
        ...intent,
        status: 'succeeded',
        amount_received: intent.amount_capturable,
        amount_capturable: 0,
        application_fee_amount: destination ? fee : null,
        transfer,
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
  /**
   * Refunds part or all of a captured intent. As our Stripe gateway does, a refund that was made (or is still
   * being made) for the booking is answered instead of making another, so a retry can never refund twice; only a
   * failed refund is followed by a new one. While the local fault switch says `pending`, a refund is answered
   * `pending` and settles (or fails) when the switch moves on (`settlePendingRefunds`).
   */
  refund(paymentIntentId: string, context: RefundContext): Promise<PaymentRefund> {
    return this.serialised(async (): Promise<PaymentRefund> => {
      const intent = await this.require(paymentIntentId, context.bookingId);
      const standing = (intent.local_refunds ?? []).find((r) => r.status !== 'failed');
      if (standing) {
        return {
          id: standing.id,
          amount: standing.amount,
          status: standing.status as 'pending' | 'succeeded',
        };
      }
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
      const refund: LocalRefund = {
        id: `re_local_${this.token(24)}`,
        amount: context.amount,
        created: this.nowSeconds(),
        status: this.refundsPending() ? 'pending' : 'succeeded',
        connected: Boolean(context.connected),
      };
      const recorded = { ...intent, local_refunds: [...(intent.local_refunds ?? []), refund] };
      await this.store.put(recorded);
      if (refund.status === 'succeeded') await this.refundSucceeded(recorded, refund);
      return { id: refund.id, amount: refund.amount, status: refund.status as 'pending' | 'succeeded' };
    });
  }

  /**
   * Local only: the provider finishes the refunds it answered `pending`: each succeeds (money moves,
   * `charge.refunded`) or fails, with `charge.refund.updated` either way. Answers how many were settled.
   */
  settlePendingRefunds(outcome: 'succeeded' | 'failed'): Promise<number> {
    return this.serialised(async () => {
      let settled = 0;
      for (const intent of await this.store.list()) {
        const pending = (intent.local_refunds ?? []).filter((r) => r.status === 'pending');
        for (const refund of pending) {
          const current = (await this.store.get(intent.id)) as LocalPaymentIntent;
          const updated: LocalRefund = { ...refund, status: outcome };
          const next = {
            ...current,
            local_refunds: (current.local_refunds ?? []).map((r) => (r.id === refund.id ? updated : r)),
          };
          await this.store.put(next);
          if (outcome === 'succeeded') await this.refundSucceeded(next, updated);
          await this.publish(paymentEventTypes.refundUpdated, refundObjectOf(next, updated));
          settled++;
        }
      }
      return settled;
    });
  }

  /** A refund that went through: the charge's refunded amount, the host's share and fee back, `charge.refunded`. */
  private async refundSucceeded(intent: LocalPaymentIntent, refund: LocalRefund): Promise<void> {
    // Stripe's reverse_transfer + refund_application_fee: in proportion, the fee's part rounded down.
    const destination = intent.transfer_data?.destination ?? null;
    const split =
      destination && refund.connected
        ? refundSplit(intent.amount_received, intent.application_fee_amount ?? 0, refund.amount)
        : null;
    if (destination && split) {
      await this.store.updateConnect((objects) => {
        const account = ownEntry(objects.accounts, destination);
        if (account) account.local_balance -= split.fromHost;
      });
    }
    const refunded = (intent.amount_refunded ?? 0) + refund.amount;
    await this.store.put({
      ...intent,
      amount_refunded: refunded,
      ...(split
        ? {
            local_transfer_reversed: (intent.local_transfer_reversed ?? 0) + split.fromHost,
            local_fee_refunded: (intent.local_fee_refunded ?? 0) + split.fromFee,
          }
        : {}),
    });
    await this.publish(paymentEventTypes.refunded, {
      id: chargeIdOf(intent),
      object: 'charge',
      amount: intent.amount_received,
      amount_refunded: refunded,
      refunded: refunded === intent.amount_received,
      payment_intent: intent.id,
      metadata: intent.metadata,
      refunds: { object: 'list', data: [refundObjectOf(intent, refund)] },
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Connect: connected accounts, onboarding, payouts, disputes (DESIGN §4g), as Stripe behaves for a JP platform.
  // -------------------------------------------------------------------------------------------------------------

  /** One account per host (found again by the host id in its metadata, as Stripe's idempotency key would). */
  createConnectedAccount(input: {
    hostId: string;
    email: string;
    businessName: string;
  }): Promise<ConnectedAccountView> {
    return this.serialised(async () => {
      const id = `acct_local_${this.token(16)}`;
      const account = await this.store.updateConnect((objects) => {
        const existing = Object.values(objects.accounts).find((a) => a.metadata.hostId === input.hostId);
        if (existing) return existing;
        const created: LocalConnectedAccount = {
          id,
          object: 'account',
          email: input.email,
          business_profile: { name: input.businessName },
          country: 'JP',
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          requirements: {
            currently_due: [...LOCAL_INITIAL_REQUIREMENTS],
            past_due: [],
            disabled_reason: 'requirements.past_due',
          },
          metadata: { hostId: input.hostId },
          created: this.nowSeconds(),
          external_account: null,
          local_balance: 0,
          local_fail_payouts: false,
          local_links: {},
        };
        objects.accounts[id] = created;
        return created;
      });
      return accountViewOf(account);
    });
  }

  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountView> {
    return this.serialised(async () => accountViewOf(await this.requireAccount(accountId)));
  }

  /** The local onboarding page's address, with a token that lapses like Stripe's links (a few minutes, once). */
  createOnboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }> {
    return this.serialised(async () => {
      await this.requireAccount(accountId);
      const token = this.token(32);
      const expires = this.nowSeconds() + LOCAL_LINK_SECONDS;
      await this.store.updateConnect((objects) => {
        const account = objects.accounts[accountId] as LocalConnectedAccount;
        // Lapsed links are forgotten as new ones are made.
        for (const [t, link] of Object.entries(account.local_links))
          if (link.expires < this.nowSeconds()) delete account.local_links[t];
        account.local_links[token] = { expires, refreshUrl: urls.refreshUrl, returnUrl: urls.returnUrl };
      });
      const origin = new URL(urls.returnUrl).origin;
      return {
        url: `${origin}/api/local-payments/onboarding/${encodeURIComponent(accountId)}?token=${token}`,
      };
    });
  }

  /**
   * What an onboarding link leads to: the account and the link's return address, or, for a lapsed or used link,
   * its refresh address (as Stripe redirects a stale link to `refresh_url`).
   */
  onboardingLink(
    accountId: string,
    token: string,
  ): Promise<{
    account: LocalConnectedAccount;
    link: { returnUrl: string; refreshUrl: string } | null;
    lapsedTo: string | null;
  }> {
    return this.serialised(async () => {
      const account = await this.requireAccount(accountId);
      const link = ownEntry(account.local_links, token);
      if (!link) return { account, link: null, lapsedTo: null };
      if (link.expires < this.nowSeconds()) return { account, link: null, lapsedTo: link.refreshUrl };
      return { account, link, lapsedTo: null };
    });
  }

  /**
   * Finishes onboarding as the hosted page does: the bank account (checked by the caller against the bank list),
   * every requirement met, charges and payouts enabled, `account.updated`. `token` (the page's link) is used up;
   * `null` for the local-only shortcut route. `failPayouts`: every payout to this bank account fails.
   */
  completeOnboarding(
    accountId: string,
    token: string | null,
    bank: BankDetails & { bankName: string; branchName: string },
    options: { failPayouts?: boolean } = {},
  ): Promise<{ returnUrl: string | null; account: ConnectedAccountView }> {
    return this.serialised(async () => {
      const result = await this.store.updateConnect((objects) => {
        const account = ownEntry(objects.accounts, accountId);
        if (!account) return null;
        const link = token ? ownEntry(account.local_links, token) : undefined;
        if (token && (!link || link.expires < this.nowSeconds())) return { lapsed: true as const, account };
        if (token) delete account.local_links[token];
        account.external_account = {
          bank_code: bank.bankCode,
          bank_name: bank.bankName,
          branch_code: bank.branchCode,
          branch_name: bank.branchName,
          last4: bank.accountNumber.slice(-4),
          account_holder_name: bank.accountHolderName,
        };
        account.details_submitted = true;
        account.charges_enabled = true;
        account.payouts_enabled = true;
        account.requirements = { currently_due: [], past_due: [], disabled_reason: null };
        account.local_fail_payouts = options.failPayouts ?? false;
        return { lapsed: false as const, account, returnUrl: link?.returnUrl ?? null };
      });
      if (!result) throw new DomainError(errorCodes.notFound, 'Account not found');
      if (result.lapsed) throw new DomainError(errorCodes.stateConflict, LINK_LAPSED_MESSAGE);
      await this.publish('account.updated', result.account, result.account.id);
      return { returnUrl: result.returnUrl, account: accountViewOf(result.account) };
    });
  }

  /**
   * A manual payout of the account's balance: paid at once locally (`payout.paid`), or failed as a wrong bank
   * account fails (`payout.failed`, the money back in the balance) when the account was set up with
   * `failPayouts`. Idempotent per `payoutId`. More than the balance holds is refused, as Stripe refuses it.
   */
  createPayout(input: { accountId: string; amount: number; payoutId: string }): Promise<GatewayPayout> {
    return this.serialised(async () => {
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new DomainError(errorCodes.validation, 'The payout must be a positive whole number of yen');
      }
      const id = `po_local_${this.token(24)}`;
      const now = this.nowSeconds();
      const outcome = await this.store.updateConnect((objects) => {
        const existing = Object.values(objects.payouts).find((p) => p.metadata.payoutId === input.payoutId);
        if (existing) return { payout: existing, created: false };
        const account = ownEntry(objects.accounts, input.accountId);
        if (!account) return { error: 'Account not found' };
        if (!account.payouts_enabled) return { error: 'Payouts are not enabled for this account' };
        if (account.local_balance < input.amount) return { error: LOCAL_BALANCE_INSUFFICIENT };
        const fails = account.local_fail_payouts;
        const payout: LocalPayout = {
          id,
          object: 'payout',
          amount: input.amount,
          currency: 'jpy',
          status: fails ? 'failed' : 'paid',
          arrival_date: now,
          created: now,
          failure_code: fails ? 'account_closed' : null,
          failure_message: fails ? 'The bank account has been closed.' : null,
          metadata: { payoutId: input.payoutId },
          local_account: input.accountId,
        };
        // A failed payout's money goes back to the balance (Stripe returns it), so it never leaves here; as
        // Stripe does, payouts stay off until the host gives a bank account that works.
        if (!fails) account.local_balance -= input.amount;
        else {
          account.payouts_enabled = false;
          account.requirements.currently_due = ['external_account'];
        }
        objects.payouts[id] = payout;
        return { payout, created: true, account };
      });
      if ('error' in outcome) throw new DomainError(errorCodes.paymentFailed, String(outcome.error));
      if (outcome.created) {
        await this.publish(
          outcome.payout.status === 'paid' ? 'payout.paid' : 'payout.failed',
          outcome.payout,
          input.accountId,
        );
        if (outcome.payout.status === 'failed' && outcome.account) {
          await this.publish('account.updated', outcome.account, input.accountId);
        }
      }
      return payoutViewOf(outcome.payout);
    });
  }

  /** Takes part of the host's share back (a lost dispute): the account's balance may go negative. */
  reverseTransfer(input: {
    paymentIntentId: string;
    bookingId: string;
    amount: number;
  }): Promise<{ id: string }> {
    return this.serialised(async () => {
      const intent = await this.require(input.paymentIntentId, input.bookingId);
      const destination = intent.transfer_data?.destination;
      if (!destination || !intent.transfer) {
        throw new DomainError(errorCodes.stateConflict, 'The payment has no transfer to reverse');
      }
      // One reversal per booking (Stripe's idempotency key): a retry answers the one made before.
      if (intent.local_reversal) return { id: intent.local_reversal };
      const reversalId = `trr_local_${this.token(24)}`;
      await this.store.updateConnect((objects) => {
        const account = ownEntry(objects.accounts, destination);
        if (account) account.local_balance -= input.amount;
      });
      await this.store.put({
        ...intent,
        local_transfer_reversed: (intent.local_transfer_reversed ?? 0) + input.amount,
        local_reversal: reversalId,
      });
      return { id: reversalId };
    });
  }

  /** Local only: the card holder disputes the booking's charge (`charge.dispute.created`). */
  openDispute(bookingId: string): Promise<LocalDispute> {
    return this.serialised(async () => {
      const intent = await this.store.findByBookingId(bookingId);
      if (!intent || intent.status !== 'succeeded') {
        throw new DomainError(errorCodes.stateConflict, 'Only a captured payment can be disputed');
      }
      const id = `dp_local_${this.token(24)}`;
      const outcome = await this.store.updateConnect((objects) => {
        const existing = Object.values(objects.disputes).find((d) => d.payment_intent === intent.id);
        if (existing) return { dispute: existing, created: false };
        const dispute: LocalDispute = {
          id,
          object: 'dispute',
          amount: intent.amount_received - (intent.amount_refunded ?? 0),
          currency: 'jpy',
          charge: chargeIdOf(intent),
          payment_intent: intent.id,
          reason: 'product_not_received',
          status: 'needs_response',
          created: this.nowSeconds(),
          metadata: { bookingId },
        };
        objects.disputes[id] = dispute;
        return { dispute, created: true };
      });
      if (outcome.created) await this.publish('charge.dispute.created', outcome.dispute);
      return outcome.dispute;
    });
  }

  /** Local only: the dispute is decided (`charge.dispute.closed`); a lost one leaves the money with the card holder. */
  closeDispute(bookingId: string, outcome: 'won' | 'lost'): Promise<LocalDispute> {
    return this.serialised(async () => {
      const intent = await this.store.findByBookingId(bookingId);
      const closed = await this.store.updateConnect((objects) => {
        const dispute = Object.values(objects.disputes).find((d) => d.payment_intent === intent?.id);
        if (!dispute) return null;
        if (dispute.status === 'won' || dispute.status === 'lost') return { dispute, changed: false };
        dispute.status = outcome;
        return { dispute, changed: true };
      });
      if (!closed) throw new DomainError(errorCodes.notFound, 'No dispute for this booking');
      if (!closed.changed)
        throw new DomainError(errorCodes.stateConflict, `The dispute is already ${closed.dispute.status}`);
      await this.publish('charge.dispute.closed', closed.dispute);
      return closed.dispute;
    });
  }

  retrieveDispute(disputeId: string): Promise<GatewayDispute> {
    return this.serialised(async () => {
      const dispute = (await this.store.connect()).disputes[disputeId];
      if (!dispute) throw new DomainError(errorCodes.notFound, 'Dispute not found');
      return disputeViewOf(dispute);
    });
  }

  /**
   * Local only: puts `amount` yen in the account's balance, as captures of destination charges would have. For
   * bookings written straight to the table (the bulk seed, the payout benchmark), whose charges never went
   * through this gateway.
   */
  fundAccount(accountId: string, amount: number): Promise<void> {
    return this.serialised(async () => {
      await this.requireAccount(accountId);
      await this.store.updateConnect((objects) => {
        (objects.accounts[accountId] as LocalConnectedAccount).local_balance += amount;
      });
    });
  }

  /** Local only: an account's balance (yen), for tests and the onboarding page. */
  balanceOf(accountId: string): Promise<number> {
    return this.serialised(async () => (await this.requireAccount(accountId)).local_balance);
  }

  private async requireAccount(accountId: string): Promise<LocalConnectedAccount> {
    const account = ownEntry((await this.store.connect()).accounts, accountId);
    if (!account) throw new DomainError(errorCodes.notFound, 'Account not found');
    return account;
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

  private async publish(type: PaymentEventType, object: StripeLikeObject, account?: string): Promise<void> {
    const event: StripeLikeEvent = {
      id: `evt_local_${this.token(24)}`,
      object: 'event',
      type,
      created: this.nowSeconds(),
      livemode: false,
      // Events of a connected account name it, as Stripe's Connect events do.
      ...(account ? { account } : {}),
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

/** What Stripe asks of a new Express account in Japan before it can take payments and be paid out. */
export const LOCAL_INITIAL_REQUIREMENTS = [
  'business_type',
  'external_account',
  'individual.verification.document',
  'individual.dob.day',
  'tos_acceptance.date',
] as const;
/** Stripe's Account Links lapse after a few minutes. */
export const LOCAL_LINK_SECONDS = 10 * 60;
export const LINK_LAPSED_MESSAGE =
  'このリンクは有効期限が切れています。「売上・振込」画面からもう一度登録を始めてください。';
export const LOCAL_BALANCE_INSUFFICIENT =
  'balance_insufficient: You have insufficient funds in your Stripe account for this payout.';

function accountViewOf(account: LocalConnectedAccount): ConnectedAccountView {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
    currentlyDue: [...account.requirements.currently_due],
    pastDue: [...account.requirements.past_due],
    disabledReason: account.requirements.disabled_reason,
    bankLast4: account.external_account?.last4 ?? null,
    hostId: account.metadata.hostId ?? null,
  };
}

export function payoutViewOf(payout: LocalPayout): GatewayPayout {
  return {
    id: payout.id,
    status: payout.status,
    arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
    failureMessage: payout.failure_message,
  };
}

export function disputeViewOf(dispute: {
  id: string;
  status: string;
  payment_intent: string | null;
}): GatewayDispute {
  const status = dispute.status === 'won' || dispute.status === 'lost' ? dispute.status : 'open';
  return { id: dispute.id, status, paymentIntentId: dispute.payment_intent };
}

/** A refund as Stripe's `charge.refund.updated` carries it. */
function refundObjectOf(intent: LocalPaymentIntent, refund: LocalRefund): StripeLikeObject {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: 'jpy',
    status: refund.status,
    payment_intent: intent.id,
    charge: chargeIdOf(intent),
    created: refund.created,
    failure_reason: refund.status === 'failed' ? 'unknown' : null,
    metadata: { bookingId: intent.metadata.bookingId ?? '' },
  };
}

/** The charge of an intent (one per intent here): Stripe's `ch_` id beside the intent's. */
const chargeIdOf = (intent: LocalPaymentIntent) => `ch_local_${intent.id.slice('pi_local_'.length)}`;

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
