/**
 * The jobs of approved tours with in-memory adapters: which bookings each run picks, that a record makes a mail go
 * out once, and that one booking's trouble never stops the others.
 */
import { makeCompleteBookings } from '../../../functions/use-cases/complete-bookings';
import type { OutboxMail, ScheduledMailLog, ScheduledMailRecord } from '../../../functions/use-cases/ports';
import { makeSendReminders } from '../../../functions/use-cases/send-reminders';
import { makeBooking, makeExperience, makeHost, nextId } from '../../support/fakes/fixtures';
import {
  createInMemoryRepositories,
  type InMemoryRepositories,
} from '../../support/fakes/in-memory-repositories';
import { RecordingLogger } from '../../support/fakes/recorders';

class InMemoryScheduledMailLog implements ScheduledMailLog {
  readonly records = new Map<string, ScheduledMailRecord>();
  readonly mails: OutboxMail[] = [];
  constructor(private readonly repos: InMemoryRepositories) {}
  async recordOnce(record: ScheduledMailRecord, mails: OutboxMail[]): Promise<boolean> {
    if (this.records.has(record.key)) return false;
    for (const id of record.approvedBookingIds ?? []) {
      if ((await this.repos.bookings.get(id))?.status !== 'approved') return false;
    }
    this.records.set(record.key, record);
    this.mails.push(...mails);
    return true;
  }
}

let repos: InMemoryRepositories;
let log: InMemoryScheduledMailLog;
let logger: RecordingLogger;
let now: Date;
const host = makeHost({ id: 'host-1', email: 'host@example.jp', phone: '089-000-0000' });
const experience = makeExperience({ id: 'exp-1', hostId: host.id, thingsToKnowClothes: 'Sandals' });

beforeEach(async () => {
  repos = createInMemoryRepositories();
  log = new InMemoryScheduledMailLog(repos);
  logger = new RecordingLogger();
  await repos.hosts.create(host);
  await repos.experiences.create(experience, []);
});

function approved(date: string, time: string, overrides: Parameters<typeof makeBooking>[0] = {}) {
  const booking = makeBooking({
    id: nextId('b'),
    status: 'approved',
    date,
    time,
    hostId: host.id,
    experienceId: experience.id,
    deadline: null,
    ...overrides,
  });
  repos.bookings.items.set(booking.id, booking);
  return booking;
}

const completeBookings = () =>
  makeCompleteBookings({ bookings: repos.bookings, due: repos.due, logger, clock: () => now })();
const sendReminders = () =>
  makeSendReminders({
    bookings: repos.bookings,
    due: repos.due,
    experiences: repos.experiences,
    hosts: repos.hosts,
    scheduledMails: log,
    notifications: { queued: async () => {} },
    logger,
    clock: () => now,
    newId: () => nextId('mail'),
    baseUrl: 'https://ehime.example.jp',
    siteName: 'Ehime Experiences',
  })();

describe('completion job', () => {
  it('completes approved tours whose slot has ended (Tokyo time), and nothing else', async () => {
    const ended = approved('2026-12-01', '09:00');
    const running = approved('2026-12-01', '10:00');
    const pending = approved('2026-11-30', '09:00', { status: 'pending' });
    now = new Date('2026-12-01T01:00:00Z'); // 10:00 in Tokyo
    expect(await completeBookings()).toMatchObject({ examined: 2, completed: 1, skipped: 0, failed: 0 });
    expect((await repos.bookings.get(ended.id))?.status).toBe('completed');
    expect((await repos.bookings.get(running.id))?.status).toBe('approved');
    expect((await repos.bookings.get(pending.id))?.status).toBe('pending');
    expect(await completeBookings()).toMatchObject({ completed: 0 });
  });
});

describe('reminder job', () => {
  it("reminds each guest once within 24 h of the start, and lists tomorrow's tours to the host once, from 17:00", async () => {
    const tomorrow = approved('2026-12-02', '09:00', { email: 'a@example.com' });
    const later = approved('2026-12-02', '14:00', { email: 'b@example.com' });
    approved('2026-12-05', '09:00', { email: 'far@example.com' });
    now = new Date('2026-12-01T03:00:00Z'); // 12:00 Tokyo: 21 h before the first, 26 h before the second
    expect(await sendReminders()).toMatchObject({ guestReminders: 1, hostLists: 0, skipped: 0, failed: 0 });
    expect(log.mails.map((m) => m.to)).toEqual(['a@example.com']);

    now = new Date('2026-12-01T08:00:00Z'); // 17:00 Tokyo
    expect(await sendReminders()).toMatchObject({ guestReminders: 1, hostLists: 1, skipped: 1, failed: 0 });
    const list = log.mails.find((m) => m.kind === 'host_day_list')!;
    expect(list.to).toBe(host.email);
    expect(list.language).toBe('ja');
    expect(list.text.indexOf(tomorrow.reference)).toBeGreaterThan(-1);
    expect(list.text.indexOf('09:00')).toBeLessThan(list.text.indexOf('14:00'));
    expect(log.mails.find((m) => m.to === later.email)?.text).toContain('Sandals');

    expect(await sendReminders()).toMatchObject({ guestReminders: 0, hostLists: 0, skipped: 3, failed: 0 });
    expect(log.mails).toHaveLength(3);
  });

  it('writes the reminder in the language the guest booked in; the host list is Japanese', async () => {
    const ja = approved('2026-12-02', '09:00', { guestLocale: 'ja', email: 'ja@example.com' });
    now = new Date('2026-12-01T08:00:00Z');
    await sendReminders();
    const reminder = log.mails.find((m) => m.to === ja.email)!;
    expect(reminder.language).toBe('ja');
    expect(reminder.subject).toContain('【ご予約日のお知らせ】');
    expect(reminder.text).toContain('集合場所');
    expect(reminder.text).toContain('ホストの連絡先');
    expect(reminder.text).toContain('089-000-0000');
    expect(log.mails.find((m) => m.kind === 'host_day_list')?.subject).toBe(
      '【明日の予約】2026年12月2日（水）：1件',
    );
  });

  it("one booking's missing experience is logged and retried next run; the others still go out", async () => {
    approved('2026-12-02', '09:00', { experienceId: 'gone', email: 'lost@example.com' });
    approved('2026-12-02', '10:00', { email: 'fine@example.com' });
    now = new Date('2026-12-01T02:00:00Z');
    expect(await sendReminders()).toMatchObject({ guestReminders: 1, failed: 1 });
    expect(log.mails.map((m) => m.to)).toEqual(['fine@example.com']);
    expect(logger.at('error')[0]?.message).toContain('Guest reminder not written');
  });
});
