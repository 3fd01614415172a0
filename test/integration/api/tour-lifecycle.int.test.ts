/**
 * After approval, over HTTP through the local stack (DESIGN §4c, §6 local-only routes; issue 15 items 6–8): the
 * approved mail's `.ics` read back from the SES outbox, the clock moved with `POST /api/local-clock/advance`, the
 * reminder job (`POST /api/local-jobs/send-reminders`) mailing the guest once however often it runs and the host
 * the next day's list, and the completion job (`POST /api/local-jobs/complete-bookings`) completing the tour once
 * its slot has ended, and only then.
 */
import { randomUUID } from 'node:crypto';
import { DynamoScheduledMailLog } from '../../../functions/adapters/dynamodb/scheduled-mails';
import { addDays, tokyoDateTimeToInstant } from '../../../functions/domain/calendar';
import type { Booking } from '../../../functions/domain/entities';
import { DEMO_ADMIN } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  call,
  freeSlots,
  icsOf,
  icsUtc,
  outbox,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let adminToken: string;

beforeAll(async () => {
  world = await startApiWorld('api-tour-lifecycle-');
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});

const advance = (body: unknown) =>
  call<{ now: string } & ErrorBody>(world, 'POST', '/api/local-clock/advance', body);
const clockNow = async () => new Date((await advance({ hours: 0 })).body.now);
/** Moves the local clock to `instant` (forward only). */
async function moveClockTo(instant: Date) {
  const hours = (instant.getTime() - (await clockNow()).getTime()) / 3_600_000;
  expect(hours).toBeGreaterThanOrEqual(0);
  const res = await advance({ hours });
  expect(res.status).toBe(200);
  expect(Math.abs(Date.parse(res.body.now) - instant.getTime())).toBeLessThan(5_000);
}
const runReminders = () =>
  call<{ guestReminders: number; hostLists: number; skipped: number; failed: number }>(
    world,
    'POST',
    '/api/local-jobs/send-reminders',
  );
const runCompletion = () =>
  call<{ examined: number; completed: number; skipped: number; failed: number }>(
    world,
    'POST',
    '/api/local-jobs/complete-bookings',
  );

async function approvedBooking(experienceId: string, slotIndex = 0) {
  const slots = await freeSlots(world, experienceId);
  // A morning slot, so that the evening before (the hosts' lists) lies within the guest's 24 hours.
  const slot = slots.filter((s) => s.time === '09:00')[slotIndex]!;
  const { created, body } = await pendingBooking(world, experienceId, slot);
  const approved = await call(
    world,
    'POST',
    `/api/admin/bookings/${created.bookingId}/approve`,
    undefined,
    bearer(adminToken),
  );
  expect(approved.status).toBe(200);
  return { ...created, slot, email: body.guest.email };
}

describe('POST /api/local-clock/advance', () => {
  it('moves the clock every use case reads and answers the new time; a bad body is a 400 and moves nothing', async () => {
    const before = await clockNow();
    for (const bad of [
      {},
      { hours: -1 },
      { hours: '2' },
      { hours: 1, minutes: 3 },
      { hours: 10_000 },
      'not json',
    ]) {
      const res = await advance(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const unmoved = await clockNow();
    expect(unmoved.getTime() - before.getTime()).toBeLessThan(5_000);
    const moved = await advance({ hours: 1.5 });
    expect(moved.status).toBe(200);
    const delta = Date.parse(moved.body.now) - unmoved.getTime();
    expect(delta).toBeGreaterThanOrEqual(1.5 * 3_600_000);
    expect(delta).toBeLessThan(1.5 * 3_600_000 + 5_000);
    expect(world.stack.clock.offsetMs).toBeGreaterThanOrEqual(1.5 * 3_600_000);
  });
});

describe("an approved booking's life", () => {
  it('approved mail with its .ics; reminder once; host list once; completed after the slot, not before', async () => {
    const experience = await addExperience(world, {
      mapLat: 33.8518,
      mapLng: 132.7864,
      thingsToKnowClothes: 'Walking shoes and a hat',
    });
    const host = (await world.repo.hosts.get(experience.hostId))!;
    const booking = await approvedBooking(experience.id);
    const start = tokyoDateTimeToInstant(booking.slot.date, booking.slot.time);

    // The approved mail carries the calendar file: UID of the booking, the Tokyo slot as UTC, the meeting point.
    const approvedMail = (await outbox(world)).find(
      (m) => m.subject.startsWith('Booking confirmed') && m.subject.includes(booking.reference),
    );
    expect(approvedMail?.body.html).toContain('https://calendar.google.com/calendar/render?');
    const ics = approvedMail?.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toContain('text/calendar');
    const p = icsOf(approvedMail)!;
    expect(p.get('METHOD')).toEqual(['REQUEST']);
    expect(p.get('UID')).toEqual([`${booking.bookingId}@localhost`]);
    expect(p.get('DTSTART')).toEqual([icsUtc(start)]);
    expect(p.get('DTEND')).toEqual([icsUtc(new Date(start.getTime() + 3_600_000))]);
    expect(p.get('LOCATION')?.[0]).toContain(experience.city);

    // Two days before: nothing is due yet.
    await moveClockTo(new Date(start.getTime() - 48 * 3_600_000));
    await runReminders();
    const remindersOf = async () =>
      (await outbox(world)).filter(
        (m) => m.subject.startsWith('Reminder:') && m.subject.includes(booking.reference),
      );
    expect(await remindersOf()).toHaveLength(0);

    // 18:00 in Tokyo the evening before: the guest's reminder and the host's list, each once, however often it runs.
    await moveClockTo(tokyoDateTimeToInstant(addDays(booking.slot.date, -1), '18:00'));
    const first = await runReminders();
    expect(first.status).toBe(200);
    expect(first.body.guestReminders).toBeGreaterThanOrEqual(1);
    expect(first.body.hostLists).toBeGreaterThanOrEqual(1);
    const [again, concurrent] = await Promise.all([runReminders(), runReminders()]);
    expect(again.body.guestReminders + concurrent.body.guestReminders).toBe(0);
    expect(again.body.hostLists + concurrent.body.hostLists).toBe(0);

    const reminders = await remindersOf();
    expect(reminders).toHaveLength(1);
    const reminder = reminders[0]!;
    expect(reminder.destination.to).toEqual([booking.email]);
    expect(reminder.body.text).toContain('https://www.google.com/maps/search/?api=1&query=33.8518,132.7864');
    expect(reminder.body.text).toContain('Walking shoes and a hat');
    expect(reminder.body.text).toContain(host.email);
    expect(reminder.body.html).toContain('/booking-confirmation');

    const lists = (await outbox(world)).filter(
      (m) =>
        m.destination.to.includes(host.email) &&
        m.subject.startsWith('【明日の予約】') &&
        m.body.text?.includes(booking.reference),
    );
    expect(lists).toHaveLength(1);
    // Its link opens that day's manifest (issue 32 item 12).
    expect(lists[0]!.body.text).toContain(`/host/bookings?view=day&date=${booking.slot.date}`);
    expect(lists[0]!.body.text).toContain(experience.title);

    // During the tour it is still approved; an hour after its start it is completed, once.
    await moveClockTo(new Date(start.getTime() + 30 * 60_000));
    await runCompletion();
    expect((await world.repo.bookings.get(booking.bookingId))?.status).toBe('approved');
    await moveClockTo(new Date(start.getTime() + 60 * 60_000));
    const [a, b] = await Promise.all([runCompletion(), runCompletion()]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const completed: Booking | null = await world.repo.bookings.get(booking.bookingId);
    expect(completed?.status).toBe('completed');
    // A later run finds nothing of it to do, and no reminder follows a completed tour.
    await runCompletion();
    await runReminders();
    expect((await world.repo.bookings.get(booking.bookingId))?.status).toBe('completed');
    expect(await remindersOf()).toHaveLength(1);
  });

  it('a booking that is no longer approved gets no reminder', async () => {
    const experience = await addExperience(world);
    const booking = await approvedBooking(experience.id, 3);
    await world.repo.bookings.transition(booking.bookingId, 'approved', 'cancelled', {
      now: new Date(),
      releaseSlot: true,
    });
    const start = tokyoDateTimeToInstant(booking.slot.date, booking.slot.time);
    await moveClockTo(new Date(Math.max(start.getTime() - 12 * 3_600_000, (await clockNow()).getTime())));
    await runReminders();
    const mails = (await outbox(world)).filter((m) => m.body.text?.includes(booking.reference));
    expect(mails.some((m) => m.subject.startsWith('Reminder:'))).toBe(false);
    expect(mails.some((m) => m.subject.startsWith('【明日の予約】'))).toBe(false);

    // A run that read it while still approved, writing after the cancellation: the record's transaction refuses.
    const log = new DynamoScheduledMailLog(world.doc, world.stack.config.tableName);
    const mail = {
      id: randomUUID(),
      kind: 'guest_tour_reminder',
      to: booking.email,
      language: 'en' as const,
      subject: `Reminder (${booking.reference})`,
      text: 't',
      html: '<p>h</p>',
      attachments: [],
    };
    const record = {
      key: `guest_reminder#${booking.bookingId}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    };
    expect(
      await log.recordOnce({ ...record, approvedBookingIds: [booking.bookingId] }, [mail], new Date()),
    ).toBe(false);
    expect(await world.stack.jobs.sendMails()).toMatchObject({ sent: 0 });
    expect((await outbox(world)).some((m) => m.subject === mail.subject)).toBe(false);
  });
});
