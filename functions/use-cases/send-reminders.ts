import { guestMailLanguage } from '../adapters/mail/templates/booking-mail';
import { guestMailTexts } from '../adapters/mail/templates/guest-texts';
import { guestTourReminderMail } from '../adapters/mail/templates/guest-tour-reminder';
import { hostDayListMail } from '../adapters/mail/templates/host-day-list';
import type { RenderedMail } from '../adapters/mail/templates/layout';
import { addDays, addHours, tokyoDateTimeToInstant } from '../domain/calendar';
import type { Booking, Experience, Host } from '../domain/entities';
import {
  GUEST_REMINDER_HOURS,
  hostDayListDate,
  isDueForGuestReminder,
  tourEnd,
  toursByHost,
} from '../domain/tour-schedule';
import { errorFields } from './console-logger';
import {
  DEFAULT_JOB_BATCH,
  type DueWorkRepository,
  type JobProgress,
  type JobRunOptions,
} from './due-work-ports';
import { runInBatches } from './job-batches';
import type { BookingNotifications } from './mail-notifications';
import type {
  BookingRepository,
  ExperienceRepository,
  HostRepository,
  Logger,
  OutboxMail,
  ScheduledMailLog,
  ScheduledMailRecord,
} from './ports';

/** How long a scheduled mail's record is kept after the tour (the table's TTL then forgets it). */
const RECORD_KEPT_HOURS = 30 * 24;

export interface SendRemindersResult extends JobProgress {
  /** Guests reminded by this run (each booking once, ever). */
  guestReminders: number;
  /** Hosts sent the next day's list by this run (each host and day once, ever). */
  hostLists: number;
  /** Mails another run (or an earlier one) already wrote, or whose booking is no longer approved. */
  skipped: number;
  /** Could not be written now; the next run tries again. */
  failed: number;
}

export interface SendRemindersDeps {
  bookings: BookingRepository;
  due: DueWorkRepository;
  experiences: ExperienceRepository;
  hosts: HostRepository;
  scheduledMails: ScheduledMailLog;
  notifications: Pick<BookingNotifications, 'queued'>;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  baseUrl: string;
  siteName: string;
}

/**
 * The scheduled reminder job (DESIGN §4c): the guest's reminder about 24 hours before an approved tour, and from
 * 17:00 Tokyo each host's list of the next day's approved tours (in Japanese). Each mail is written with its
 * record in one conditional transaction (`ScheduledMailLog`), so it goes out once however often the job runs.
 * The host's reminder of unanswered requests is another job's (`remind-hosts.ts`).
 */
export function makeSendReminders(deps: SendRemindersDeps) {
  return async function sendReminders(options: JobRunOptions = {}): Promise<SendRemindersResult> {
    const now = deps.clock();
    const limit = options.batchSize ?? DEFAULT_JOB_BATCH;
    const result: SendRemindersResult = {
      processed: 0,
      read: 0,
      finished: true,
      guestReminders: 0,
      hostLists: 0,
      skipped: 0,
      failed: 0,
    };
    const experiences = new Map<string, Promise<Experience | null>>();
    const hosts = new Map<string, Promise<Host | null>>();
    const experienceOf = (id: string) => cached(experiences, id, () => deps.experiences.get(id));
    const hostOf = (id: string) => cached(hosts, id, () => deps.hosts.get(id));
    const date = hostDayListDate(now);
    /** Hosts whose list this invocation has written or found written: not read again. */
    const listed = new Set<string>();

    // Two passes over the "work due" index, each a batch at a time: tours starting within 24 hours (the guests'
    // reminders), then, from 17:00 Tokyo, tomorrow's tours (their hosts' lists). The cursor says which pass.
    const run = await runInBatches(options, async (cursor) => {
      const { pass, at } = parsePass(cursor);
      if (pass === 'guests') {
        const batch = await deps.due.toursStarting(
          { from: new Date(now.getTime() + 1), to: addHours(now, GUEST_REMINDER_HOURS) },
          { limit, ...(at ? { cursor: at } : {}) },
        );
        result.read += batch.read;
        for (const booking of batch.items.filter((b) => isDueForGuestReminder(b, now))) {
          await guestReminder(booking);
        }
        if (batch.cursor) return `guests:${batch.cursor}`;
        return date ? 'hosts:' : undefined;
      }
      if (!date) return undefined;
      const batch = await deps.due.toursStarting(
        {
          from: tokyoDateTimeToInstant(date, '00:00'),
          to: new Date(tokyoDateTimeToInstant(addDays(date, 1), '00:00').getTime() - 1),
        },
        { limit, ...(at ? { cursor: at } : {}) },
      );
      result.read += batch.read;
      for (const hostId of new Set(batch.items.filter((b) => b.date === date).map((b) => b.hostId))) {
        if (listed.has(hostId)) continue;
        listed.add(hostId);
        await hostList(hostId, date);
      }
      return batch.cursor ? `hosts:${batch.cursor}` : undefined;
    });
    Object.assign(result, run, { processed: result.guestReminders + result.hostLists });

    async function guestReminder(booking: Booking) {
      const outcome = await attempt('Guest reminder', { bookingId: booking.id }, async () => {
        const [experience, host] = await Promise.all([
          experienceOf(booking.experienceId),
          hostOf(booking.hostId),
        ]);
        if (!experience) throw new Error('The experience no longer exists');
        const rendered = guestTourReminderMail({
          booking,
          experience,
          host,
          hostBusinessName: host?.businessName ?? guestMailTexts(booking.guestLocale).theHost,
          baseUrl: deps.baseUrl,
          siteName: deps.siteName,
        });
        const mail = outboxMail(
          'guest_tour_reminder',
          booking.email,
          guestMailLanguage(booking),
          rendered,
          booking.id,
        );
        return write(
          {
            key: `guest_reminder#${booking.id}`,
            expiresAt: keptUntil(tourEnd(booking)),
            approvedBookingIds: [booking.id],
          },
          mail,
          now,
        );
      });
      count(outcome, 'guestReminders');
    }

    /** The host's whole list of the day, read from the host's own bookings by tour date (one Query). */
    async function hostList(hostId: string, day: string) {
      const outcome = await attempt('Host day list', { hostId, date: day }, async () => {
        const tours = toursByHost(
          await deps.bookings.listByHostTourDates(hostId, day, day, { status: 'approved' }),
          day,
        ).get(hostId);
        if (!tours || tours.length === 0) return 'skipped';
        result.read += tours.length;
        const host = await hostOf(hostId);
        if (!host) throw new Error('The host has no record');
        const rendered = hostDayListMail({
          host,
          date: day,
          bookings: tours,
          baseUrl: deps.baseUrl,
          siteName: deps.siteName,
        });
        const mail = outboxMail('host_day_list', host.email, 'ja', rendered);
        const endOfDay = tokyoDateTimeToInstant(addDays(day, 1), '00:00');
        return write({ key: `host_day_list#${hostId}#${day}`, expiresAt: keptUntil(endOfDay) }, mail, now);
      });
      count(outcome, 'hostLists');
    }

    if (result.guestReminders + result.hostLists + result.failed > 0) {
      deps.logger.info('Reminder run finished', { ...result });
    }
    return result;

    function count(outcome: 'written' | 'skipped' | 'failed', written: 'guestReminders' | 'hostLists') {
      result[outcome === 'written' ? written : outcome]++;
    }
  };

  function outboxMail(
    kind: string,
    to: string,
    language: OutboxMail['language'],
    rendered: RenderedMail,
    bookingId?: string,
  ): OutboxMail {
    return {
      id: deps.newId(),
      kind,
      to,
      language,
      ...rendered,
      attachments: [],
      ...(bookingId ? { bookingId } : {}),
    };
  }

  async function write(
    record: ScheduledMailRecord,
    mail: OutboxMail,
    now: Date,
  ): Promise<'written' | 'skipped'> {
    if (!(await deps.scheduledMails.recordOnce(record, [mail], now))) return 'skipped';
    await deps.notifications.queued([mail]);
    return 'written';
  }

  async function attempt(
    what: string,
    context: Record<string, string>,
    run: () => Promise<'written' | 'skipped'>,
  ): Promise<'written' | 'skipped' | 'failed'> {
    try {
      return await run();
    } catch (e) {
      deps.logger.error(`${what} not written; the next run retries`, { ...context, ...errorFields(e) });
      return 'failed';
    }
  }
}

const keptUntil = (instant: Date) => addHours(instant, RECORD_KEPT_HOURS);

/** Which pass a cursor continues (`guests:…`, `hosts:…`; none: the first batch of the guests' pass). */
function parsePass(cursor: string | undefined): { pass: 'guests' | 'hosts'; at?: string } {
  if (!cursor) return { pass: 'guests' };
  const [pass, ...rest] = cursor.split(':');
  if (pass !== 'guests' && pass !== 'hosts') throw new RangeError('Not a cursor of the reminder job');
  const at = rest.join(':');
  return at ? { pass, at } : { pass };
}

function cached<T>(map: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
  let value = map.get(id);
  if (!value) {
    value = load();
    map.set(id, value);
  }
  return value;
}
