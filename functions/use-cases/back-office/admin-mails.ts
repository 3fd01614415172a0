/**
 * The admin's failed-mails screen (DESIGN §4f): mails the sender gave up on after the last retry, and the resend
 * that puts one back in the outbox (pending, fresh attempts) and delivers it at once.
 */
import type { FailedMailView, ResendResult } from '../../domain/mail-delivery';
import type { MailOutbox, Page, PageRequest, StoredMail } from '../ports';
import type { SendMails } from '../send-mails';

const viewOf = (m: StoredMail): FailedMailView => ({
  id: m.id,
  kind: m.kind,
  to: m.to,
  subject: m.subject,
  language: m.language,
  bookingId: m.bookingId ?? null,
  attempts: m.attempts,
  lastError: m.lastError,
  createdAt: m.createdAt,
  failedAt: m.failedAt,
});

export function makeAdminMails(deps: { outbox: MailOutbox; sendMails: SendMails; clock: () => Date }) {
  return {
    async listFailed(page?: PageRequest): Promise<Page<FailedMailView>> {
      const result = await deps.outbox.listFailed(page);
      return { ...result, items: result.items.map(viewOf) };
    },
    /** `not_found`, or `state_conflict` when the mail is not failed (already resent, or sent). */
    async resend(id: string): Promise<ResendResult> {
      const queued = await deps.outbox.requeue(id, deps.clock());
      await deps.sendMails.deliver([queued.id]);
      const current = (await deps.outbox.get(id)) ?? queued;
      return { mail: { ...viewOf(current), status: current.status } };
    },
  };
}

export type AdminMails = ReturnType<typeof makeAdminMails>;
