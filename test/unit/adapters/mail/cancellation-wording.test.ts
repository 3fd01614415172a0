/**
 * Issue 32 items 1 and 12: the cancellation mail words what really comes back (the whole charge, part of it,
 * nothing, or a released authorisation) in each of the four guest languages, and a host's or an admin's reason
 * written in Japanese is shown as written, with a line in the guest's language saying who wrote it in Japanese.
 */
import type { Booking, CancellingParty, GuestLocale } from '../../../../functions/domain/entities';
import { isJapaneseFor } from '../../../../functions/domain/languages';
import {
  guestBookingCancelledMail,
  hostBookingCancelledMail,
} from '../../../../functions/adapters/mail/templates/booking-cancelled';
import { guestBookingDeniedMail } from '../../../../functions/adapters/mail/templates/guest-booking-denied';
import { hostDayListMail } from '../../../../functions/adapters/mail/templates/host-day-list';
import { hostNewRequestMail } from '../../../../functions/adapters/mail/templates/host-new-request';
import { makeBooking, makeExperience } from '../../../support/fakes/fixtures';

/** A cancelled booking of ¥24,000 (2 × ¥12,000), a Japanese mobile number, in the guest's language. */
const booking = (guestLocale: GuestLocale, patch: Partial<Booking> = {}): Booking =>
  makeBooking({
    id: 'bk_1',
    firstName: 'Alex',
    lastName: 'Smith',
    phone: '+819012345678',
    nationality: 'United Kingdom',
    unitPrice: 12_000,
    amount: 24_000,
    status: 'cancelled',
    paymentProvider: 'local',
    paymentIntentId: 'pi_local_x',
    deadline: null,
    guestLocale,
    experienceTitle: 'Tea ceremony',
    ...patch,
  });

const experience = makeExperience({ id: 'exp_1', title: 'Tea ceremony' });

const input = (b: Booking) => ({
  booking: b,
  experience,
  hostBusinessName: 'Dogo Tea House',
  baseUrl: 'https://example.jp',
});

const cancelled = (
  locale: GuestLocale,
  by: CancellingParty,
  refundAmount: number | null,
  reason: string | null = null,
) =>
  guestBookingCancelledMail(
    input(
      booking(locale, {
        cancelledBy: by,
        cancellationReason: reason,
        refundAmount,
        refundStatus: refundAmount === null ? null : 'succeeded',
      }),
    ),
  ).text;

describe('the cancellation mail says what really comes back', () => {
  const cases: Record<GuestLocale, { full: string; partial: string; none: string; policy: string }> = {
    en: {
      full: 'The full amount you paid, ¥24,000, will be refunded to your card.',
      partial: '¥5,000 of the ¥24,000 you paid will be refunded to your card.',
      none: 'No refund is made for this cancellation: the ¥24,000 you paid is not refunded.',
      policy: 'Under the cancellation policy, this cancellation is not refunded (you paid ¥24,000).',
    },
    ja: {
      full: 'お支払いの全額24,000円をご利用のカードに返金いたします。',
      partial: 'お支払い額24,000円のうち5,000円をご利用のカードに返金いたします。',
      none: '今回のキャンセルでは返金はありません（お支払い額 24,000円）。',
      policy: 'キャンセルポリシーにより、今回のキャンセルでは返金はありません（お支払い額 24,000円）。',
    },
    'zh-Hant': {
      full: '您支付的全額 ¥24,000 將退還至您的信用卡。',
      partial: '您支付的 ¥24,000 中，¥5,000 將退還至您的信用卡。',
      none: '本次取消不予退款：您支付的 ¥24,000 將不會退還。',
      policy: '依照取消政策，本次取消不予退款（您支付的金額為 ¥24,000）。',
    },
    ko: {
      full: '결제하신 전액 24,000엔이(가) 카드로 환불됩니다.',
      partial: '결제하신 24,000엔 중 5,000엔이(가) 카드로 환불됩니다.',
      none: '이번 취소는 환불되지 않습니다. 결제하신 24,000엔은(는) 환불되지 않습니다.',
      policy: '취소 정책에 따라 이번 취소는 환불되지 않습니다(결제 금액 24,000엔).',
    },
  };

  describe.each(Object.entries(cases))('in %s', (locale, want) => {
    const l = locale as GuestLocale;
    it('the whole charge, part of it, nothing (by an admin or by the policy)', () => {
      expect(cancelled(l, 'host', 24_000)).toContain(want.full);
      const partial = cancelled(l, 'admin', 5_000);
      expect(partial).toContain(want.partial);
      expect(partial).not.toContain(want.none);
      const none = cancelled(l, 'admin', 0);
      expect(none).toContain(want.none);
      expect(none).not.toContain(want.policy);
      expect(cancelled(l, 'guest', 0)).toContain(want.policy);
    });
  });

  it('a request cancelled before any charge: the authorisation is released, no refund is mentioned', () => {
    const text = cancelled('en', 'admin', null);
    expect(text).toContain('Your card has not been charged');
    expect(text).not.toMatch(/refund/i);
  });
});

describe("a host's or an admin's Japanese words to a guest", () => {
  it('are shown as written under a line, in the guest language, saying who wrote them in Japanese', () => {
    const reason = '特例で一部返金';
    expect(cancelled('en', 'admin', 5_000, reason)).toContain(
      `Reason\n------\nOur support team wrote this in Japanese:\n${reason}`,
    );
    expect(cancelled('ko', 'host', 24_000, '台風のため中止します')).toContain(
      '호스트가 일본어로 작성한 내용입니다:\n台風のため中止します',
    );
    expect(cancelled('zh-Hant', 'host', 24_000, '台風のため中止します')).toContain(
      '以下內容由主辦人以日文撰寫：\n台風のため中止します',
    );
    const html = guestBookingCancelledMail(
      input(
        booking('en', {
          cancelledBy: 'admin',
          cancellationReason: reason,
          refundAmount: 5_000,
          refundStatus: 'succeeded',
        }),
      ),
    ).html;
    expect(html).toContain('Our support team wrote this in Japanese:');
    expect(html).toContain(`<div lang="ja"`);
  });

  it('the denial reason too, naming the admin when an admin denied for the host', () => {
    const denied = (locale: GuestLocale, patch: Partial<Booking> = {}) =>
      guestBookingDeniedMail({
        ...input(booking(locale, { status: 'denied', deniedMessage: '当日は満席です', ...patch })),
      }).text;
    expect(denied('en')).toContain(
      'Message from the host\n---------------------\nThe host wrote this in Japanese:\n当日は満席です',
    );
    expect(denied('en', { decidedBy: { role: 'admin', userId: 'a1' } })).toContain(
      'Our support team wrote this in Japanese:',
    );
    expect(denied('ja')).not.toContain('日本語で記入');
  });

  it('are left alone when they are not Japanese, or the guest reads Japanese', () => {
    expect(cancelled('en', 'host', 24_000, 'Typhoon warning')).not.toContain('wrote this in Japanese');
    expect(cancelled('ja', 'host', 24_000, '台風のため中止します')).not.toContain('日本語で記入');
    expect(isJapaneseFor('天候不良', 'zh-Hant')).toBe(false);
    expect(isJapaneseFor('天候不良', 'en')).toBe(true);
    expect(isJapaneseFor('雨のため', 'zh-Hant')).toBe(true);
  });
});

it("host mails open the request itself (the bookings list with its dialog), the day list that day's manifest", () => {
  const url = 'https://example.jp/host/bookings?booking=bk_1';
  expect(hostNewRequestMail(input(booking('en', { status: 'pending' }))).text).toContain(url);
  expect(hostBookingCancelledMail(input(booking('en', { cancelledBy: 'guest' }))).html).toContain(url);
  const dayList = hostDayListMail({
    host: { businessName: 'Dogo Tea House' },
    date: '2026-05-01',
    bookings: [booking('en', { status: 'approved' })],
    baseUrl: 'https://example.jp',
    siteName: 'Ehime Experiences',
  });
  expect(dayList.text).toContain('https://example.jp/host/bookings?view=day&date=2026-05-01');
  // The guest's phone as Japan writes it.
  expect(dayList.text).toContain('電話：090-1234-5678');
});
