import { makeBookingNotifications } from '../../../functions/use-cases/mail-notifications';
import { makeBooking, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { createInMemoryRepositories } from '../../support/fakes/in-memory-repositories';
import { RecordingLogger } from '../../support/fakes/recorders';

async function setUp(options: { host?: boolean; experience?: boolean } = {}) {
  const repos = createInMemoryRepositories();
  if (options.host ?? true) await repos.hosts.create(makeHost({ id: 'host-1', email: 'host@example.com' }));
  if (options.experience ?? true) await repos.experiences.create(makeExperience({ id: 'e1' }), []);
  const logger = new RecordingLogger();
  let n = 0;
  const notices = makeBookingNotifications({
    ...repos,
    logger,
    newId: () => `mail-${++n}`,
    baseUrl: 'https://ehime.example.jp',
  });
  const booking = makeBooking({
    experienceId: 'e1',
    hostId: 'host-1',
    email: 'guest@example.com',
    reference: 'REF123',
  });
  return { notices, logger, booking };
}

describe('booking notifications', () => {
  it('renders the request pair for the outbox: the guest’s in the site language they booked in, the host’s in Japanese, with links', async () => {
    const { notices, booking } = await setUp();
    // A guest on the English site who chose a Japanese-speaking tour.
    const japaneseTour = { ...booking, language: 'ja' as const, guestLocale: 'en' as const };
    const mails = await notices.requestReceived(japaneseTour);
    expect(mails.map((m) => [m.id, m.kind, m.language, m.bookingId, m.attachments])).toEqual([
      ['mail-1', 'guest_request_received', 'en', booking.id, []],
      ['mail-2', 'host_new_request', 'ja', booking.id, []],
    ]);
    const [guest, host] = mails;
    expect(guest!.to).toBe('guest@example.com');
    expect(guest!.subject).toBe('Booking request received: Sake brewery tour (Booking ID REF123)');
    expect(guest!.text).toContain('Tour language: Japanese');
    expect(guest!.text).toContain('https://ehime.example.jp/booking-confirmation');
    expect(host!.to).toBe('host@example.com');
    expect(host!.subject).toMatch(/^【新しい予約リクエスト】/);
    expect(host!.html).toContain('REF123');
  });

  it('writes to a guest of the Japanese site in Japanese, whatever the tour language', async () => {
    const { notices, booking } = await setUp();
    const [mail] = await notices.requestReceived({ ...booking, language: 'en', guestLocale: 'ja' });
    expect(mail!.language).toBe('ja');
    expect(mail!.subject).toBe('【予約リクエスト受付】Sake brewery tour（予約番号 REF123）');
    expect(mail!.text).toContain('体験の言語：英語');
  });

  it('names a missing host in the guest’s site language', async () => {
    const { notices, booking } = await setUp({ host: false });
    const [mail] = await notices.requestReceived({ ...booking, language: 'ja', guestLocale: 'en' });
    expect(mail!.text).toContain('Host: The host');
  });

  it('never throws when the experience is gone: no mail is written and the failure is logged', async () => {
    const { notices, logger, booking } = await setUp({ experience: false });
    expect(await notices.requestExpired(booking)).toEqual([]);
    expect(logger.at('error')[0]!.message).toBe('Booking mail not written: the experience no longer exists');
  });

  it('still tells the guest when the host record is missing, and logs the host mail it could not send', async () => {
    const { notices, logger, booking } = await setUp({ host: false });
    expect((await notices.requestExpired(booking)).map((m) => m.to)).toEqual(['guest@example.com']);
    expect(logger.at('error')[0]!.context).toMatchObject({ mail: 'host_request_expired' });
  });

  it('starts delivery of queued mails and never throws when that fails (the sender picks them up later)', async () => {
    const repos = createInMemoryRepositories();
    const logger = new RecordingLogger();
    const queued: string[][] = [];
    const notices = makeBookingNotifications({
      ...repos,
      logger,
      newId: () => 'm',
      baseUrl: 'https://x.example',
      mailsQueued: async (ids) => {
        queued.push(ids);
        throw new Error('SES down');
      },
    });
    const mail = { id: 'm1', kind: 'k', to: 'a@example.com', language: 'en' as const, subject: 's' };
    await notices.queued([{ ...mail, text: 't', html: 'h', attachments: [] }]);
    await notices.queued([]);
    expect(queued).toEqual([['m1']]);
    expect(logger.at('warn')[0]!.context).toMatchObject({ mails: ['m1'] });
  });
});
