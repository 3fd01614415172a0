import { makeBookingNotifications } from '../../../functions/use-cases/mail-notifications';
import { makeBooking, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { createInMemoryRepositories } from '../../support/fakes/in-memory-repositories';
import { RecordingLogger, RecordingMailer } from '../../support/fakes/recorders';

async function setUp(options: { host?: boolean; experience?: boolean } = {}) {
  const repos = createInMemoryRepositories();
  if (options.host ?? true) await repos.hosts.create(makeHost({ id: 'host-1', email: 'host@example.com' }));
  if (options.experience ?? true) await repos.experiences.create(makeExperience({ id: 'e1' }), []);
  const mailer = new RecordingMailer();
  const logger = new RecordingLogger();
  const notices = makeBookingNotifications({ ...repos, mailer, logger, baseUrl: 'https://ehime.example.jp' });
  const booking = makeBooking({
    experienceId: 'e1',
    hostId: 'host-1',
    email: 'guest@example.com',
    reference: 'REF123',
  });
  return { notices, mailer, logger, booking };
}

describe('booking notifications', () => {
  it('sends the request pair: the guest’s in the site language they booked in, the host’s in Japanese, with links', async () => {
    const { notices, mailer, booking } = await setUp();
    // A guest on the English site who chose a Japanese-speaking tour.
    const japaneseTour = { ...booking, language: 'ja' as const, guestLocale: 'en' as const };
    expect(await notices.requestReceived(japaneseTour)).toEqual({ sent: 2, failed: 0 });
    const [guest, host] = mailer.sent;
    expect(guest!.to).toBe('guest@example.com');
    expect(guest!.subject).toBe('Booking request received: Sake brewery tour (Booking ID REF123)');
    expect(guest!.text).toContain('Tour language: Japanese');
    expect(guest!.text).toContain('https://ehime.example.jp/booking-confirmation');
    expect(host!.to).toBe('host@example.com');
    expect(host!.subject).toMatch(/^【新しい予約リクエスト】/);
    expect(host!.html).toContain('REF123');
  });

  it('writes to a guest of the Japanese site in Japanese, whatever the tour language', async () => {
    const { notices, mailer, booking } = await setUp();
    await notices.requestReceived({ ...booking, language: 'en', guestLocale: 'ja' });
    expect(mailer.sent[0]!.subject).toBe('【予約リクエスト受付】Sake brewery tour（予約番号 REF123）');
    expect(mailer.sent[0]!.text).toContain('体験の言語：英語');
  });

  it('names a missing host in the guest’s site language', async () => {
    const { notices, mailer, booking } = await setUp({ host: false });
    await notices.requestReceived({ ...booking, language: 'ja', guestLocale: 'en' });
    expect(mailer.sent[0]!.text).toContain('Host: The host');
  });

  it('never throws when the experience is gone: nothing is sent and the failure is logged', async () => {
    const { notices, mailer, logger, booking } = await setUp({ experience: false });
    expect(await notices.requestExpired(booking)).toEqual({ sent: 0, failed: 2 });
    expect(mailer.sent).toEqual([]);
    expect(logger.at('error')[0]!.message).toBe('Booking mail not sent: the experience no longer exists');
  });

  it('still tells the guest when the host record is missing, and logs the host mail it could not send', async () => {
    const { notices, mailer, logger, booking } = await setUp({ host: false });
    expect(await notices.requestExpired(booking)).toEqual({ sent: 1, failed: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['guest@example.com']);
    expect(logger.at('error')[0]!.context).toMatchObject({ mail: 'host_request_expired' });
  });

  it('logs a refused mail and carries on with the next one', async () => {
    const { notices, mailer, logger, booking } = await setUp();
    mailer.failFor.add('guest@example.com');
    expect(await notices.requestReceived(booking)).toEqual({ sent: 1, failed: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['host@example.com']);
    expect(logger.at('error')[0]!.context).toMatchObject({
      bookingId: booking.id,
      mail: 'guest_request_received',
    });
  });
});
