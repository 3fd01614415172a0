/**
 * The mail outbox through the local stack over HTTP (DESIGN §4f, issue 20): mails wait while SES is down and
 * arrive once it is back, exactly once; a mail that fails every retry is listed for admins and resent from there;
 * two senders at once send each mail once. The SES emulator's outbox is what a guest's inbox would show.
 */
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../../functions/domain/mail-delivery';
import { adminMailMessages } from '../../../functions/domain/schemas/admin-mails';
import { mailOutboxMessages } from '../../../functions/adapters/dynamodb/mail-outbox';
import { DEMO_ADMIN } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  call,
  freeSlots,
  mailsAbout,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let adminToken: string;

beforeAll(async () => {
  world = await startApiWorld('api-mail-outbox-');
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});
afterEach(async () => {
  await call(world, 'POST', '/api/local-faults', { mail: 'up' });
  world.stack.clock.reset();
});

interface SendResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}
interface FailedMail {
  id: string;
  to: string;
  subject: string;
  lastError: string | null;
  attempts: number;
  createdAt: string;
  bookingId: string | null;
}

const mailDown = () => call(world, 'POST', '/api/local-faults', { mail: 'down' });
const mailUp = () => call(world, 'POST', '/api/local-faults', { mail: 'up' });
const sendMails = () => call<SendResult>(world, 'POST', '/api/local-jobs/send-mails');
const failedMails = () =>
  call<{ items: FailedMail[] }>(
    world,
    'GET',
    '/api/admin/mails?status=failed',
    undefined,
    bearer(adminToken),
  );

async function hostEmailOf(experienceId: string) {
  const experience = await world.repo.experiences.get(experienceId);
  return (await world.repo.hosts.get(experience!.hostId))!.email;
}

describe('POST /api/local-faults', () => {
  it('answers the faults in force, and 400 with nothing changed for a bad body', async () => {
    expect(await mailDown()).toMatchObject({ status: 200, body: { mail: 'down' } });
    for (const bad of [{}, { mail: 'sideways' }, { mail: 'up', db: 'down' }, 'not json']) {
      const res = await call<ErrorBody>(world, 'POST', '/api/local-faults', bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await mailUp()).toMatchObject({ status: 200, body: { mail: 'up' } });
  });
});

describe('a booking made while mail is down', () => {
  it('is a request at once; its guest and host mails arrive once mail is back and the sender runs, exactly once', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    await mailDown();
    const { created, body } = await pendingBooking(world, experience.id, slot!);
    // The booking did not wait for SES: it is a request, and its mails wait in the outbox.
    expect((await world.repo.bookings.get(created.bookingId))!.status).toBe('pending');
    expect(await mailsAbout(world, created.reference)).toEqual([]);
    // Still down at the first retry: nothing goes, the mails wait longer.
    world.stack.clock.advanceBy(retryDelayMs(1));
    expect((await sendMails()).body).toMatchObject({ sent: 0, retrying: 2, failed: 0 });
    expect(await mailsAbout(world, created.reference)).toEqual([]);

    await mailUp();
    // Not due yet (backoff): a run now sends nothing.
    expect((await sendMails()).body).toMatchObject({ sent: 0 });
    world.stack.clock.advanceBy(retryDelayMs(2));
    expect((await sendMails()).body).toEqual({ sent: 2, retrying: 0, failed: 0, skipped: 0 });
    expect((await sendMails()).body).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });

    const mails = await mailsAbout(world, created.reference);
    expect(mails.map((m) => m.destination.to[0]).sort()).toEqual(
      [body.guest.email, await hostEmailOf(experience.id)].sort(),
    );
    expect(mails.find((m) => m.destination.to[0] === body.guest.email)!.subject).toMatch(
      /^Booking request received/,
    );
  });

  it('sends at once, in the same request, when mail is up', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    const { created } = await pendingBooking(world, experience.id, slot!);
    expect(await mailsAbout(world, created.reference)).toHaveLength(2);
    expect((await sendMails()).body).toMatchObject({ sent: 0 });
  });
});

describe('a mail that fails every retry', () => {
  it('is failed after the last attempt, listed for admins, and resent from there once', async () => {
    const experience = await addExperience(world);
    const [slot] = await freeSlots(world, experience.id);
    await mailDown();
    const { created, body } = await pendingBooking(world, experience.id, slot!);
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      world.stack.clock.advanceBy(retryDelayMs(attempt));
      const run = (await sendMails()).body;
      expect(run).toMatchObject(
        attempt < MAX_MAIL_ATTEMPTS - 1 ? { retrying: 2, failed: 0 } : { retrying: 0, failed: 2 },
      );
    }
    expect(await mailsAbout(world, created.reference)).toEqual([]);

    const listed = await failedMails();
    expect(listed.status).toBe(200);
    const ours = listed.body.items.filter((m) => m.bookingId === created.bookingId);
    expect(ours).toHaveLength(2);
    const guestMail = ours.find((m) => m.to === body.guest.email)!;
    expect(guestMail).toMatchObject({
      attempts: MAX_MAIL_ATTEMPTS,
      subject: expect.stringContaining(created.reference),
      lastError: expect.stringContaining('ServiceUnavailable'),
      createdAt: expect.any(String),
    });
    // Later runs leave a failed mail alone.
    world.stack.clock.advanceBy(60 * 60_000);
    expect((await sendMails()).body).toMatchObject({ sent: 0, retrying: 0, failed: 0 });

    await mailUp();
    const resent = await call<{ mail: { status: string; attempts: number } }>(
      world,
      'POST',
      `/api/admin/mails/${guestMail.id}/resend`,
      undefined,
      bearer(adminToken),
    );
    expect(resent.status).toBe(200);
    expect(resent.body.mail).toMatchObject({ status: 'sent', attempts: 1 });
    const arrived = await mailsAbout(world, created.reference);
    expect(arrived.map((m) => m.destination.to[0])).toEqual([body.guest.email]);
    // Off the failed list; the host's mail is still there.
    const after = (await failedMails()).body.items.filter((m) => m.bookingId === created.bookingId);
    expect(after.map((m) => m.to)).toEqual([await hostEmailOf(experience.id)]);

    // Resending it again is refused (409, Japanese), and nothing is sent twice.
    const again = await call<ErrorBody>(
      world,
      'POST',
      `/api/admin/mails/${guestMail.id}/resend`,
      undefined,
      bearer(adminToken),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(mailOutboxMessages.notFailed);
    expect(await mailsAbout(world, created.reference)).toHaveLength(1);
  });

  it('answers 404 for an unknown mail, 400 for another status, 401 without an admin token', async () => {
    const unknown = await call<ErrorBody>(
      world,
      'POST',
      '/api/admin/mails/00000000-0000-4000-8000-000000000000/resend',
      undefined,
      bearer(adminToken),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(mailOutboxMessages.notFound);
    const sent = await call<ErrorBody>(
      world,
      'GET',
      '/api/admin/mails?status=sent',
      undefined,
      bearer(adminToken),
    );
    expect(sent.status).toBe(400);
    expect(JSON.stringify(sent.body)).toContain(adminMailMessages.statusUnsupported);
    expect((await call(world, 'GET', '/api/admin/mails?status=failed')).status).toBe(401);
  });
});

describe('two senders at once', () => {
  it('send each mail once', async () => {
    const experience = await addExperience(world);
    const slots = (await freeSlots(world, experience.id)).slice(0, 4);
    await mailDown();
    const bookings = [];
    for (const slot of slots) bookings.push(await pendingBooking(world, experience.id, slot));
    await mailUp();
    world.stack.clock.advanceBy(retryDelayMs(1));
    const runs = await Promise.all([sendMails(), sendMails(), sendMails()]);
    const sent = runs.reduce((n, r) => n + r.body.sent, 0);
    expect(sent).toBe(bookings.length * 2);
    for (const { created } of bookings) {
      expect(await mailsAbout(world, created.reference)).toHaveLength(2);
    }
  });
});
