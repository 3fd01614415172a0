/**
 * Issue 33 against DynamoDB Local: the jobs read only what is due. A marketplace with a long history (300 completed
 * tours of last year, 100 approved tours months ahead) and a handful of tours that are due: completion completes
 * exactly the due ones and reads ~only them; invitations go to exactly the due guests, once, even when two runs go
 * at the same moment; a batch of 5 with 23 due hands on until everything is done; a run stopped by its budget says
 * so and its cursor finishes the rest; the back-fill gives bookings from before the index their keys.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backfillDueKeys } from '../../../functions/adapters/dynamodb/backfill-due-keys';
import { bookingItem } from '../../../functions/adapters/dynamodb/booking-repository';
import { DynamoScheduledMailLog } from '../../../functions/adapters/dynamodb/scheduled-mails';
import type { Booking } from '../../../functions/domain/entities';
import { makeCompleteBookings } from '../../../functions/use-cases/complete-bookings';
import type { DueWorkRepository } from '../../../functions/use-cases/due-work-ports';
import type { OutboxMail } from '../../../functions/use-cases/ports';
import { newReviewToken } from '../../../functions/use-cases/review-tokens';
import { makeSendReminders } from '../../../functions/use-cases/send-reminders';
import { makeSendReviewInvites } from '../../../functions/use-cases/send-review-invites';
import {
  itNeverScanned,
  makeBooking,
  makeExperience,
  makeHost,
  setUpRepositories,
  type RepositoryContext,
} from '../dynamodb/support';

let ctx: RepositoryContext;
const host = makeHost({ id: `host-${randomUUID()}` });
const experience = makeExperience({ id: `exp-${randomUUID()}`, hostId: host.id });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** 2026-12-01 12:00 in Tokyo. */
const NOON = new Date('2026-12-01T03:00:00Z');

/** Writes bookings straight to the table as the use cases build them (`bookingItem`), 25 per request. */
async function put(bookings: Booking[], strip: string[] = []) {
  for (let i = 0; i < bookings.length; i += 25) {
    const items = bookings.slice(i, i + 25).map((b) => {
      const item = bookingItem(b);
      for (const name of strip) delete item[name];
      return item;
    });
    await ctx.doc.send(
      new BatchWriteCommand({
        RequestItems: { [ctx.tableName]: items.map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
  return bookings;
}

const booking = (status: Booking['status'], date: string, time: string, extra: Partial<Booking> = {}) =>
  makeBooking({
    status,
    date,
    time,
    hostId: host.id,
    experienceId: experience.id,
    deadline: null,
    email: `${randomUUID().slice(0, 8)}@example.com`,
    ...extra,
  });

/** The due-work reads, recording how many index entries each batch read. */
function recording(due: DueWorkRepository) {
  const reads: number[] = [];
  const spy: DueWorkRepository = {
    toursStarting: async (range, page) => {
      const batch = await due.toursStarting(range, page);
      reads.push(batch.read);
      return batch;
    },
    reviewMailsDue: async (range, page) => {
      const batch = await due.reviewMailsDue(range, page);
      reads.push(batch.read);
      return batch;
    },
    setReviewMailDue: (id, on) => due.setReviewMailDue(id, on),
  };
  return { spy, reads };
}

const completion = (now: Date, due: DueWorkRepository = ctx.repos.due) =>
  makeCompleteBookings({ bookings: ctx.repos.bookings, due, logger: silent, clock: () => now });

function invitations(now: Date, queued: OutboxMail[]) {
  return makeSendReviewInvites({
    due: ctx.repos.due,
    experiences: ctx.repos.experiences,
    reviews: ctx.repos.reviews,
    notifications: { queued: async (mails) => void queued.push(...mails) },
    logger: silent,
    clock: () => now,
    newId: randomUUID,
    newToken: newReviewToken,
    baseUrl: 'https://ehime.example.jp',
    siteName: 'Ehime Experiences',
  });
}

let history: Booking[];
let ended: Booking[];
let running: Booking;
beforeAll(async () => {
  ctx = await setUpRepositories();
  await ctx.repos.hosts.create(host);
  await ctx.repos.experiences.create(experience, []);
  // History: 300 tours of last year, completed and long past their review mails; 100 approved tours in spring.
  history = await put(
    Array.from({ length: 300 }, (_, i) => booking('completed', `2025-0${1 + (i % 9)}-1${i % 10}`, '10:00')),
  );
  await put(
    Array.from({ length: 100 }, (_, i) => booking('approved', `2027-0${1 + (i % 9)}-1${i % 10}`, '10:00')),
  );
  // Due: seven tours that ended yesterday; one that started at 11:00 today and runs two hours.
  ended = await put(Array.from({ length: 7 }, (_, i) => booking('approved', '2026-11-30', `0${i + 1}:00`)));
  running = (await put([booking('approved', '2026-12-01', '11:00', { durationMinutes: 120 })]))[0]!;
}, 120_000);
afterAll(async () => {
  await ctx.drop();
});

describe('completion reads only the tours that have started', () => {
  it('completes exactly the ended tours, reading them and the running one only', async () => {
    const { spy, reads } = recording(ctx.repos.due);
    const result = await completion(NOON, spy)();
    expect(result).toMatchObject({ completed: 7, processed: 7, failed: 0, finished: true, read: 8 });
    expect(reads.reduce((a, b) => a + b, 0)).toBe(8);
    for (const b of ended) expect((await ctx.repos.bookings.get(b.id))?.status).toBe('completed');
    expect((await ctx.repos.bookings.get(running.id))?.status).toBe('approved');
    expect((await ctx.repos.bookings.get(history[0]!.id))?.status).toBe('completed');
    // Done work leaves the index: the next run reads the running tour alone.
    expect(await completion(NOON)()).toMatchObject({ completed: 0, read: 1, finished: true });
  });
});

describe('review invitations go to exactly the due guests, once', () => {
  it('invites the seven guests whose tour was yesterday, once, with two runs at the same moment', async () => {
    const queued: OutboxMail[] = [];
    const [a, b] = await Promise.all([invitations(NOON, queued)(), invitations(NOON, queued)()]);
    expect(a.invites + b.invites).toBe(7);
    // Only the due bookings are read (never the 300 of last year's history).
    expect(a.read).toBeLessThanOrEqual(7);
    expect(b.read).toBeLessThanOrEqual(7);
    expect(queued.map((m) => m.to).sort()).toEqual(ended.map((e) => e.email).sort());
    expect(queued.every((m) => m.kind === 'guest_review_invite')).toBe(true);
    // Invited: their entries moved to the reminder's day, so today's run reads nothing more.
    expect(await invitations(NOON, queued)()).toMatchObject({ invites: 0, read: 0, finished: true });
    expect(queued).toHaveLength(7);
  });

  it('reminds them once on day 5, then they leave the index', async () => {
    const queued: OutboxMail[] = [];
    const day5 = new Date('2026-12-05T03:00:00Z');
    expect(await invitations(day5, queued)()).toMatchObject({ reminders: 7, invites: 0, read: 7 });
    expect(queued.map((m) => m.to).sort()).toEqual(ended.map((e) => e.email).sort());
    expect(await invitations(day5, queued)()).toMatchObject({ reminders: 0, read: 0 });
    expect(await invitations(new Date('2026-12-09T03:00:00Z'), queued)()).toMatchObject({ read: 0 });
    expect(queued).toHaveLength(7);
  });
});

describe('bounded batches handed on', () => {
  it('with batches of 5 and 23 tours due, goes on until none is left', async () => {
    const due = await put(
      Array.from({ length: 23 }, (_, i) =>
        booking('approved', '2026-11-29', `${10 + (i % 10)}:${i < 10 ? '00' : i < 20 ? '15' : '30'}`),
      ),
    );
    const { spy, reads } = recording(ctx.repos.due);
    const result = await completion(NOON, spy)({ batchSize: 5 });
    expect(result).toMatchObject({ completed: 23, finished: true, failed: 0 });
    expect(result.cursor).toBeUndefined();
    expect(Math.max(...reads)).toBeLessThanOrEqual(5);
    expect(reads.length).toBeGreaterThanOrEqual(5);
    for (const b of due) expect((await ctx.repos.bookings.get(b.id))?.status).toBe('completed');
  });

  it('a run stopped by its budget says finished: false, and its cursor finishes the rest', async () => {
    await put(
      Array.from({ length: 12 }, (_, i) =>
        booking('approved', '2026-11-28', `1${i % 10}:${i < 10 ? '00' : '30'}`),
      ),
    );
    const stopped = await completion(NOON)({ batchSize: 5, shouldStop: () => true });
    expect(stopped.finished).toBe(false);
    expect(stopped.cursor).toEqual(expect.any(String));
    expect(stopped.completed).toBeGreaterThan(0);
    expect(stopped.completed).toBeLessThan(12);
    const rest = await completion(NOON)({ batchSize: 5, cursor: stopped.cursor! });
    expect(rest.finished).toBe(true);
    expect(stopped.completed + rest.completed).toBe(12);
  });

  it('reminders: each guest whose tour starts within 24 hours once, and the hosts their list from 17:00', async () => {
    const soon = await put(
      Array.from({ length: 6 }, (_, i) => booking('approved', '2026-12-02', `0${i + 1}:00`)),
    );
    const sendReminders = (now: Date) =>
      makeSendReminders({
        bookings: ctx.repos.bookings,
        due: ctx.repos.due,
        experiences: ctx.repos.experiences,
        hosts: ctx.repos.hosts,
        scheduledMails: new DynamoScheduledMailLog(ctx.doc, ctx.tableName),
        notifications: { queued: async () => {} },
        logger: silent,
        clock: () => now,
        newId: randomUUID,
        baseUrl: 'https://ehime.example.jp',
        siteName: 'Ehime Experiences',
      })({ batchSize: 4 });
    const evening = new Date('2026-12-01T09:00:00Z'); // 18:00 Tokyo
    const first = await sendReminders(evening);
    // Tomorrow's six tours plus today's running one: read; the six reminded; the host listed once.
    expect(first).toMatchObject({ guestReminders: 6, hostLists: 1, failed: 0, finished: true });
    expect(first.read).toBeLessThan(20);
    expect(await sendReminders(evening)).toMatchObject({ guestReminders: 0, hostLists: 0, finished: true });
    expect(soon).toHaveLength(6);
  });
});

describe('back-fill of the due keys', () => {
  it('gives bookings from before the index their keys, once; the jobs then see them', async () => {
    const old = await put(
      [
        ...Array.from({ length: 4 }, (_, i) => booking('approved', '2026-11-27', `1${i}:00`)),
        ...Array.from({ length: 3 }, () => booking('completed', '2026-11-30', '09:00')),
        // Completed long ago: owed no review mail, stays out of the index.
        booking('completed', '2025-03-01', '09:00'),
      ],
      ['GSI8PK', 'GSI8SK'],
    );
    expect(await completion(NOON)()).toMatchObject({ completed: 0 });
    const first = await backfillDueKeys(ctx.doc, ctx.tableName, NOON);
    expect(first.updated).toBe(7);
    expect((await backfillDueKeys(ctx.doc, ctx.tableName, NOON)).updated).toBe(0);
    expect(await completion(NOON)()).toMatchObject({ completed: 4 });
    const queued: OutboxMail[] = [];
    const invited = await invitations(NOON, queued)();
    // The three back-filled guests, the four just completed (tours of the 27th) and the 35 completed by the batch
    // tests above (tours of the 28th and 29th): everyone owed an invitation today, and no one else.
    expect(invited.invites).toBe(3 + 4 + 35);
    expect(queued.map((m) => m.to)).toEqual(expect.arrayContaining(old.slice(0, 4).map((b) => b.email)));
    expect(queued.map((m) => m.to)).toEqual(expect.arrayContaining(old.slice(4, 7).map((b) => b.email)));
    expect(queued.map((m) => m.to)).not.toContain(old[7]!.email);
  });
});

itNeverScanned(() => ctx);
