/**
 * The mail outbox on DynamoDB Local (DESIGN §4f): mail items are written in the transaction of the state change
 * that causes them (none when it is refused), the largest transition stays within DynamoDB Local's 10 items, the
 * claim lets one sender of many have a mail, a dead sender's claim lapses, and failed mails are listed and
 * requeued.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoMailOutbox, MAIL_RETENTION_DAYS } from '../../../functions/adapters/dynamodb/mail-outbox';
import { TTL_ATTRIBUTE } from '../../../functions/adapters/dynamodb/table-definition';
import { DomainError } from '../../../functions/domain/errors';
import type { OutboxMail } from '../../../functions/use-cases/ports';
import {
  id,
  itNeverScanned,
  makeBooking,
  requestBooking,
  setUpRepositories,
  type RepositoryContext,
} from './support';

let ctx: RepositoryContext;
let mails: DynamoMailOutbox;
const outbox = () => mails;
beforeAll(async () => {
  ctx = await setUpRepositories();
  mails = new DynamoMailOutbox(ctx.doc, ctx.tableName);
});
afterAll(async () => {
  await ctx.drop();
});

const AT = new Date('2034-01-01T00:00:00.000Z');
const later = (ms: number) => new Date(AT.getTime() + ms);

const mail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id: id('mail'),
  kind: 'guest_booking_approved',
  to: 'guest@example.com',
  language: 'ja',
  subject: '【予約確定】',
  text: '本文',
  html: '<p>本文</p>',
  attachments: [
    {
      fileName: 'booking.ics',
      contentType: 'text/calendar; method=REQUEST',
      contentBase64: 'QkVHSU46VkNBTEVOREFS',
    },
  ],
  ...overrides,
});

describe('mails written with their transition', () => {
  it('writes the mails in the transition’s transaction, attachments and language kept, due at once', async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    const [guest, host] = [
      mail({ bookingId: booking.id }),
      mail({ bookingId: booking.id, to: 'host@example.com' }),
    ];
    await ctx.repos.bookings.transition(booking.id, 'pending', 'approved', {
      deadline: null,
      now: AT,
      mails: [guest!, host!],
    });
    const stored = await outbox().get(guest!.id);
    expect(stored).toEqual({
      ...guest,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: AT.toISOString(),
      lastError: null,
      createdAt: AT.toISOString(),
      updatedAt: AT.toISOString(),
      sentAt: null,
      failedAt: null,
    });
    const due = (await outbox().listDue(AT, 100)).map((m) => m.id);
    expect(due).toEqual(expect.arrayContaining([guest!.id, host!.id]));
  });

  it('writes no mail when the transition is refused', async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    await ctx.repos.bookings.transition(booking.id, 'pending', 'denied', { deadline: null, now: AT });
    const refused = mail({ bookingId: booking.id });
    const e = await ctx.repos.bookings
      .transition(booking.id, 'pending', 'approved', { deadline: null, now: AT, mails: [refused] })
      .catch((x: unknown) => x as DomainError);
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('state_conflict');
    expect(await outbox().get(refused.id)).toBeNull();
  });

  it('fits the largest transition (hold → request: booking, four counters, two mails) in one transaction', async () => {
    const booking = makeBooking({ experienceId: id('exp'), status: 'awaiting_payment' });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const mails = [mail({ bookingId: booking.id }), mail({ bookingId: booking.id })];
    await ctx.repos.bookings.transition(booking.id, 'awaiting_payment', 'pending', {
      deadline: null,
      now: AT,
      mails,
    });
    for (const m of mails) expect((await outbox().get(m.id))?.status).toBe('pending');
  });

  it('writes the reminder with the one call that records it', async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    const reminders = [1, 2, 3].map(() => mail({ bookingId: booking.id, kind: 'host_request_reminder' }));
    const results = await Promise.all(
      reminders.map((m) => ctx.repos.bookings.markReminded(booking.id, AT, [m])),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const written = await Promise.all(reminders.map((m) => outbox().get(m.id)));
    expect(written.filter(Boolean)).toHaveLength(1);
  });
});

describe('claims', () => {
  it('lets exactly one of many concurrent senders claim a mail, and only its token records the outcome', async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    const m = mail({ bookingId: booking.id });
    await ctx.repos.bookings.transition(booking.id, 'pending', 'approved', {
      deadline: null,
      now: AT,
      mails: [m],
    });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => outbox().claim(m.id, AT, later(60_000))),
    );
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]!.mail).toMatchObject({ status: 'sending', attempts: 1 });
    // Not due while claimed; due again once the lease has run out (a sender that died).
    expect((await outbox().listDue(later(59_000), 100)).map((x) => x.id)).not.toContain(m.id);
    expect((await outbox().listDue(later(60_000), 100)).map((x) => x.id)).toContain(m.id);
    const second = await outbox().claim(m.id, later(60_000), later(120_000));
    expect(second?.mail.attempts).toBe(2);
    expect(await outbox().markSent(won[0]!, later(61_000))).toBe(false);
    expect(await outbox().markSent(second!, later(61_000))).toBe(true);
    expect(await outbox().get(m.id)).toMatchObject({
      status: 'sent',
      sentAt: later(61_000).toISOString(),
    });
    expect((await outbox().listDue(later(3_600_000), 100)).map((x) => x.id)).not.toContain(m.id);
  });

  it('retries later, fails after the last attempt into the failed list, and requeues only a failed mail', async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    const m = mail({ bookingId: booking.id });
    await ctx.repos.bookings.transition(booking.id, 'pending', 'approved', {
      deadline: null,
      now: AT,
      mails: [m],
    });
    const first = (await outbox().claim(m.id, AT, later(60_000)))!;
    expect(await outbox().markRetry(first, AT, later(30_000), 'Throttled')).toBe(true);
    expect(await outbox().claim(m.id, later(29_000), later(90_000))).toBeNull();
    const second = (await outbox().claim(m.id, later(30_000), later(90_000)))!;
    expect(await outbox().markFailed(second, later(31_000), 'ServiceUnavailable')).toBe(true);
    const failed = await outbox().listFailed({ limit: 100 });
    expect(failed.items.find((x) => x.id === m.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'ServiceUnavailable',
    });
    expect(await outbox().claim(m.id, later(3_600_000), later(3_700_000))).toBeNull();

    const requeued = await outbox().requeue(m.id, later(40_000));
    expect(requeued).toMatchObject({ status: 'pending', attempts: 0, failedAt: null });
    expect((await outbox().listFailed({ limit: 100 })).items.map((x) => x.id)).not.toContain(m.id);
    expect((await outbox().listDue(later(40_000), 100)).map((x) => x.id)).toContain(m.id);
    const again = await outbox()
      .requeue(m.id, later(41_000))
      .catch((x: unknown) => x as DomainError);
    expect((again as DomainError).code).toBe('state_conflict');
    const missing = await outbox()
      .requeue(id('mail'), AT)
      .catch((x: unknown) => x as DomainError);
    expect((missing as DomainError).code).toBe('not_found');
  });
});

describe('what a delivered mail keeps (issue 29)', () => {
  const rawItem = async (mailId: string) =>
    (
      await ctx.doc.send(
        new GetCommand({ TableName: ctx.tableName, Key: { PK: `MAIL#${mailId}`, SK: 'MAIL' } }),
      )
    ).Item!;

  it(`expires ${MAIL_RETENTION_DAYS} days after delivery (the table's TTL); a mail not yet sent or failed stays`, async () => {
    const booking = await requestBooking(ctx.repos, makeBooking({ experienceId: id('exp') }));
    const [sent, failing] = [mail({ bookingId: booking.id }), mail({ bookingId: booking.id })];
    await ctx.repos.bookings.transition(booking.id, 'pending', 'approved', {
      deadline: null,
      now: AT,
      mails: [sent, failing],
    });
    expect((await rawItem(sent.id))[TTL_ATTRIBUTE]).toBeUndefined();
    const claim = (await outbox().claim(sent.id, AT, later(60_000)))!;
    expect(await outbox().markSent(claim, later(1_000))).toBe(true);
    const deliveredAt = Math.floor(later(1_000).getTime() / 1000);
    expect((await rawItem(sent.id))[TTL_ATTRIBUTE]).toBe(deliveredAt + MAIL_RETENTION_DAYS * 24 * 3600);

    const failedClaim = (await outbox().claim(failing.id, AT, later(60_000)))!;
    await outbox().markFailed(failedClaim, later(2_000), 'MessageRejected');
    // Admins see failed mails until they resend them: no expiry.
    expect((await rawItem(failing.id))[TTL_ATTRIBUTE]).toBeUndefined();
  });
});

itNeverScanned(() => ctx);
