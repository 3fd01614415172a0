/**
 * The guests' cancellation codes in memory, as `DynamoCancelCodeStore` keeps them: one per booking, a new one
 * replaces it, its mail written to the same outbox as the repositories' mails.
 */
import type { CancelCodeStore, StoredCancelCode } from '../../../functions/use-cases/guest-cancellation';
import type { OutboxMail } from '../../../functions/use-cases/ports';
import type { InMemoryMailOutbox } from './in-memory-mail-outbox';

export class InMemoryCancelCodeStore implements CancelCodeStore {
  readonly codes = new Map<string, StoredCancelCode & { wrongTries: number; usedAt: string | null }>();

  constructor(private readonly outbox: InMemoryMailOutbox) {}

  async issue(code: StoredCancelCode, mail: OutboxMail, now: Date): Promise<void> {
    this.codes.set(code.bookingId, { ...code, wrongTries: 0, usedAt: null });
    this.outbox.add([mail], now);
  }

  async redeem(bookingId: string, codeHash: string, now: Date, maxWrong: number) {
    const code = this.codes.get(bookingId);
    const live =
      code &&
      code.usedAt === null &&
      Date.parse(code.validUntil) > now.getTime() &&
      code.wrongTries < maxWrong;
    if (!live) return 'invalid' as const;
    if (code.codeHash === codeHash) {
      code.usedAt = now.toISOString();
      return 'used' as const;
    }
    code.wrongTries += 1;
    return 'invalid' as const;
  }
}
