import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../../functions/domain/mail-delivery';
import type { OutboxMail } from '../../../functions/use-cases/ports';
import { makeSendMails } from '../../../functions/use-cases/send-mails';
import { InMemoryMailOutbox } from '../../support/fakes/in-memory-mail-outbox';
import { RecordingLogger, RecordingMailer } from '../../support/fakes/recorders';

const T0 = new Date('2026-05-01T00:00:00.000Z');

function setUp() {
  let now = new Date(T0);
  const clock = () => new Date(now);
  const outbox = new InMemoryMailOutbox();
  const mailer = new RecordingMailer();
  const logger = new RecordingLogger();
  const sender = makeSendMails({ outbox, mailer, logger, clock });
  return {
    outbox,
    mailer,
    logger,
    sender,
    clock,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

const mail = (id: string, to = 'guest@example.com'): OutboxMail => ({
  id,
  kind: 'guest_request_received',
  to,
  language: 'en',
  subject: `Subject ${id}`,
  text: 'text',
  html: '<p>html</p>',
  attachments: [{ fileName: 'booking.ics', contentType: 'text/calendar', contentBase64: 'QkVHSU4=' }],
  bookingId: 'b1',
});

describe('the outbox sender', () => {
  it('sends a due mail once, with its attachments, and records it sent', async () => {
    const w = setUp();
    w.outbox.add([mail('m1')], w.clock());
    expect(await w.sender.deliver(['m1'])).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(await w.sender.deliver(['m1'])).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 1 });
    expect(await w.sender.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.mailer.sent[0]!.attachments).toEqual(mail('m1').attachments);
    expect((await w.outbox.get('m1'))!).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null });
  });

  it('retries with backoff and fails the mail after the last attempt', async () => {
    const w = setUp();
    w.mailer.failFor.add('guest@example.com');
    w.outbox.add([mail('m1')], w.clock());
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await w.sender.sendDue()).toMatchObject({ retrying: 1 });
      const stored = (await w.outbox.get('m1'))!;
      expect(stored).toMatchObject({ status: 'pending', attempts: attempt });
      expect(stored.nextAttemptAt).toBe(new Date(w.clock().getTime() + retryDelayMs(attempt)).toISOString());
      // Not due before its time.
      w.advance(retryDelayMs(attempt) - 1);
      expect(await w.sender.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
      w.advance(1);
    }
    expect(await w.sender.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 0 });
    expect((await w.outbox.get('m1'))!).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: 'Mail to guest@example.com refused',
    });
    expect(w.logger.at('error')).toEqual([
      expect.objectContaining({
        message: 'Mail failed',
        context: expect.objectContaining({ mailFailed: 1 }),
      }),
    ]);
    expect((await w.outbox.listFailed()).items.map((m) => m.id)).toEqual(['m1']);
  });

  it('runs two senders at once and every mail goes out exactly once', async () => {
    const w = setUp();
    const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
    w.outbox.add(
      ids.map((id) => mail(id, `${id}@example.com`)),
      w.clock(),
    );
    const [a, b] = await Promise.all([w.sender.sendDue(), w.sender.sendDue()]);
    expect(a.sent + b.sent).toBe(20);
    expect(w.mailer.sent.map((m) => m.to).sort()).toEqual(ids.map((id) => `${id}@example.com`).sort());
  });

  it('takes over a mail whose sender died mid-send once its lease has run out', async () => {
    const w = setUp();
    w.outbox.add([mail('m1')], w.clock());
    const claim = await w.outbox.claim('m1', w.clock(), new Date(w.clock().getTime() + 60_000));
    expect(claim).not.toBeNull();
    expect(await w.sender.sendDue()).toMatchObject({ sent: 0 });
    w.advance(60_000);
    expect(await w.sender.sendDue()).toMatchObject({ sent: 1 });
    // The dead sender's late outcome cannot overwrite the new one.
    expect(await w.outbox.markFailed(claim!, w.clock(), 'late')).toBe(false);
    expect((await w.outbox.get('m1'))!.status).toBe('sent');
  });
});

describe('the stream batch', () => {
  it('takes the ids of inserted mail items and nothing else', async () => {
    const { mailIdsOf } = await import('../../../functions/events/send-mails');
    const record = (image: Record<string, { S: string }> | undefined) => ({
      eventName: 'INSERT' as const,
      dynamodb: image ? { NewImage: image } : {},
    });
    expect(
      mailIdsOf({
        Records: [
          record({ type: { S: 'Mail' }, id: { S: 'm1' } }),
          record({ type: { S: 'Booking' }, id: { S: 'b1' } }),
          record(undefined),
          record({ type: { S: 'Mail' }, id: { S: 'm2' } }),
        ],
      }),
    ).toEqual(['m1', 'm2']);
  });
});
