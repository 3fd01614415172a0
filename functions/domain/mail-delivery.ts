/**
 * When a mail of the outbox is tried again, and when it is given up (DESIGN §4f). Pure: the sender passes the
 * attempt that just failed and the clock; the answer says what to store on the mail item.
 */
import type { GuestLocale } from './entities';

/** Attempts per mail, the first included; after the last failed one the mail is `failed` (an admin resends it). */
export const MAX_MAIL_ATTEMPTS = 5;
/** Delay before the first retry; each later retry waits twice as long (30 s, 1 min, 2 min, 4 min). */
export const MAIL_RETRY_BASE_MS = 30_000;
/** No retry waits longer than this, whatever the attempt. */
export const MAIL_RETRY_MAX_DELAY_MS = 60 * 60_000;
/**
 * How long a sender owns a mail it claimed. A sender that died mid-send leaves its claim behind; once the lease
 * has run out the mail is due again. Far above SES's own timeout, so a live sender always finishes first.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;

/**
 * SES errors that another attempt cannot fix (the message or an address is refused): the mail fails at once
 * rather than after four more identical refusals.
 */
const PERMANENT_ERRORS: ReadonlySet<string> = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
  'BadRequestException',
]);

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export type RetryDecision =
  | { outcome: 'retry'; nextAttemptAt: Date; delayMs: number }
  | { outcome: 'failed'; reason: 'attempts_exhausted' | 'permanent_error' };

/** Delay before the attempt after `attempt` (1-based): base · 2^(attempt−1), at most the cap. */
export function retryDelayMs(attempt: number): number {
  const exponent = Math.max(0, Math.trunc(attempt) - 1);
  return Math.min(MAIL_RETRY_MAX_DELAY_MS, MAIL_RETRY_BASE_MS * 2 ** exponent);
}

/**
 * What becomes of a mail whose attempt number `attempt` (1-based, as stored after the claim) just failed with
 * an error named `errorName`.
 */
export function afterFailedAttempt(
  attempt: number,
  now: Date,
  errorName?: string,
  maxAttempts = MAX_MAIL_ATTEMPTS,
): RetryDecision {
  if (errorName && PERMANENT_ERRORS.has(errorName)) return { outcome: 'failed', reason: 'permanent_error' };
  if (attempt >= maxAttempts) return { outcome: 'failed', reason: 'attempts_exhausted' };
  const delayMs = retryDelayMs(attempt);
  return { outcome: 'retry', delayMs, nextAttemptAt: new Date(now.getTime() + delayMs) };
}

/** One row of the admin's failed-mails list: what an admin needs to decide on a resend, never the mail's body. */
export interface FailedMailView {
  id: string;
  kind: string;
  to: string;
  subject: string;
  language: GuestLocale;
  bookingId: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string | null;
}

/** `POST /api/admin/mails/{id}/resend`: the mail after the resend's delivery attempt. */
export interface ResendResult {
  mail: FailedMailView & { status: MailStatus };
}
