/**
 * Issue 19: every guest mail is written in the site language the guest booked in (`guestLocale`), subjects
 * included, for all four site languages; nothing of another language's template leaks in.
 */
import { guestLocales, type Booking, type GuestLocale } from '../../../../functions/domain/entities';
import { siteLanguageNameJa } from '../../../../functions/domain/languages';
import { createBookingRequestSchema } from '../../../../functions/domain/schemas/booking';
import type { MailExperience } from '../../../../functions/adapters/mail/templates/booking-mail';
import { guestBookingCancelledMail } from '../../../../functions/adapters/mail/templates/booking-cancelled';
import { guestBookingApprovedMail } from '../../../../functions/adapters/mail/templates/guest-booking-approved';
import { guestBookingDeniedMail } from '../../../../functions/adapters/mail/templates/guest-booking-denied';
import { guestBookingExpiredMail } from '../../../../functions/adapters/mail/templates/guest-booking-expired';
import { guestRequestReceivedMail } from '../../../../functions/adapters/mail/templates/guest-request-received';
import { guestReviewInviteMail } from '../../../../functions/adapters/mail/templates/guest-review-invite';
import { guestTourReminderMail } from '../../../../functions/adapters/mail/templates/guest-tour-reminder';
import { calendarEvent } from '../../../../functions/adapters/mail/calendar-invite';
import type { RenderedMail } from '../../../../functions/adapters/mail/templates/layout';

const booking = (guestLocale: GuestLocale, patch: Partial<Booking> = {}): Booking => ({
  id: 'bk_1',
  reference: 'ABC123',
  experienceId: 'exp_1',
  hostId: 'host_1',
  date: '2026-05-01',
  time: '10:00',
  guests: 2,
  language: 'en',
  firstName: 'Minji',
  lastName: 'Kim',
  email: 'guest@example.com',
  phone: '+82 10 1234 5678',
  nationality: 'Korea',
  specialRequests: null,
  unitPrice: 12_000,
  amount: 24_000,
  currency: 'JPY',
  status: 'pending',
  paymentProvider: 'local',
  paymentIntentId: 'pi_local_x',
  deadline: '2026-05-03T01:15:00.000Z',
  deniedMessage: null,
  guestLocale,
  experienceTitle: 'Tea ceremony',
  decidedBy: null,
  decidedAt: null,
  reminderSentAt: null,
  createdAt: '2026-05-01T01:15:00.000Z',
  updatedAt: '2026-05-01T01:15:00.000Z',
  ...patch,
});

const experience: MailExperience & { thingsToKnowClothes: null; thingsToKnowNote: null } = {
  id: 'exp_1',
  title: 'Tea ceremony',
  postalCode: '790-0001',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  district: '',
  streetAddress: '1-2-3',
  building: null,
  mapLat: null,
  mapLng: null,
  cancellationPolicy: null,
  thingsToKnowClothes: null,
  thingsToKnowNote: null,
};

const base = { hostBusinessName: 'Dogo Tea House', baseUrl: 'https://example.jp' };

function allMails(locale: GuestLocale): Record<string, RenderedMail> {
  const b = booking(locale);
  return {
    received: guestRequestReceivedMail({ ...base, booking: b, experience }),
    approved: guestBookingApprovedMail({ ...base, booking: { ...b, status: 'approved' }, experience }),
    denied: guestBookingDeniedMail({
      ...base,
      booking: { ...b, status: 'denied' },
      experience,
      reason: null,
    }),
    expired: guestBookingExpiredMail({ ...base, booking: b, experience, cause: 'host_no_response' }),
    holdLapsed: guestBookingExpiredMail({ ...base, booking: b, experience, cause: 'hold_lapsed' }),
    cancelled: guestBookingCancelledMail({
      ...base,
      booking: {
        ...b,
        status: 'cancelled',
        cancelledBy: 'host',
        refundStatus: 'succeeded',
        refundAmount: 24_000,
      },
      experience,
    }),
    reminder: guestTourReminderMail({
      ...base,
      booking: { ...b, status: 'approved' },
      experience,
      host: null,
    }),
  };
}

/** Letters of the language's own script, and English words its mails must not carry. */
const SCRIPT: Record<Exclude<GuestLocale, 'en'>, RegExp> = {
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  'zh-Hant': /[\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
};
const ENGLISH_SENTENCE = /\b(the|your|has been|booking|card)\b/i;

describe.each(['ja', 'zh-Hant', 'ko'] as const)('guest mails in %s', (locale) => {
  const mails = allMails(locale);
  it.each(Object.keys(mails))('%s: subject and body are in the language, no English sentence', (name) => {
    const mail = mails[name]!;
    expect(mail.subject).toMatch(SCRIPT[locale]);
    expect(mail.subject).toContain('ABC123');
    // Strip what stays as written (the experience title, host and guest names, the address and links).
    const prose = mail.text
      .replace(/Tea ceremony|Dogo Tea House|Minji|Kim|guest@example\.com|Matsuyama|Ehime|https?:\/\/\S+/g, '')
      .replace(/JPY/g, '');
    expect(prose).toMatch(SCRIPT[locale]);
    expect(prose).not.toMatch(ENGLISH_SENTENCE);
  });
});

describe.each(['ja', 'zh-Hant', 'ko'] as const)('the review invitation in %s', (locale) => {
  const invite = (reminder: boolean) =>
    guestReviewInviteMail({
      ...base,
      booking: { ...booking(locale), status: 'completed' },
      experience,
      token: 'tok_1',
      reminder,
    });
  it.each([false, true])(
    'reminder %s: in the language, linking to the review page of the language',
    (reminder) => {
      const mail = invite(reminder);
      expect(mail.subject).toMatch(SCRIPT[locale]);
      expect(mail.subject).toContain('Tea ceremony');
      const prose = mail.text.replace(
        /Tea ceremony|Dogo Tea House|Minji|Kim|guest@example\.com|https?:\/\/\S+/g,
        '',
      );
      expect(prose).toMatch(SCRIPT[locale]);
      expect(prose).not.toMatch(ENGLISH_SENTENCE);
      expect(mail.text).toContain(`https://example.jp/${locale.toLowerCase()}/review/tok_1`);
      expect(mail.html).toContain(`<html lang="${locale}">`);
    },
  );
});

it('writes the Korean review invitation in Korean, the English one linking at the root', () => {
  const input = { ...base, experience, token: 'tok_1', reminder: false };
  const ko = guestReviewInviteMail({ ...input, booking: { ...booking('ko'), status: 'completed' } });
  expect(ko.subject).toBe('「Tea ceremony」 체험은 어떠셨나요?');
  expect(ko.text).toContain('2026년 5월 1일 (금)');
  expect(ko.text).toContain('30일간 유효');
  const en = guestReviewInviteMail({ ...input, booking: { ...booking('en'), status: 'completed' } });
  expect(en.subject).toBe('How was Tea ceremony?');
  expect(en.text).toContain('https://example.jp/review/tok_1');
});

it('writes the Korean received mail in Korean with Korean dates and yen', () => {
  const mail = allMails('ko').received!;
  expect(mail.subject).toBe('예약 요청 접수: Tea ceremony (예약 번호 ABC123)');
  expect(mail.text).toContain('2026년 5월 1일 (금)');
  expect(mail.text).toContain('24,000엔 (소비세 포함)');
  expect(mail.html).toContain('<html lang="ko">');
});

it('writes the calendar file of every language in that language', () => {
  const input = { ...base, siteName: 'Ehime', experience };
  expect(calendarEvent({ ...input, booking: booking('ko') }, 'REQUEST').description).toContain(
    '예약 번호 ABC123',
  );
  expect(calendarEvent({ ...input, booking: booking('zh-Hant') }, 'REQUEST').description).toContain(
    '預訂編號',
  );
});

it('accepts the four site languages as guestLocale and refuses others', () => {
  const request = {
    experienceId: 'exp_1',
    date: '2026-05-01',
    time: '10:00',
    guests: 2,
    language: 'en',
    guest: {
      firstName: 'Minji',
      lastName: 'Kim',
      email: 'guest@example.com',
      phone: '+82 10 1234 5678',
      nationality: 'Korea',
    },
  };
  for (const locale of guestLocales) {
    const parsed = createBookingRequestSchema.safeParse({ ...request, guestLocale: locale });
    expect(parsed.success, locale).toBe(true);
  }
  expect(createBookingRequestSchema.safeParse({ ...request, guestLocale: 'zh' }).success).toBe(false);
});

it('names the language a guest is mailed in for the Japanese back office', () => {
  expect(guestLocales.map(siteLanguageNameJa)).toEqual(['英語', '日本語', '繁体字中国語', '韓国語']);
});
