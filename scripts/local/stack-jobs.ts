/**
 * The scheduled jobs of the local stack, as EventBridge Scheduler runs them in AWS: the outbox sender, the expiry
 * job, and the completion, reminder and review-invitation jobs, each through the handler that runs in Lambda, on a
 * timer and on demand (`runNow`, which tests and `POST /api/local-jobs/{name}` use).
 */
import { handler as completeBookingsHandler } from '../../functions/events/complete-bookings';
import { handler as expireBookingsHandler } from '../../functions/events/expire-bookings';
import { handler as expireOffersHandler } from '../../functions/events/expire-offers';
import type { ExpiryJobResult } from '../../functions/events/expire-bookings';
import { handler as sendMailsHandler } from '../../functions/events/send-mails';
import { handler as sendRemindersHandler } from '../../functions/events/send-reminders';
import { handler as sendReviewInvitesHandler } from '../../functions/events/send-review-invites';
import type { CompleteBookingsResult } from '../../functions/use-cases/complete-bookings';
import type { SendMailsResult } from '../../functions/use-cases/send-mails';
import type { SendRemindersResult } from '../../functions/use-cases/send-reminders';
import type { SendReviewInvitesResult } from '../../functions/use-cases/send-review-invites';
import { startScheduler } from './scheduler';

export interface LocalJobs {
  /** Runs the expiry job now (the scheduler runs it every minute anyway). */
  expireBookings(): Promise<ExpiryJobResult>;
  /** Runs the outbox sender now (every due mail; the scheduler runs it every `mailIntervalMs` anyway). */
  sendMails(): Promise<SendMailsResult>;
  /** Runs the completion job now (approved tours whose slot has ended). */
  completeBookings(): Promise<CompleteBookingsResult>;
  /** Runs the reminder job now (guests' reminders, hosts' next-day lists). */
  sendReminders(): Promise<SendRemindersResult>;
  /** Runs the review invitation job now (invitations the day after a completed tour, reminders on day 5). */
  sendReviewInvites(): Promise<SendReviewInvitesResult>;
}

export interface LocalJobIntervals {
  /** How often the expiry job runs (default every minute, as DESIGN §7 says). */
  expiryIntervalMs?: number;
  /** How often the completion and reminder jobs run (default every 5 minutes; tests run them on demand). */
  tourJobsIntervalMs?: number;
  /** How often the outbox sender runs for retries (default every 15 s). */
  mailIntervalMs?: number;
}

/** Starts every scheduled job; `stop()` ends their timers and waits for runs under way. */
export function startLocalJobs(
  options: LocalJobIntervals,
  log: (line: string) => void,
): { jobs: LocalJobs; stop(): Promise<void> } {
  const stops: (() => Promise<void>)[] = [];
  const mailSender = startScheduler({
    name: 'mail sender',
    intervalMs: options.mailIntervalMs ?? 15_000,
    run: () => sendMailsHandler(),
    log,
  });
  stops.push(() => mailSender.stop());
  const expiry = startScheduler({
    name: 'expiry job',
    intervalMs: options.expiryIntervalMs ?? 60_000,
    run: () => expireBookingsHandler(),
    log,
  });
  stops.push(() => expiry.stop());
  const tourJobsInterval = options.tourJobsIntervalMs ?? 5 * 60_000;
  const completion = startScheduler({
    name: 'completion job',
    intervalMs: tourJobsInterval,
    run: () => completeBookingsHandler(),
    log,
  });
  stops.push(() => completion.stop());
  const reminders = startScheduler({
    name: 'reminder job',
    intervalMs: tourJobsInterval,
    run: () => sendRemindersHandler(),
    log,
  });
  stops.push(() => reminders.stop());
  const reviewInvites = startScheduler({
    name: 'review invitation job',
    intervalMs: tourJobsInterval,
    run: () => sendReviewInvitesHandler(),
    log,
  });
  stops.push(() => reviewInvites.stop());
  // Issue 31: the concierge's offers (warnings, expiry), every 5 minutes as in AWS.
  const offers = startScheduler({
    name: 'offer expiry job',
    intervalMs: tourJobsInterval,
    run: () => expireOffersHandler(),
    log,
  });
  stops.push(() => offers.stop());
  return {
    jobs: {
      expireBookings: () => expiry.runNow(),
      sendMails: () => mailSender.runNow(),
      completeBookings: () => completion.runNow(),
      sendReminders: () => reminders.runNow(),
      sendReviewInvites: () => reviewInvites.runNow(),
    },
    async stop() {
      for (const stop of stops.splice(0).reverse()) await stop();
    },
  };
}
