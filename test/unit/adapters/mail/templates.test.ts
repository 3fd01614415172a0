import type { Booking } from '../../../../functions/domain/entities';
import type { MailExperience } from '../../../../functions/adapters/mail/templates/booking-mail';
import { formatYen } from '../../../../functions/adapters/mail/templates/format';
import { guestBookingApprovedMail } from '../../../../functions/adapters/mail/templates/guest-booking-approved';
import { guestBookingDeniedMail } from '../../../../functions/adapters/mail/templates/guest-booking-denied';
import { guestBookingExpiredMail } from '../../../../functions/adapters/mail/templates/guest-booking-expired';
import { guestRequestReceivedMail } from '../../../../functions/adapters/mail/templates/guest-request-received';
import { hostNewRequestMail } from '../../../../functions/adapters/mail/templates/host-new-request';
import { hostRequestExpiredMail } from '../../../../functions/adapters/mail/templates/host-request-expired';
import type { RenderedMail } from '../../../../functions/adapters/mail/templates/layout';

const booking = (patch: Partial<Booking> = {}): Booking => ({
  id: 'bk_1',
  reference: 'ABC123',
  experienceId: 'exp_1',
  hostId: 'host_1',
  date: '2025-05-01',
  time: '10:00',
  guests: 2,
  language: 'en',
  firstName: 'Alex',
  lastName: 'Smith',
  email: 'alex@example.com',
  phone: '+44 20 7946 0000',
  nationality: 'United Kingdom',
  specialRequests: null,
  unitPrice: 12_000,
  amount: 24_000,
  currency: 'JPY',
  status: 'pending',
  paymentProvider: 'local',
  paymentIntentId: 'pi_local_x',
  // 2025-05-03 10:15 in Tokyo.
  deadline: '2025-05-03T01:15:00.000Z',
  deniedMessage: null,
  guestLocale: 'en',
  experienceTitle: 'Tea ceremony in Matsuyama',
  decidedBy: null,
  decidedAt: null,
  reminderSentAt: null,
  createdAt: '2025-05-01T01:15:00.000Z',
  updatedAt: '2025-05-01T01:15:00.000Z',
  ...patch,
});

const experience: MailExperience = {
  id: 'exp_1',
  title: 'Tea ceremony in Matsuyama',
  postalCode: '790-0001',
  prefecture: '愛媛県',
  city: '松山市',
  district: '道後湯之町',
  streetAddress: '5-6',
  building: null,
  mapLat: 33.852,
  mapLng: 132.786,
  cancellationPolicy: null,
};

/** `language` is the site language the guest booked in (`guestLocale`): the language of every guest mail. */
const base = (language: 'en' | 'ja', patch: Partial<Booking> = {}) => ({
  booking: booking({ guestLocale: language, ...patch }),
  experience,
  hostBusinessName: 'Dogo Tea House',
  baseUrl: 'https://ehime.example/',
});

type GuestTemplate = (language: 'en' | 'ja', patch?: Partial<Booking>) => RenderedMail;

const guestTemplates: Record<string, GuestTemplate> = {
  'request received': (l, p) => guestRequestReceivedMail(base(l, p)),
  approved: (l, p) => guestBookingApprovedMail(base(l, { status: 'approved', ...p })),
  denied: (l, p) =>
    guestBookingDeniedMail(base(l, { status: 'denied', deniedMessage: 'Fully booked', ...p })),
  'expired (hold lapsed)': (l, p) =>
    guestBookingExpiredMail({ ...base(l, { status: 'expired', ...p }), cause: 'hold_lapsed' }),
  'expired (no host answer)': (l, p) =>
    guestBookingExpiredMail({ ...base(l, { status: 'expired', ...p }), cause: 'host_no_response' }),
};

const hostTemplates: Record<string, (patch?: Partial<Booking>) => RenderedMail> = {
  'new request': (p) => hostNewRequestMail(base('en', p)),
  'request expired': (p) => hostRequestExpiredMail(base('en', { status: 'expired', ...p })),
};

const subjectMarks: Record<string, { en: RegExp; ja: RegExp }> = {
  'request received': { en: /^Booking request received: /, ja: /^【予約リクエスト受付】/ },
  approved: { en: /^Booking confirmed: /, ja: /^【予約確定】/ },
  denied: { en: /^Your booking request could not be accepted/, ja: /^【予約不成立】/ },
  'expired (hold lapsed)': { en: /^Your booking request has expired/, ja: /^【予約リクエスト期限切れ】/ },
  'expired (no host answer)': { en: /^Your booking request has expired/, ja: /^【予約リクエスト期限切れ】/ },
};

/** Every booking mail shows the tour's span and length (DESIGN §4j); the fixture's tour lasts an hour. */
const expected = {
  en: {
    amount: '¥24,000',
    date: '2025-05-01 (Thu)',
    time: '10:00–11:00 (Japan time) · 1 hour',
    ref: 'Booking ID',
  },
  ja: {
    amount: '24,000円',
    date: '2025年5月1日（木）',
    time: '10:00–11:00（日本時間） · 1時間',
    ref: '予約番号',
  },
};

describe('guest mails', () => {
  describe.each(Object.entries(guestTemplates))('%s', (name, render) => {
    it.each(['en', 'ja'] as const)(
      'in %s: subject, reference, amount, date and time in both parts',
      (language) => {
        const mail = render(language);
        const facts = expected[language];
        expect(mail.subject).toMatch(subjectMarks[name]![language]);
        expect(mail.subject).toContain('ABC123');
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain('ABC123');
          expect(part).toContain(facts.ref);
          expect(part).toContain(facts.amount);
          expect(part).toContain(facts.date);
          expect(part).toContain(facts.time);
          expect(part).toContain('Tea ceremony in Matsuyama');
          expect(part).toContain('Dogo Tea House');
        }
        expect(mail.html).toContain(`<html lang="${language}">`);
      },
    );

    it('escapes a guest name, title and host name typed as HTML', () => {
      const mail = render('en', { firstName: '<script>alert(1)</script>' });
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // Plain text is not HTML: the name reads as typed.
      expect(mail.text).toContain('<script>alert(1)</script>');
    });
  });

  it('the request-received mail promises the 48-hour answer with its deadline, and says the card is not charged', () => {
    const en = guestRequestReceivedMail(base('en'));
    expect(en.text).toContain('within 48 hours (by 2025-05-03 (Sat) 10:15 (Japan time))');
    expect(en.text).toContain('Your card has been authorised for ¥24,000 but not charged.');
    expect(en.text).toContain('Manage your booking:\nhttps://ehime.example/booking-confirmation');
    expect(en.html).toContain('href="https://ehime.example/booking-confirmation"');
    expect(en.text).toMatch(/^Dear Alex Smith,/);

    const ja = guestRequestReceivedMail(base('ja'));
    expect(ja.text).toMatch(/^Alex Smith 様/);
    expect(ja.text).toContain('48時間以内（2025年5月3日（土） 10:15（日本時間）まで）');
    expect(ja.text).toContain('まだ請求されていません');
    expect(ja.html).toContain('href="https://ehime.example/ja/booking-confirmation"');
  });

  it('the approved mail gives the meeting point, a map link, the charge and the cancellation policy', () => {
    const en = guestBookingApprovedMail(base('en', { status: 'approved' }));
    expect(en.text).toContain('Meeting point');
    // The same order as the booking pages: street first in English, prefecture first in Japanese.
    // Prefecture and city in the reader's script (issue 32 item 6), the rest as the host wrote it.
    expect(en.text).toContain('5-6, 道後湯之町, Matsuyama, Ehime 〒790-0001');
    const ja = guestBookingApprovedMail(base('ja', { status: 'approved' }));
    expect(ja.text).toContain('〒790-0001 愛媛県 松山市 道後湯之町 5-6');
    expect(en.text).toContain('https://www.google.com/maps/search/?api=1&query=33.852,132.786');
    expect(en.text).toContain('your card has now been charged ¥24,000');
    // No policy of its own and no host rule: the default 7 days / 100 %.
    expect(en.text).toContain('Cancel at least 7 days before the experience for a 100% refund.');

    const hostRule = guestBookingApprovedMail({
      ...base('ja', { status: 'approved' }),
      hostCancellationPolicy: { days: 3, refundPercentage: 50 },
    });
    expect(hostRule.text).toContain('キャンセルポリシー');
    expect(hostRule.text).toContain('体験日の3日前までのキャンセルは、料金の50%を返金いたします。');

    const own = guestBookingApprovedMail({
      ...base('en', { status: 'approved' }),
      experience: {
        ...experience,
        cancellationPolicy: 'Free cancellation until 2 days before.\n<b>No refund</b> after.',
      },
    });
    expect(own.text).toContain('Free cancellation until 2 days before.\n<b>No refund</b> after.');
    expect(own.html).toContain(
      'Free cancellation until 2 days before.<br>&lt;b&gt;No refund&lt;/b&gt; after.',
    );
    expect(own.text).not.toContain('Cancel at least 7 days');
    // The experience's own text is the whole policy: the standard terms are not appended to it a second time.
    expect(own.text).not.toContain('Refund handling fees are borne by the guest');
    expect(en.text).toContain('Refund handling fees are borne by the guest');
  });

  it("the denied mail carries the host's reason, escaped, and says the card was not charged", () => {
    const mail = guestBookingDeniedMail(
      base('en', { status: 'denied', deniedMessage: 'Closed for a <festival>' }),
    );
    expect(mail.text).toContain('Message from the host');
    expect(mail.text).toContain('Closed for a <festival>');
    expect(mail.html).toContain('Closed for a &lt;festival&gt;');
    expect(mail.text).toContain('Your card has not been charged');
    expect(mail.text).toContain('https://ehime.example/experience/exp_1');

    const ja = guestBookingDeniedMail({ ...base('ja', { status: 'denied' }), reason: '当日は休業日です' });
    expect(ja.text).toContain('ホストからのメッセージ');
    expect(ja.text).toContain('当日は休業日です');

    const noReason = guestBookingDeniedMail(base('en', { status: 'denied' }));
    expect(noReason.text).not.toContain('Message from the host');
  });

  it('the expired mail tells a lapsed hold from a host who did not answer', () => {
    const hold = guestBookingExpiredMail({ ...base('en', { status: 'expired' }), cause: 'hold_lapsed' });
    const host = guestBookingExpiredMail({ ...base('en', { status: 'expired' }), cause: 'host_no_response' });
    expect(hold.text).toContain('held the time slot below for 15 minutes');
    expect(hold.text).toContain('Book again');
    expect(host.text).toContain('Dogo Tea House did not answer your booking request within 48 hours');
    expect(host.text).toContain('the authorisation of ¥24,000 has been released');
    for (const mail of [hold, host]) expect(mail.text).toContain('Your card has not been charged');

    const holdJa = guestBookingExpiredMail({ ...base('ja', { status: 'expired' }), cause: 'hold_lapsed' });
    const hostJa = guestBookingExpiredMail({
      ...base('ja', { status: 'expired' }),
      cause: 'host_no_response',
    });
    expect(holdJa.text).toContain('15分間お取り置き');
    expect(hostJa.text).toContain('48時間以内に返答がなかった');
  });

  describe.each(Object.entries(guestTemplates))('%s', (name, render) => {
    it('is written in the language of the site the guest booked on, not in the tour language', () => {
      // An English-reading guest who books a Japanese-speaking tour.
      const mail = render('en', { language: 'ja' });
      expect(mail.subject).toMatch(subjectMarks[name]![`en`]);
      expect(mail.html).toContain('<html lang="en">');
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Booking ID');
        expect(part).not.toMatch(/[\u3040-\u30ff]/); // no kana anywhere
      }
      // The tour language is a fact of the booking, shown as such.
      expect(mail.text).toContain('Tour language: Japanese\n');
      expect(render('en').text).toContain('Tour language: English\n');
      expect(render('ja', { language: 'ja' }).text).toContain('体験の言語：日本語\n');
      expect(render('ja', { language: 'en' }).text).toContain('体験の言語：英語\n');
    });
  });

  it('repeats the special requests to the guest and passes them to the host', () => {
    const patch = { specialRequests: 'Vegetarian, please' };
    expect(guestRequestReceivedMail(base('en', patch)).text).toContain(
      'Special requests: Vegetarian, please',
    );
    expect(guestRequestReceivedMail(base('ja', patch)).text).toContain('ご要望：Vegetarian, please');
    expect(guestRequestReceivedMail(base('en')).text).not.toContain('Special requests');
    expect(hostNewRequestMail(base('en', patch)).text).toContain('ご要望：Vegetarian, please');
  });
});

describe('host mails (Japanese)', () => {
  describe.each(Object.entries(hostTemplates))('%s', (_name, render) => {
    it('has the reference, amount, date, time and a link to the host bookings page', () => {
      const mail = render();
      expect(mail.subject).toContain('ABC123');
      expect(mail.subject).toContain('2025年5月1日（木） 10:00–11:00');
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('予約番号');
        expect(part).toContain('ABC123');
        expect(part).toContain('24,000円');
        expect(part).toContain('2025年5月1日（木）');
        expect(part).toContain('10:00–11:00（日本時間） · 1時間');
        expect(part).toContain('Alex Smith');
        expect(part).toContain('https://ehime.example/host/bookings');
      }
      expect(mail.text).toMatch(/^Dogo Tea House 様/);
      expect(mail.html).toContain('<html lang="ja">');
    });

    it('escapes the guest name', () => {
      const mail = render({ lastName: '<img src=x onerror=alert(1)>' });
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });
  });

  it('the new-request mail names the deadline and the subject starts with its mark', () => {
    const mail = hostNewRequestMail(base('en'));
    expect(mail.subject).toMatch(/^【新しい予約リクエスト】Tea ceremony in Matsuyama/);
    expect(mail.text).toContain('2025年5月3日（土） 10:15（日本時間）まで');
    expect(mail.text).toContain('希望言語：英語');
    expect(hostNewRequestMail(base('en', { language: 'ja' })).text).toContain('希望言語：日本語');
  });

  it('the request-expired mail says the card was not charged and the slot is open again', () => {
    const mail = hostRequestExpiredMail(base('ja', { status: 'expired' }));
    expect(mail.subject).toMatch(/^【予約リクエスト失効】/);
    expect(mail.text).toContain('料金は請求されていません');
    expect(mail.text).toContain('再び予約を受け付けています');
  });
});

describe('mail formatting', () => {
  it('keeps a subject on one line whatever the title holds', () => {
    const mail = guestRequestReceivedMail({
      ...base('en'),
      experience: { ...experience, title: 'Tea\r\nBcc: someone@example.com' },
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Tea Bcc: someone@example.com');
  });

  it('formats yen with thousands separators and no decimals', () => {
    expect(formatYen(1_234_567, 'en')).toBe('¥1,234,567');
    expect(formatYen(1_234_567, 'ja')).toBe('1,234,567円');
    expect(formatYen(800, 'en')).toBe('¥800');
  });

  it('shows a single guest in the singular', () => {
    expect(guestRequestReceivedMail(base('en', { guests: 1, amount: 12_000 })).text).toContain(
      'Guests: 1 guest\n',
    );
  });
});

describe('tours with a length and one policy (issue 30)', () => {
  it('shows an 8-hour tour’s span and length in a guest mail and a host mail', () => {
    const day = { durationMinutes: 480, time: '08:00' };
    expect(guestRequestReceivedMail(base('en', day)).text).toContain('08:00–16:00 (Japan time) · 8 hours');
    expect(guestRequestReceivedMail(base('ja', day)).text).toContain('08:00–16:00（日本時間） · 8時間');
    const host = hostNewRequestMail(base('en', day));
    expect(host.subject).toContain('08:00–16:00');
    expect(host.text).toContain('08:00–16:00（日本時間） · 8時間');
    const night = guestRequestReceivedMail(base('en', { durationMinutes: 360, time: '20:00' }));
    expect(night.text).toContain('20:00–02:00 (+1) (Japan time) · 6 hours');
  });

  it('says the refund rule first and the host’s own text as the host’s notes, in the guest’s language', () => {
    const rule = [{ daysBefore: 3, refundPercentage: 50 }];
    const notes = {
      ...experience,
      cancellationPolicy: 'Rain or shine; we decide by 7 PM the evening before.',
    };
    const en = guestBookingApprovedMail({
      ...base('en', { status: 'approved', refundRule: rule }),
      experience: notes,
    });
    const ruleAt = en.text.indexOf('50% refund up to 3 days before the start');
    const notesAt = en.text.indexOf('Notes from the host: Rain or shine');
    expect(ruleAt).toBeGreaterThan(-1);
    expect(notesAt).toBeGreaterThan(ruleAt);
    const ja = guestBookingApprovedMail({
      ...base('ja', { status: 'approved', refundRule: rule }),
      experience: notes,
    });
    expect(ja.text).toContain('3日前まで50%返金');
    expect(ja.text).toContain('ホストからの補足：Rain or shine');
  });
});
