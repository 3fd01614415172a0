/**
 * The outbox sender (DESIGN §4f): delivers mail items written by the state changes that caused them. Each mail is
 * claimed first (a conditional update: at most one sender holds it), then handed to the mailer, then recorded as
 * sent; a failed attempt is tried again later with exponential backoff, and after the last one the mail is
 * `failed` for an admin to see and resend. Run by the table's stream for new mails (`deliver`), on a schedule for
 * retries (`sendDue`), and by the admin's resend.
 */
import { MAIL_CLAIM_LEASE_MS, MAX_MAIL_ATTEMPTS, afterFailedAttempt } from '../domain/mail-delivery';
import { errorFields } from './console-logger';
import type { Logger, MailOutbox, Mailer, StoredMail } from './ports';

export interface SendMailsDeps {
  outbox: MailOutbox;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  maxAttempts?: number;
  /** Mails per scheduled run. */
  batchSize?: number;
}

/** What one run did. `skipped`: not due, or another sender had it. */
export interface SendMailsResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

type Outcome = keyof SendMailsResult;

const DEFAULT_BATCH = 100;

/** The error as an admin reads it: the SDK's name and message (never the mail's content). */
function failureReason(e: unknown): { name: string | undefined; text: string } {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  const name = cause instanceof Error ? cause.name : undefined;
  const message = e instanceof Error ? e.message : String(e);
  return { name, text: message.slice(0, 500) };
}

export function makeSendMails(deps: SendMailsDeps) {
  const maxAttempts = deps.maxAttempts ?? MAX_MAIL_ATTEMPTS;

  async function deliverOne(mail: StoredMail): Promise<Outcome> {
    const now = deps.clock();
    const claim = await deps.outbox.claim(mail.id, now, new Date(now.getTime() + MAIL_CLAIM_LEASE_MS));
    if (!claim) return 'skipped';
    const { attempts } = claim.mail;
    try {
      await deps.mailer.send({
        to: claim.mail.to,
        subject: claim.mail.subject,
        text: claim.mail.text,
        html: claim.mail.html,
        ...(claim.mail.replyTo ? { replyTo: claim.mail.replyTo } : {}),
        attachments: claim.mail.attachments,
        ...(claim.mail.calendar ? { calendar: claim.mail.calendar } : {}),
      });
    } catch (e) {
      const reason = failureReason(e);
      const at = deps.clock();
      const decision = afterFailedAttempt(attempts, at, reason.name, maxAttempts);
      const context = {
        mailId: mail.id,
        kind: mail.kind,
        bookingId: mail.bookingId,
        attempts,
        ...errorFields(e),
      };
      if (decision.outcome === 'retry') {
        await deps.outbox.markRetry(claim, at, decision.nextAttemptAt, reason.text);
        deps.logger.warn('Mail not sent; will retry', { ...context, nextAttemptAt: decision.nextAttemptAt });
        return 'retrying';
      }
      await deps.outbox.markFailed(claim, at, reason.text);
      // The alarm's metric filter matches this message (lib/monitoring-construct.ts).
      deps.logger.error('Mail failed', { ...context, reason: decision.reason, mailFailed: 1 });
      return 'failed';
    }
    if (!(await deps.outbox.markSent(claim, deps.clock()))) {
      deps.logger.warn('Mail sent after its claim ran out', { mailId: mail.id, kind: mail.kind });
    }
    return 'sent';
  }

  async function run(mails: (StoredMail | null)[]): Promise<SendMailsResult> {
    const result: SendMailsResult = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    for (const mail of mails) {
      if (!mail) {
        result.skipped++;
        continue;
      }
      try {
        result[await deliverOne(mail)]++;
      } catch (e) {
        // A storage error on this mail: it stays due (or its claim runs out) and the next run takes it.
        deps.logger.error('Mail delivery interrupted', { mailId: mail.id, ...errorFields(e) });
        result.skipped++;
      }
    }
    return result;
  }

  return {
    /** Every mail due now (new, retry time reached, or abandoned by a sender that died). */
    async sendDue(): Promise<SendMailsResult> {
      return run(await deps.outbox.listDue(deps.clock(), deps.batchSize ?? DEFAULT_BATCH));
    },
    /** These mails (just written, or requeued), each if it is still due. */
    async deliver(ids: readonly string[]): Promise<SendMailsResult> {
      return run(await Promise.all([...new Set(ids)].map((id) => deps.outbox.get(id))));
    },
  };
}

export type SendMails = ReturnType<typeof makeSendMails>;
