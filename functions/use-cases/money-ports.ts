/**
 * The ports of the money side (DESIGN §4g): hosts' payout profiles (commission, connected account, payout hold),
 * the ledger with its counters, the bookings' earnings and the payouts, and the payment provider's Connect calls.
 * Adapters: `adapters/dynamodb/payout-profile-repository.ts`, `adapters/dynamodb/money-repository.ts`, the payment
 * gateways (`adapters/payments/`).
 */
import type {
  Earnings,
  EarningsStatus,
  HostTotals,
  LedgerEntry,
  MarketTotals,
  PayoutStatus,
} from '../domain/money';
import type { ConnectedAccountView, PayoutAccount } from '../domain/payout-account';
import type { Page, PageRequest } from './ports';

/** Who held a host's payouts, when and why (every hold and release is also kept in the host's hold log). */
export interface PayoutHold {
  reason: string;
  since: string;
  /** The admin who held them (e-mail, or the user id when the token carries no e-mail). */
  by: string;
}

export interface PayoutHoldLogEntry {
  action: 'hold' | 'release';
  reason: string | null;
  by: string;
  at: string;
}

export interface PayoutProfile {
  hostId: string;
  /** Whole percent; the default when the admin never set one. */
  commissionPercent: number;
  account: PayoutAccount | null;
  hold: PayoutHold | null;
}

export interface PayoutProfileRepository {
  /** The host's profile (defaults for a host that has none yet). */
  get(hostId: string): Promise<PayoutProfile>;
  getMany(hostIds: readonly string[]): Promise<Map<string, PayoutProfile>>;
  setCommission(hostId: string, percent: number, now: Date): Promise<PayoutProfile>;
  /**
   * Records the host's new connected account, unless one is recorded already: answers the account that is
   * recorded (the one just created, or the one a concurrent call recorded first).
   */
  attachAccount(hostId: string, account: PayoutAccount): Promise<PayoutAccount>;
  /** Replaces the account's state (an `account.updated` event), only while it is the host's account. */
  updateAccount(hostId: string, account: PayoutAccount): Promise<boolean>;
  /** The host of a connected account, by the lookup item written with it. */
  hostOfAccount(accountId: string): Promise<string | null>;
  /** Holds the host's payouts; `state_conflict` when they are held already. */
  hold(hostId: string, hold: PayoutHold): Promise<PayoutHold>;
  /** Releases them; `state_conflict` when they are not held. */
  release(hostId: string, by: string, now: Date): Promise<void>;
  /** Hosts whose payouts are held, longest held first. */
  listHeld(): Promise<{ hostId: string; hold: PayoutHold }[]>;
  holdLog(hostId: string): Promise<PayoutHoldLogEntry[]>;
}

/** An earnings change written with the state change that causes it (the booking's transition, a payout…). */
export interface MoneyWrite {
  /** The earnings as read before (null: they are created). The write is conditional on them being unchanged. */
  before: Earnings | null;
  after: Earnings;
  /** The ledger entry of the money event; refused (the whole transaction) when an entry of its id exists. */
  entry: LedgerEntry | null;
}

export interface Payout {
  id: string;
  hostId: string;
  /** What was (or is being) paid to the host's bank. */
  amount: number;
  /** The nets of the earnings it pays. */
  earningsTotal: number;
  /**
   * ≤ 0: the part of a debt on the host's balance (a share taken back after an earlier payout) this payout repays;
   * the amount paid is `earningsTotal + debtOffset`.
   */
  debtOffset: number;
  /** `creating` while the job writes it (read as `scheduled` by people). */
  status: PayoutStatus | 'creating';
  bookingIds: string[];
  gatewayPayoutId: string | null;
  arrivalDate: string | null;
  failureMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EarningsFilter {
  /** Tour dates, `yyyy-MM-dd`, both included. */
  from?: string;
  to?: string;
  status?: EarningsStatus;
}

export interface MoneyRepository {
  earningsOf(bookingId: string): Promise<Earnings | null>;
  /** A host's earnings by tour date (newest first). */
  listHostEarnings(hostId: string, filter: EarningsFilter & PageRequest): Promise<Page<Earnings>>;
  hostTotals(hostId: string): Promise<HostTotals>;
  marketTotals(): Promise<MarketTotals>;
  /**
   * Writes an earnings change on its own (no booking transition): a dispute's hold or release, a lost dispute.
   * `false` when the earnings changed meanwhile or the entry exists (nothing written).
   */
  applyMoney(write: MoneyWrite): Promise<boolean>;
  /** Earnings still `upcoming` whose `payableAt` is at or before `now`, oldest first, at most `limit`. */
  listDue(now: Date, limit: number): Promise<Earnings[]>;
  /**
   * `upcoming → payable` for these earnings (each conditional on still being upcoming, its booking owing no refund),
   * in as few transactions as fit; answers how many moved.
   */
  mature(earnings: readonly Earnings[], now: Date): Promise<number>;
  /** Every `payable` earnings of the marketplace (or of one host), at most `limit`, grouped by host. */
  listPayable(limit: number, hostId?: string): Promise<Earnings[]>;
  /** A host's payout lock: `true` for the one caller that holds it until `until` (or releases it). */
  lockHostPayouts(hostId: string, token: string, now: Date, until: Date): Promise<boolean>;
  unlockHostPayouts(hostId: string, token: string): Promise<void>;
  /** A new payout in `creating`, with nothing in it yet. */
  createPayout(payout: Payout): Promise<void>;
  /**
   * `payable → paid` (with the payout's id) for `earnings`, adding them to the payout, in one transaction: `false`
   * when one of them is no longer payable (a dispute held it meanwhile); nothing is written then.
   */
  addToPayout(payout: Payout, earnings: readonly Earnings[], now: Date): Promise<boolean>;
  /**
   * `creating → scheduled`: the payout's ledger entry and counters, the provider's payout id. Conditional on the
   * payout still `creating` (`false` otherwise).
   */
  schedulePayout(
    payout: Payout,
    entry: LedgerEntry,
    gatewayPayoutId: string | null,
    arrivalDate: string | null,
    now: Date,
  ): Promise<boolean>;
  /** `scheduled → paid`; `false` when it is not scheduled (a duplicate or late event). */
  markPayoutPaid(payoutId: string, arrivalDate: string | null, now: Date): Promise<boolean>;
  /**
   * `creating|scheduled → failed` with the bank's message; its earnings go back to `payable` and `entry` (for a
   * scheduled payout) gives the amount back to the host. `false` when another writer changed it first.
   */
  failPayout(payout: Payout, failureMessage: string, entry: LedgerEntry | null, now: Date): Promise<boolean>;
  getPayout(id: string): Promise<Payout | null>;
  /** Payouts still `creating` (a job that stopped midway), oldest first. */
  listCreatingPayouts(limit: number): Promise<Payout[]>;
  /** A host's payouts, newest first; `from`/`to` (ISO instants, both included) keep those made in between. */
  listHostPayouts(hostId: string, page: PageRequest & { from?: string; to?: string }): Promise<Page<Payout>>;
  listPayouts(filter: { status?: PayoutStatus } & PageRequest): Promise<Page<Payout>>;
  /** A host's ledger entries, oldest first (statements, checks). */
  listHostEntries(
    hostId: string,
    page: PageRequest & { from?: string; to?: string },
  ): Promise<Page<LedgerEntry>>;
  /** The ledger entries of a Tokyo month (`yyyy-MM`) across the marketplace, oldest first (reconciliation). */
  listEntriesOfMonth(month: string, page: PageRequest): Promise<Page<LedgerEntry>>;
}

/** What the provider answers of a payout. */
export interface GatewayPayout {
  id: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  /** `yyyy-MM-dd` (Tokyo) the bank should credit it. */
  arrivalDate: string | null;
  failureMessage: string | null;
}

/** A dispute as the provider sees it now (`open` while it is being decided; `warning_closed` counts as won). */
export interface GatewayDispute {
  id: string;
  status: 'open' | 'won' | 'lost';
  paymentIntentId: string | null;
}

/** The provider's Connect calls (Stripe's accounts, account links, payouts, transfer reversals). */
export interface ConnectGateway {
  /**
   * A connected account for the host (controller properties: Stripe collects the requirements, Express dashboard,
   * the platform pays the fees and bears the losses; JP; card payments and transfers; manual payouts). Idempotent
   * per host.
   */
  createConnectedAccount(input: {
    hostId: string;
    email: string;
    businessName: string;
  }): Promise<ConnectedAccountView>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccountView>;
  /** A hosted onboarding link (single use, expires in minutes). */
  createOnboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }>;
  /** A payout of the account's balance to its bank, idempotent per `payoutId`. */
  createPayout(input: { accountId: string; amount: number; payoutId: string }): Promise<GatewayPayout>;
  /** The dispute's current state (events about it are hints and may come out of order). */
  retrieveDispute(disputeId: string): Promise<GatewayDispute>;
  /** Takes `amount` of the host's share of the booking's charge back (a lost dispute), idempotent per booking. */
  reverseTransfer(input: {
    paymentIntentId: string;
    bookingId: string;
    amount: number;
  }): Promise<{ id: string }>;
}
