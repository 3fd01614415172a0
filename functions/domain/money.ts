/**
 * The marketplace's money (DESIGN §4g): the platform fee, how a refund or a lost dispute splits between the host's
 * share and the platform's fee, when a booking's earnings become payable, and the double-entry ledger entries every
 * money event writes. Pure: integer yen only (no floating point reaches an amount), time passed in.
 *
 * Stripe's arithmetic, which ours must match to the yen so that the ledger and the connected accounts agree:
 * - destination charge of C with `application_fee_amount` F: the host's account receives C − F;
 * - a refund R with `reverse_transfer` and `refund_application_fee`: Stripe reverses the transfer and refunds the
 *   application fee in proportion to the refund; the fee's part is rounded down and the host's part is the rest,
 *   so the two always add up to R.
 */
import * as z from 'zod';
import { addHours } from './calendar';
import { DomainError } from './errors';

/** Whole percent of each charge the platform keeps unless an admin agreed another with the host. */
export const DEFAULT_COMMISSION_PERCENT = 15;
export const MAX_COMMISSION_PERCENT = 50;

export const COMMISSION_MESSAGE = `手数料率は0〜${MAX_COMMISSION_PERCENT}の整数（%）で入力してください。`;
export const commissionPercentSchema = z
  .number({ error: COMMISSION_MESSAGE })
  .int({ error: COMMISSION_MESSAGE })
  .min(0, { error: COMMISSION_MESSAGE })
  .max(MAX_COMMISSION_PERCENT, { error: COMMISSION_MESSAGE });

/** Hours after a tour's scheduled end before its earnings may be paid out (time for complaints and disputes). */
export const PAYABLE_AFTER_TOUR_HOURS = 48;

/** `⌊a × b / c⌋` exactly, in integers (every product here stays below 2^53). */
function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  return (product - (product % c)) / c;
}

function assertYen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of yen ≥ 0, got ${value}`);
  }
}

/** The platform fee of a charge: `percent` of it, rounded down to the yen. */
export function platformFeeOf(charge: number, percent: number): number {
  assertYen(charge, 'charge');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number 0–100, got ${percent}`);
  }
  return mulDivFloor(charge, percent, 100);
}

export interface RefundSplit {
  /** What goes back to the guest. */
  refund: number;
  /** Taken from the platform's fee (Stripe's application-fee refund). */
  fromFee: number;
  /** Taken from the host's share (Stripe's transfer reversal). */
  fromHost: number;
}

/**
 * How a refund of `refund` yen of a charge of `charge` with fee `fee` splits: the fee's part in proportion,
 * rounded down; the rest from the host. A whole refund therefore returns the whole fee.
 */
export function refundSplit(charge: number, fee: number, refund: number): RefundSplit {
  assertYen(charge, 'charge');
  assertYen(fee, 'fee');
  assertYen(refund, 'refund');
  if (fee > charge) throw new RangeError(`fee ${fee} exceeds charge ${charge}`);
  if (refund > charge) throw new RangeError(`refund ${refund} exceeds charge ${charge}`);
  if (refund === 0 || charge === 0) return { refund, fromFee: 0, fromHost: refund };
  const fromFee = mulDivFloor(refund, fee, charge);
  return { refund, fromFee, fromHost: refund - fromFee };
}

/** Earnings of one booking: `upcoming` until payable, `payable`, `on_hold` (a dispute), `paid` (in a payout). */
export const earningsStatuses = ['upcoming', 'payable', 'on_hold', 'paid'] as const;
export type EarningsStatus = (typeof earningsStatuses)[number];
export const earningsStatusSchema = z.enum(earningsStatuses);

/** Payouts as the contract names them (a payout being created internally still reads `scheduled`). */
export const payoutStatuses = ['scheduled', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutStatusSchema = z.enum(payoutStatuses);

/** A booking's earnings: what the host keeps of its charge, and where it stands. */
export interface Earnings {
  bookingId: string;
  hostId: string;
  reference: string;
  experienceTitle: string;
  /** Tokyo date and start of the tour. */
  tourDate: string;
  tourTime: string;
  /** What the guest was charged. */
  gross: number;
  /** The platform's fee as it stands (what is left of it after fee refunds). */
  platformFee: number;
  /** Given back to the guest so far (refunds and lost disputes). */
  refunded: number;
  /** What the host keeps: gross − platformFee − refunded (= gross − the original fee − the host's part of refunds). */
  net: number;
  status: EarningsStatus;
  /** When the earnings become payable (48 h after the tour's scheduled end). */
  payableAt: string;
  /** The payout that paid them. */
  payoutId: string | null;
  /** An open or closed dispute of the charge. */
  dispute: { id: string; status: 'open' | 'won' | 'lost' } | null;
  createdAt: string;
  updatedAt: string;
}

/** The fee and net of a fresh capture. */
export function captureSplit(
  charge: number,
  fee: number,
): { gross: number; platformFee: number; net: number } {
  assertYen(charge, 'charge');
  assertYen(fee, 'fee');
  if (fee > charge) throw new RangeError(`fee ${fee} exceeds charge ${charge}`);
  return { gross: charge, platformFee: fee, net: charge - fee };
}

export function payableAtFor(tourEnd: Date): string {
  return addHours(tourEnd, PAYABLE_AFTER_TOUR_HOURS).toISOString();
}

/** The earnings after a refund of `split` (a booking can be refunded more than once: a retry, a dispute). */
export function earningsAfterRefund(earnings: Earnings, split: RefundSplit, now: Date): Earnings {
  if (split.fromFee > earnings.platformFee || split.refund > earnings.gross - earnings.refunded) {
    throw new DomainError('state_conflict', `Refund of ${split.refund} exceeds what is left of the charge`);
  }
  const net = earnings.net - split.fromHost;
  return {
    ...earnings,
    platformFee: earnings.platformFee - split.fromFee,
    refunded: earnings.refunded + split.refund,
    net,
    updatedAt: now.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The ledger: append-only, balanced entries in integer yen between named accounts.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Accounts, from the marketplace's point of view. A line's amount is what moves INTO the account (negative: out of
 * it). `guest_payments` is where charges come from (its balance is minus what was collected), `refunds` and
 * `disputes` where money given back to guests goes, `payouts` where money paid to hosts' banks goes, `host:<id>`
 * what a host is owed, `platform_fees` what the platform earned.
 */
export const ledgerAccounts = {
  guestPayments: 'guest_payments',
  platformFees: 'platform_fees',
  refunds: 'refunds',
  disputes: 'disputes',
  payouts: 'payouts',
  host: (hostId: string) => `host:${hostId}`,
} as const;

export const ledgerEntryKinds = [
  'capture',
  'refund',
  'payout',
  'payout_failed',
  'dispute_lost',
  'adjustment',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export interface LedgerLine {
  account: string;
  amount: number;
}

export interface LedgerEntry {
  /** Deterministic per money event (`capture:<booking>`…): writing it twice is refused by the store. */
  id: string;
  kind: LedgerEntryKind;
  hostId: string;
  bookingId: string | null;
  payoutId: string | null;
  /** The gateway's object: payment intent, refund, payout, dispute. */
  gatewayId: string | null;
  lines: LedgerLine[];
  createdAt: string;
}

/** Every entry balances: its lines sum to zero (and each is a whole number of yen). */
export function assertBalanced(entry: Pick<LedgerEntry, 'id' | 'lines'>): void {
  let sum = 0;
  for (const line of entry.lines) {
    if (!Number.isSafeInteger(line.amount)) {
      throw new RangeError(`Ledger entry ${entry.id}: ${line.account} is not whole yen (${line.amount})`);
    }
    sum += line.amount;
  }
  if (sum !== 0) throw new RangeError(`Ledger entry ${entry.id} does not balance (sum ${sum})`);
}

function entry(fields: Omit<LedgerEntry, 'lines'>, lines: LedgerLine[]): LedgerEntry {
  const made = { ...fields, lines: lines.filter((l) => l.amount !== 0) };
  assertBalanced(made);
  return made;
}

interface BookingMoneyRef {
  bookingId: string;
  hostId: string;
}

export function captureEntry(
  ref: BookingMoneyRef & { paymentIntentId: string | null },
  charge: number,
  fee: number,
  now: Date,
): LedgerEntry {
  const split = captureSplit(charge, fee);
  return entry(
    {
      id: `capture:${ref.bookingId}`,
      kind: 'capture',
      hostId: ref.hostId,
      bookingId: ref.bookingId,
      payoutId: null,
      gatewayId: ref.paymentIntentId,
      createdAt: now.toISOString(),
    },
    [
      { account: ledgerAccounts.guestPayments, amount: -charge },
      { account: ledgerAccounts.platformFees, amount: split.platformFee },
      { account: ledgerAccounts.host(ref.hostId), amount: split.net },
    ],
  );
}

/** A refund: what goes back, taken from the fee and the host's share as `split` says. `n`: the booking's n-th refund. */
export function refundEntry(
  ref: BookingMoneyRef & { refundId: string | null },
  split: RefundSplit,
  now: Date,
  n = 1,
): LedgerEntry {
  return entry(
    {
      id: n === 1 ? `refund:${ref.bookingId}` : `refund:${ref.bookingId}:${n}`,
      kind: 'refund',
      hostId: ref.hostId,
      bookingId: ref.bookingId,
      payoutId: null,
      gatewayId: ref.refundId,
      createdAt: now.toISOString(),
    },
    [
      { account: ledgerAccounts.refunds, amount: split.refund },
      { account: ledgerAccounts.platformFees, amount: -split.fromFee },
      { account: ledgerAccounts.host(ref.hostId), amount: -split.fromHost },
    ],
  );
}

/** A lost dispute: the rest of the charge went back to the card holder; the host's share and the fee give it. */
export function disputeLostEntry(
  ref: BookingMoneyRef & { disputeId: string },
  split: RefundSplit,
  now: Date,
): LedgerEntry {
  return entry(
    {
      id: `dispute_lost:${ref.bookingId}`,
      kind: 'dispute_lost',
      hostId: ref.hostId,
      bookingId: ref.bookingId,
      payoutId: null,
      gatewayId: ref.disputeId,
      createdAt: now.toISOString(),
    },
    [
      { account: ledgerAccounts.disputes, amount: split.refund },
      { account: ledgerAccounts.platformFees, amount: -split.fromFee },
      { account: ledgerAccounts.host(ref.hostId), amount: -split.fromHost },
    ],
  );
}

/** A payout to the host's bank: out of what the host is owed. */
export function payoutEntry(
  payout: { id: string; hostId: string },
  gatewayPayoutId: string | null,
  amount: number,
  now: Date,
): LedgerEntry {
  return entry(
    {
      id: `payout:${payout.id}`,
      kind: 'payout',
      hostId: payout.hostId,
      bookingId: null,
      payoutId: payout.id,
      gatewayId: gatewayPayoutId,
      createdAt: now.toISOString(),
    },
    [
      { account: ledgerAccounts.host(payout.hostId), amount: -amount },
      { account: ledgerAccounts.payouts, amount },
    ],
  );
}

/** A failed payout gives the host's money back to the host's balance. */
export function payoutFailedEntry(
  payout: { id: string; hostId: string; gatewayPayoutId: string | null },
  amount: number,
  now: Date,
): LedgerEntry {
  return entry(
    {
      id: `payout_failed:${payout.id}`,
      kind: 'payout_failed',
      hostId: payout.hostId,
      bookingId: null,
      payoutId: payout.id,
      gatewayId: payout.gatewayPayoutId,
      createdAt: now.toISOString(),
    },
    [
      { account: ledgerAccounts.host(payout.hostId), amount },
      { account: ledgerAccounts.payouts, amount: -amount },
    ],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Counters: balances are kept as counters, moved in the same transaction as the entry (never summed on request).
// ---------------------------------------------------------------------------------------------------------------

/** The marketplace's totals (`GET /api/admin/ledger/summary`; `owedToHosts` = hostEarnings − paidOut). */
export const marketTotalNames = [
  'collected',
  'refunded',
  'platformFees',
  'hostEarnings',
  'paidOut',
  'onHold',
] as const;
export type MarketTotals = Record<(typeof marketTotalNames)[number], number>;

/**
 * A host's totals. `earned`, `reversed`, `paidOut`, `balance` follow the ledger (earned − reversed − paidOut =
 * balance); `upcoming`, `payable`, `onHold` are the nets of the host's earnings in each status.
 */
export const hostTotalNames = [
  'earned',
  'reversed',
  'paidOut',
  'balance',
  'upcoming',
  'payable',
  'onHold',
] as const;
export type HostTotals = Record<(typeof hostTotalNames)[number], number>;

export interface TotalsDelta {
  market: Partial<MarketTotals>;
  host: Partial<HostTotals>;
}

const bucketOf = (status: EarningsStatus): keyof HostTotals | null =>
  status === 'upcoming'
    ? 'upcoming'
    : status === 'payable'
      ? 'payable'
      : status === 'on_hold'
        ? 'onHold'
        : null;

function addTo<K extends string>(target: Partial<Record<K, number>>, key: K, amount: number): void {
  if (amount === 0) return;
  target[key] = (target[key] ?? 0) + amount;
}

/**
 * The counter moves of an earnings change (`before` null: created) together with the ledger entry that caused it
 * (if any). The status buckets follow the earnings' net; the ledger totals follow the entry's lines.
 */
export function totalsDelta(
  before: Pick<Earnings, 'status' | 'net'> | null,
  after: Pick<Earnings, 'status' | 'net'> | null,
  ledger: LedgerEntry | null,
): TotalsDelta {
  const delta: TotalsDelta = { market: {}, host: {} };
  const from = before ? bucketOf(before.status) : null;
  const to = after ? bucketOf(after.status) : null;
  if (before && from) addTo(delta.host, from, -before.net);
  if (after && to) addTo(delta.host, to, after.net);
  if (before && before.status === 'on_hold') addTo(delta.market, 'onHold', -before.net);
  if (after && after.status === 'on_hold') addTo(delta.market, 'onHold', after.net);
  if (ledger) {
    for (const line of ledger.lines) {
      if (line.account === ledgerAccounts.guestPayments) addTo(delta.market, 'collected', -line.amount);
      else if (line.account === ledgerAccounts.refunds || line.account === ledgerAccounts.disputes)
        addTo(delta.market, 'refunded', line.amount);
      else if (line.account === ledgerAccounts.platformFees) addTo(delta.market, 'platformFees', line.amount);
      else if (line.account === ledgerAccounts.payouts) {
        addTo(delta.market, 'paidOut', line.amount);
        addTo(delta.host, 'paidOut', line.amount);
      } else if (line.account.startsWith('host:')) {
        addTo(
          delta.market,
          'hostEarnings',
          ledger.kind === 'payout' || ledger.kind === 'payout_failed' ? 0 : line.amount,
        );
        addTo(delta.host, 'balance', line.amount);
        if (ledger.kind === 'capture') addTo(delta.host, 'earned', line.amount);
        else if (ledger.kind === 'refund' || ledger.kind === 'dispute_lost')
          addTo(delta.host, 'reversed', -line.amount);
      }
    }
  }
  return delta;
}

/** The summary the admin reads, from the marketplace counters. */
export function ledgerSummary(totals: MarketTotals) {
  return {
    collected: totals.collected,
    refunded: totals.refunded,
    platformFees: totals.platformFees,
    hostEarnings: totals.hostEarnings,
    paidOut: totals.paidOut,
    owedToHosts: totals.hostEarnings - totals.paidOut,
    onHold: totals.onHold,
  };
}

/** The totals a host sees: the status buckets, what was paid out, and the ledger balance. */
export function hostEarningsTotals(totals: HostTotals) {
  return {
    upcoming: totals.upcoming,
    payable: totals.payable,
    onHold: totals.onHold,
    paid: totals.paidOut,
    balance: totals.balance,
  };
}

/**
 * What a payout of the host's `payableNet` may pay: the payable earnings, less any debt the host's balance carries
 * (a share taken back after an earlier payout, e.g. a lost dispute), which later earnings repay.
 */
export function payoutAmount(
  totals: Pick<HostTotals, 'balance' | 'upcoming' | 'payable' | 'onHold'>,
  payableNet: number,
): number {
  const debt = Math.min(0, totals.balance - totals.upcoming - totals.payable - totals.onHold);
  return Math.max(0, payableNet + debt);
}
