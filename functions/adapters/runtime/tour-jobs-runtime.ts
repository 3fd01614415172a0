/**
 * The scheduled jobs of approved tours (DESIGN §4c), built once per cold start (STYLE §4) on the booking services
 * (clock, notifications, logger) every booking-handling function shares: completion and reminders.
 */
import { randomUUID } from 'node:crypto';
import { DynamoScheduledMailLog } from '../dynamodb/scheduled-mails';
import { makeCompleteBookings } from '../../use-cases/complete-bookings';
import { makeSendReminders } from '../../use-cases/send-reminders';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { SITE_NAME, bookingServices } from './guest-runtime';

export interface TourJobs {
  completeBookings: ReturnType<typeof makeCompleteBookings>;
  sendReminders: ReturnType<typeof makeSendReminders>;
}

let cached: { base: RuntimeAdapters; jobs: TourJobs } | undefined;

export function tourJobs(): TourJobs {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.jobs;
  const { notifications, logger, clock, baseUrl } = bookingServices();
  const { bookings, due, experiences, hosts } = base.repositories;
  const jobs: TourJobs = {
    completeBookings: makeCompleteBookings({ bookings, due, logger, clock }),
    sendReminders: makeSendReminders({
      bookings,
      due,
      experiences,
      hosts,
      scheduledMails: new DynamoScheduledMailLog(base.doc, base.env.TABLE_NAME),
      notifications,
      logger,
      clock,
      newId: randomUUID,
      baseUrl,
      siteName: SITE_NAME,
    }),
  };
  cached = { base, jobs };
  return jobs;
}
