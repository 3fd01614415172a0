/**
 * The payout job (DESIGN §4g; daily in AWS, `POST /api/local-jobs/pay-hosts` locally). Each run:
 * 1. finishes payouts a stopped run left `creating`;
 * 2. makes due earnings payable (48 h after the tour's scheduled end, no dispute, no refund owed);
 * 3. pays each host, in one payout, everything payable, unless the host's payouts are held or the host's account
 *    cannot be paid out to.
 *
 * A host is paid under a lock (one run at a time per host), and every earnings is moved `payable → paid` by a
 * conditional write together with the payout's total: two runs at once make one payout, and a dispute that holds
 * an earnings meanwhile keeps it out. The payout's ledger entry is written when the provider accepted the payout;
 * a refusal (an empty balance) or a later `payout.failed` gives the earnings back to payable.
 */
import { payoutAmount, payoutEntry } from '../../domain/money';
import type { Earnings } from '../../domain/money';
import { errorFields } from '../console-logger';
import type { MoneyRepository, Payout, PayoutProfileRepository } from '../money-ports';
import type { JobProgress, JobRunOptions } from '../due-work-ports';
import type { Logger, PaymentGateway } from '../ports';

/**
 * The cursor a stopped run hands on (issue 33). Due earnings leave `EARNINGS#DUE` when they become payable and
 * payable ones leave `EARNINGS#PAYABLE` when paid, so the next invocation simply starts again: it reads only what
 * is still due.
 */
export const PAY_HOSTS_AGAIN = 'again';

/** How long one run may hold a host's lock (a payout of thousands of bookings takes seconds). */
export const PAYOUT_LOCK_MINUTES = 10;
/** Due earnings read per batch. */
export const MATURE_BATCH = 200;
/** Payable earnings one run reads at most (the rest: the next run, and the result says so). */
export const MAX_PAYABLE_READ = 100_000;

export interface PayHostsDeps {
  money: MoneyRepository;
  payoutProfiles: PayoutProfileRepository;
  payments: PaymentGateway;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** Items per transaction (10 on DynamoDB Local, 100 in AWS). */
  maxTransactionItems?: number;
}

export interface PayHostsResult extends JobProgress {
  /** Earnings made payable plus earnings paid out. */
  processed: number;
  matured: number;
  payouts: number;
  paidBookings: number;
  /** Yen paid out by this run. */
  amount: number;
  /** Payouts a stopped run had left half-made, finished now. */
  resumed: number;
  /** Hosts with payable earnings left unpaid, and why. */
  held: number;
  noAccount: number;
  /** Another run was paying the host at the same moment. */
  busy: number;
  /** The host's balance carries a debt larger than what is payable (later earnings repay it). */
  inDebt: number;
  /** Payouts the provider refused (the earnings stay payable for the next run). */
  failed: number;
  /** `false` when the run stopped before everything due was handled (see `reason`); the same as `finished`. */
  complete: boolean;
  reason?: string;
}

export function makePayHosts(deps: PayHostsDeps) {
  const perTransaction = Math.max(1, (deps.maxTransactionItems ?? 10) - 2);

  return async function payHosts(options: JobRunOptions = {}): Promise<PayHostsResult> {
    const stop = () => options.shouldStop?.() === true;
    const result: PayHostsResult = {
      processed: 0,
      read: 0,
      finished: true,
      matured: 0,
      payouts: 0,
      paidBookings: 0,
      amount: 0,
      resumed: 0,
      held: 0,
      noAccount: 0,
      busy: 0,
      inDebt: 0,
      failed: 0,
      complete: true,
    };
    const now = deps.clock();

    for (const payout of await deps.money.listCreatingPayouts(1000)) {
      if (await withLock(payout.hostId, () => submit(payout, result))) result.resumed++;
    }

    let stopped = false;
    for (let first = true; ; first = false) {
      if (!first && stop()) {
        stopped = true;
        break;
      }
      const due = await deps.money.listDue(now, MATURE_BATCH);
      result.read += due.length;
      if (due.length === 0) break;
      const matured = await deps.money.mature(due, now);
      result.matured += matured;
      // The rest of this batch cannot move now (a refund still owed): the next run tries them again.
      if (matured < due.length) break;
    }

    const payable = stopped ? [] : await deps.money.listPayable(MAX_PAYABLE_READ);
    result.read += payable.length;
    if (payable.length >= MAX_PAYABLE_READ) {
      result.complete = false;
      result.reason = `more than ${MAX_PAYABLE_READ} payable earnings; the rest are paid by the next run`;
    }
    const hostIds = [...new Set(payable.map((e) => e.hostId))];
    const profiles = await deps.payoutProfiles.getMany(hostIds);
    for (const hostId of hostIds) {
      if (stop()) {
        stopped = true;
        break;
      }
      const profile = profiles.get(hostId);
      if (profile?.hold) {
        result.held++;
        continue;
      }
      const account = profile?.account;
      if (!account?.payoutsEnabled) {
        result.noAccount++;
        continue;
      }
      const locked = await withLock(hostId, () => payHost(hostId, account.accountId, result));
      if (!locked) result.busy++;
    }
    result.processed = result.matured + result.paidBookings;
    if (stopped) {
      result.complete = false;
      result.reason ??= 'stopped by its time budget; the rest is handed on';
    }
    if (!result.complete) Object.assign(result, { finished: false, cursor: PAY_HOSTS_AGAIN });
    deps.logger.info('Payout run finished', { ...result });
    return result;
  };

  async function withLock(hostId: string, work: () => Promise<unknown>): Promise<boolean> {
    const token = deps.newId();
    const now = deps.clock();
    const until = new Date(now.getTime() + PAYOUT_LOCK_MINUTES * 60_000);
    if (!(await deps.money.lockHostPayouts(hostId, token, now, until))) return false;
    try {
      await work();
    } finally {
      await deps.money.unlockHostPayouts(hostId, token);
    }
    return true;
  }

  async function payHost(hostId: string, accountId: string, result: PayHostsResult): Promise<void> {
    // Read again under the lock: another run may have paid some of them a moment ago.
    const payable = await deps.money.listPayable(MAX_PAYABLE_READ, hostId);
    if (payable.length === 0) return;
    const totals = await deps.money.hostTotals(hostId);
    const payableNet = payable.reduce((s, e) => s + e.net, 0);
    const amount = payoutAmount(totals, payableNet);
    if (amount <= 0) {
      result.inDebt++;
      return;
    }
    const at = deps.clock().toISOString();
    const payout: Payout = {
      id: deps.newId(),
      hostId,
      amount: 0,
      earningsTotal: 0,
      debtOffset: amount - payableNet,
      status: 'creating',
      bookingIds: [],
      gatewayPayoutId: null,
      arrivalDate: null,
      failureMessage: null,
      createdAt: at,
      updatedAt: at,
    };
    await deps.money.createPayout(payout);
    for (let i = 0; i < payable.length; i += perTransaction) {
      await addAll(payout, payable.slice(i, i + perTransaction));
    }
    await submit(payout, result, accountId);
  }

  /** Adds the earnings to the payout; when one of them moved meanwhile, the others one by one. */
  async function addAll(payout: Payout, earnings: Earnings[]): Promise<void> {
    if (await deps.money.addToPayout(payout, earnings, deps.clock())) return;
    for (const one of earnings) {
      const current = await deps.money.earningsOf(one.bookingId);
      if (current?.status === 'payable') await deps.money.addToPayout(payout, [current], deps.clock());
    }
  }

  /** Asks the provider to pay the payout out and records it (`scheduled`, with its ledger entry). */
  async function submit(initial: Payout, result: PayHostsResult, accountId?: string): Promise<void> {
    const payout = await deps.money.getPayout(initial.id);
    if (!payout || payout.status !== 'creating') return;
    const amount = payout.earningsTotal + payout.debtOffset;
    const now = deps.clock();
    const destination = accountId ?? (await deps.payoutProfiles.get(payout.hostId)).account?.accountId;
    if (amount <= 0 || !destination) {
      await deps.money.failPayout(payout, '振込額がありません。', null, now);
      return;
    }
    let gatewayPayout;
    try {
      gatewayPayout = await deps.payments.createPayout({
        accountId: destination,
        amount,
        payoutId: payout.id,
      });
    } catch (e) {
      result.failed++;
      deps.logger.error('Payout refused by the provider; its earnings stay payable', {
        payoutId: payout.id,
        hostId: payout.hostId,
        amount,
        ...errorFields(e),
      });
      await deps.money.failPayout(payout, payoutRefusedMessage(e), null, deps.clock());
      return;
    }
    if (gatewayPayout.status === 'failed') {
      // Refused by the bank at once (the local gateway's failing accounts): nothing left the host's balance.
      result.failed++;
      await deps.money.failPayout(payout, payoutFailureMessage(gatewayPayout.failureMessage), null, now);
      return;
    }
    const scheduled = { ...payout, amount };
    const written = await deps.money.schedulePayout(
      scheduled,
      payoutEntry(scheduled, gatewayPayout.id, amount, now),
      gatewayPayout.id,
      gatewayPayout.arrivalDate,
      now,
    );
    // Not written: its `payout.paid` or `payout.failed` event was handled first and recorded it.
    const status = written ? 'scheduled' : (await deps.money.getPayout(payout.id))?.status;
    if (status === 'failed') {
      result.failed++;
    } else {
      result.payouts++;
      result.paidBookings += payout.bookingIds.length;
      result.amount += amount;
    }
  }
}

/** The bank's reason for a failed payout, as host and admin read it (Stripe's failure message after ours). */
export function payoutFailureMessage(providerMessage: string | null): string {
  const base = '振込に失敗しました。振込先の口座情報（金融機関・支店・口座番号・名義）をご確認ください。';
  return providerMessage ? `${base}（${providerMessage}）` : base;
}

/** What host and admin read of a payout the provider refused outright. */
function payoutRefusedMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/balance_insufficient|insufficient funds/i.test(message)) {
    return '決済アカウントの残高が不足しているため、振込できませんでした（返金・チャージバック後の残高不足）。';
  }
  return `振込を作成できませんでした: ${message}`;
}

export type PayHosts = ReturnType<typeof makePayHosts>;
