/**
 * In-memory payout profiles and money for the use-case tests: every host has an enabled payout account unless a
 * test says otherwise (`setAccount`), and the money a booking transition moves is kept (earnings and balanced
 * entries) so a test can read it. The payout job, the earnings lists and the counters are tested against
 * DynamoDB Local (`test/integration`), not here: those methods say so if a use-case test reaches them.
 */
import {
  DEFAULT_COMMISSION_PERCENT,
  assertBalanced,
  type Earnings,
  type LedgerEntry,
} from '../../../functions/domain/money';
import type { PayoutAccount } from '../../../functions/domain/payout-account';
import type {
  MoneyRepository,
  MoneyWrite,
  PayoutHold,
  PayoutProfile,
  PayoutProfileRepository,
} from '../../../functions/use-cases/money-ports';

const copy = <T>(value: T): T => structuredClone(value);

export const enabledTestAccount = (hostId: string): PayoutAccount => ({
  accountId: `acct_test_${hostId}`,
  status: 'enabled',
  requirements: [],
  chargesEnabled: true,
  payoutsEnabled: true,
  bankLast4: '4321',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

export class InMemoryPayoutProfiles implements PayoutProfileRepository {
  private readonly profiles = new Map<string, PayoutProfile>();

  /** Overrides the enabled account every host starts with (`null`: none). */
  setAccount(hostId: string, account: PayoutAccount | null): void {
    this.profiles.set(hostId, { ...this.profile(hostId), account });
  }

  private profile(hostId: string): PayoutProfile {
    return (
      this.profiles.get(hostId) ?? {
        hostId,
        commissionPercent: DEFAULT_COMMISSION_PERCENT,
        account: enabledTestAccount(hostId),
        hold: null,
      }
    );
  }

  async get(hostId: string): Promise<PayoutProfile> {
    return copy(this.profile(hostId));
  }
  async getMany(hostIds: readonly string[]): Promise<Map<string, PayoutProfile>> {
    return new Map(hostIds.map((id) => [id, copy(this.profile(id))]));
  }
  async setCommission(hostId: string, percent: number): Promise<PayoutProfile> {
    this.profiles.set(hostId, { ...this.profile(hostId), commissionPercent: percent });
    return copy(this.profile(hostId));
  }
  async attachAccount(hostId: string, account: PayoutAccount): Promise<PayoutAccount> {
    const current = this.profile(hostId).account;
    if (current) return copy(current);
    this.setAccount(hostId, account);
    return copy(account);
  }
  async updateAccount(hostId: string, account: PayoutAccount): Promise<boolean> {
    if (this.profile(hostId).account?.accountId !== account.accountId) return false;
    this.setAccount(hostId, account);
    return true;
  }
  async hostOfAccount(accountId: string): Promise<string | null> {
    for (const p of this.profiles.values()) if (p.account?.accountId === accountId) return p.hostId;
    return accountId.startsWith('acct_test_') ? accountId.slice('acct_test_'.length) : null;
  }
  async hold(hostId: string, hold: PayoutHold): Promise<PayoutHold> {
    this.profiles.set(hostId, { ...this.profile(hostId), hold });
    return copy(hold);
  }
  async release(hostId: string): Promise<void> {
    this.profiles.set(hostId, { ...this.profile(hostId), hold: null });
  }
  async listHeld() {
    return [...this.profiles.values()]
      .filter((p) => p.hold)
      .map((p) => ({ hostId: p.hostId, hold: p.hold! }));
  }
  async holdLog() {
    return [];
  }
}

const notInTheFake = (name: string) => () => {
  throw new Error(`InMemoryMoney.${name} is tested against DynamoDB Local, not in the use-case fake`);
};

export class InMemoryMoney implements MoneyRepository {
  readonly earnings = new Map<string, Earnings>();
  readonly entries = new Map<string, LedgerEntry>();

  /** What a transaction with `write` does to the money: refused whole when the earnings changed or the entry exists. */
  apply(write: MoneyWrite): boolean {
    const current = this.earnings.get(write.after.bookingId) ?? null;
    if (JSON.stringify(current) !== JSON.stringify(write.before)) return false;
    if (write.entry && this.entries.has(write.entry.id)) return false;
    if (write.entry) {
      assertBalanced(write.entry);
      this.entries.set(write.entry.id, copy(write.entry));
    }
    this.earnings.set(write.after.bookingId, copy(write.after));
    return true;
  }

  async earningsOf(bookingId: string): Promise<Earnings | null> {
    const e = this.earnings.get(bookingId);
    return e ? copy(e) : null;
  }
  async applyMoney(write: MoneyWrite): Promise<boolean> {
    return this.apply(write);
  }
  listHostEarnings = notInTheFake('listHostEarnings');
  hostTotals = notInTheFake('hostTotals');
  marketTotals = notInTheFake('marketTotals');
  listDue = notInTheFake('listDue');
  mature = notInTheFake('mature');
  listPayable = notInTheFake('listPayable');
  lockHostPayouts = notInTheFake('lockHostPayouts');
  unlockHostPayouts = notInTheFake('unlockHostPayouts');
  createPayout = notInTheFake('createPayout');
  addToPayout = notInTheFake('addToPayout');
  schedulePayout = notInTheFake('schedulePayout');
  markPayoutPaid = notInTheFake('markPayoutPaid');
  failPayout = notInTheFake('failPayout');
  getPayout = notInTheFake('getPayout');
  listCreatingPayouts = notInTheFake('listCreatingPayouts');
  listHostPayouts = notInTheFake('listHostPayouts');
  listPayouts = notInTheFake('listPayouts');
  listHostEntries = notInTheFake('listHostEntries');
  listEntriesOfMonth = notInTheFake('listEntriesOfMonth');
}
