/**
 * The mail ports (DESIGN §4f; adapters: `adapters/mail/ses-mailer.ts`, `adapters/dynamodb/mail-outbox.ts`): a mail,
 * the mailer and the outbox. Split out of `ports.ts` (issue 33); `ports.ts` re-exports them.
 */
import type { GuestLocale } from '../domain/entities';
import type { MailStatus } from '../domain/mail-delivery';
import type { Page, PageRequest } from './ports';

/** A file sent with a mail (e.g. a calendar `.ics`). */
export interface MailAttachment {
  fileName: string;
  /** MIME type, e.g. `text/calendar; method=REQUEST`. */
  contentType: string;
  /** The file's bytes, base64-encoded (items and events carry text). */
  contentBase64: string;
}

/**
 * A calendar event a mail carries as an `.ics` file (DESIGN §4c). The use cases store this description with the
 * mail; the mailer makes the file when it sends (`adapters/mail/ics-file.ts`), so only the functions that send
 * mail carry the calendar library.
 */
export interface CalendarEvent {
  /** `REQUEST` with the approval, `CANCEL` (same `uid`) with a cancellation. */
  method: 'REQUEST' | 'CANCEL';
  /** One per booking, the same in every file about it: `<bookingId>@<site host>`. */
  uid: string;
  fileName: string;
  productId: string;
  title: string;
  description: string;
  location: string;
  geo: { lat: number; lon: number } | null;
  /** Instants (ISO-8601, UTC). */
  start: string;
  end: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Sent as one more attachment, `text/calendar`. */
  calendar?: CalendarEvent;
}

export interface Mailer {
  /** Sends one message; throws when the provider refuses it (callers decide whether that is fatal). */
  send(message: MailMessage): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// The mail outbox (DESIGN §4f; adapter: `adapters/dynamodb/mail-outbox.ts`): every mail is first an item written
// with the state change that causes it, then delivered by the sender (`use-cases/send-mails.ts`)
// ---------------------------------------------------------------------------------------------------------------

/** A rendered mail, ready for the outbox: what the sender hands to the mailer, plus what it is about. */
export interface OutboxMail extends MailMessage {
  id: string;
  /** Which mail it is, e.g. `guest_request_received` (logs, the admin list). */
  kind: string;
  language: GuestLocale;
  attachments: MailAttachment[];
  /** The booking it is about, if any. */
  bookingId?: string;
}

/** A mail item as stored, with its delivery state. */
export interface StoredMail extends OutboxMail {
  status: MailStatus;
  /** Delivery attempts started so far. */
  attempts: number;
  /** pending: when it may be tried (again); sending: when the sender's claim runs out. Null once sent or failed. */
  nextAttemptAt: string | null;
  /** The last failure's message (SES's error), shown to admins. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

/** A sender's exclusive right to deliver one mail (the outcome is recorded only with the same token). */
export interface MailClaim {
  mail: StoredMail;
  token: string;
}

export interface MailOutbox {
  /** Mails due for delivery at `now` (pending and due, or claimed by a sender whose lease ran out), oldest first. */
  listDue(now: Date, limit: number): Promise<StoredMail[]>;
  get(id: string): Promise<StoredMail | null>;
  /**
   * Takes the mail for one delivery attempt (conditional: due at `now`, not sent, not failed): counts the attempt
   * and leases it until `leaseUntil`. `null` when another sender has it or it is no longer due: at most one
   * sender holds a mail at any moment, so a mail goes out once even with two senders running.
   */
  claim(id: string, now: Date, leaseUntil: Date): Promise<MailClaim | null>;
  /** The claimed attempt succeeded. `false` if the claim was lost meanwhile (the lease ran out). */
  markSent(claim: MailClaim, now: Date): Promise<boolean>;
  /** The claimed attempt failed; tried again at `nextAttemptAt`. */
  markRetry(claim: MailClaim, now: Date, nextAttemptAt: Date, error: string): Promise<boolean>;
  /** The claimed attempt failed for the last time: the mail is `failed` (the admin list). */
  markFailed(claim: MailClaim, now: Date, error: string): Promise<boolean>;
  /** Failed mails, newest first. */
  listFailed(page?: PageRequest): Promise<Page<StoredMail>>;
  /** A failed mail back to pending with fresh attempts, due now; `not_found`, or `state_conflict` unless failed. */
  requeue(id: string, now: Date): Promise<StoredMail>;
}
