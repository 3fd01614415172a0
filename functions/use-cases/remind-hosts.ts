import { HOST_REMINDER_HOURS, addHours } from '../domain/calendar';
import { errorFields } from './console-logger';
import type { BookingNotifications } from './mail-notifications';
import type { BookingRepository, HostRepository, Logger } from './ports';

export interface RemindHostsDeps {
  bookings: BookingRepository;
  hosts: HostRepository;
  notifications: BookingNotifications;
  logger: Logger;
  clock: () => Date;
}

/**
 * Part of the scheduled expiry job: one mail to the host when a request they have not answered has
 * HOST_REMINDER_HOURS hours left. The reminder is recorded (conditionally) before the mail goes, so two runs at
 * the same moment mail once, and a request is never reminded twice. A suspended host cannot answer (an admin
 * does), so they are not reminded.
 */
export function makeRemindHosts(deps: RemindHostsDeps) {
  return async function remindHosts(): Promise<{ reminded: number }> {
    const now = deps.clock();
    const due = await deps.bookings.listAwaitingReminder(addHours(now, HOST_REMINDER_HOURS));
    if (due.length === 0) return { reminded: 0 };
    const suspended = await deps.hosts.suspendedHostIds();
    let reminded = 0;
    for (const booking of due) {
      // Past its deadline it is the expiry's to handle, not a reminder's.
      if (booking.deadline === null || Date.parse(booking.deadline) <= now.getTime()) continue;
      if (suspended.has(booking.hostId)) continue;
      try {
        const mails = await deps.notifications.hostReminder(booking);
        if (!(await deps.bookings.markReminded(booking.id, now, mails))) continue;
        await deps.notifications.queued(mails);
        reminded++;
      } catch (e) {
        deps.logger.error('Host reminder failed', { bookingId: booking.id, ...errorFields(e) });
      }
    }
    if (reminded > 0) deps.logger.info('Hosts reminded of requests about to expire', { reminded });
    return { reminded };
  };
}
