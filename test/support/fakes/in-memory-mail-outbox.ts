/**
 * The mail outbox in memory, with the DynamoDB adapter's rules: a claim is conditional (due, not sent, not
 * failed) and only the claim's token records the outcome; requeue only from `failed`. Copies out, as a read would.
 */
import { randomUUID } from 'node:crypto';
import { mailOutboxMessages, newStoredMail } from '../../../functions/adapters/dynamodb/mail-outbox';
import { DomainError } from '../../../functions/domain/errors';
import type {
  MailClaim,
  MailOutbox,
  OutboxMail,
  Page,
  PageRequest,
  StoredMail,
} from '../../../functions/use-cases/ports';

export class InMemoryMailOutbox implements MailOutbox {
  readonly items = new Map<string, StoredMail & { token?: string }>();

  /** What a repository's transaction does with the mails it carries. */
  add(mails: OutboxMail[] | undefined, now: Date): void {
    for (const mail of mails ?? []) {
      if (this.items.has(mail.id)) throw new Error(`mail ${mail.id} exists`);
      this.items.set(mail.id, newStoredMail(structuredClone(mail), now));
    }
  }

  all(): StoredMail[] {
    return [...this.items.values()].map(copy);
  }

  async listDue(now: Date, limit: number): Promise<StoredMail[]> {
    return [...this.items.values()]
      .filter((m) => isDue(m, now))
      .sort((a, b) => (a.nextAttemptAt ?? '').localeCompare(b.nextAttemptAt ?? ''))
      .slice(0, limit)
      .map(copy);
  }

  async get(id: string): Promise<StoredMail | null> {
    const m = this.items.get(id);
    return m ? copy(m) : null;
  }

  async claim(id: string, now: Date, leaseUntil: Date): Promise<MailClaim | null> {
    const m = this.items.get(id);
    if (!m || !isDue(m, now)) return null;
    const token = randomUUID();
    Object.assign(m, {
      status: 'sending',
      attempts: m.attempts + 1,
      nextAttemptAt: leaseUntil.toISOString(),
      token,
      updatedAt: now.toISOString(),
    });
    return { mail: copy(m), token };
  }

  async markSent(claim: MailClaim, now: Date): Promise<boolean> {
    return this.settle(claim, now, { status: 'sent', sentAt: now.toISOString(), nextAttemptAt: null });
  }

  async markRetry(claim: MailClaim, now: Date, nextAttemptAt: Date, error: string): Promise<boolean> {
    return this.settle(claim, now, {
      status: 'pending',
      lastError: error,
      nextAttemptAt: nextAttemptAt.toISOString(),
    });
  }

  async markFailed(claim: MailClaim, now: Date, error: string): Promise<boolean> {
    return this.settle(claim, now, {
      status: 'failed',
      lastError: error,
      failedAt: now.toISOString(),
      nextAttemptAt: null,
    });
  }

  async listFailed(page?: PageRequest): Promise<Page<StoredMail>> {
    const failed = [...this.items.values()]
      .filter((m) => m.status === 'failed')
      .sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
    return { items: failed.slice(0, page?.limit ?? 20).map(copy) };
  }

  async requeue(id: string, now: Date): Promise<StoredMail> {
    const m = this.items.get(id);
    if (!m) throw new DomainError('not_found', mailOutboxMessages.notFound);
    if (m.status !== 'failed') throw new DomainError('state_conflict', mailOutboxMessages.notFailed);
    const at = now.toISOString();
    Object.assign(m, { status: 'pending', attempts: 0, nextAttemptAt: at, updatedAt: at, failedAt: null });
    return copy(m);
  }

  private settle(claim: MailClaim, now: Date, change: Partial<StoredMail>): boolean {
    const m = this.items.get(claim.mail.id);
    if (!m || m.status !== 'sending' || m.token !== claim.token) return false;
    Object.assign(m, change, { updatedAt: now.toISOString() });
    delete m.token;
    return true;
  }
}

function isDue(m: StoredMail, now: Date): boolean {
  return (
    (m.status === 'pending' || m.status === 'sending') &&
    m.nextAttemptAt !== null &&
    m.nextAttemptAt <= now.toISOString()
  );
}

function copy(m: StoredMail & { token?: string }): StoredMail {
  const { token: _token, ...mail } = structuredClone(m);
  return mail;
}
