/**
 * To the guest, when a booking expires (booking `expired`): either the 15-minute hold lapsed before the card was
 * authorised, or the host did not answer within 48 hours. Either way the card is not charged.
 */
import {
  HOST_RESPONSE_HOURS,
  experienceUrl,
  guestFacts,
  guestFooter,
  guestGreeting,
  guestMailLanguage,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { renderMail, type RenderedMail } from './layout';

export type ExpiryCause = 'hold_lapsed' | 'host_no_response';

export interface BookingExpiredMailInput extends BookingMailInput {
  cause: ExpiryCause;
}

export function guestBookingExpiredMail(input: BookingExpiredMailInput): RenderedMail {
  const { booking, cause } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);

  if (language === 'ja') {
    const explanation =
      cause === 'hold_lapsed'
        ? '下記の枠を15分間お取り置きしましたが、時間内にお支払い手続きが完了しなかったため、お取り置きを解除しました。カードへの請求は行われていません。'
        : `ホスト（${input.hostBusinessName}）から${HOST_RESPONSE_HOURS}時間以内に返答がなかったため、下記の予約リクエストは失効しました。カードへの請求は行われておらず、${amount}の与信は解除されました。`;
    return renderMail({
      language,
      siteName: siteNameOf(input),
      subject: `【予約リクエスト期限切れ】${input.experience.title}（予約番号 ${booking.reference}）`,
      preheader: 'カードへの請求は行われていません。',
      heading: '予約リクエストの期限が切れました',
      greeting: guestGreeting(booking, language),
      blocks: [
        { kind: 'paragraph', text: explanation },
        referenceBlock(booking, language),
        guestFacts(input, language),
        {
          kind: 'paragraph',
          text:
            cause === 'hold_lapsed'
              ? '引き続きご希望の場合は、もう一度ご予約ください。'
              : 'ご迷惑をおかけし申し訳ございません。別の日程でのご予約をお待ちしております。',
        },
        {
          kind: 'button',
          label: cause === 'hold_lapsed' ? 'もう一度予約する' : '別の日程を探す',
          url: experienceUrl(input),
        },
      ],
      footer: guestFooter(booking, language),
    });
  }

  const explanation =
    cause === 'hold_lapsed'
      ? 'We held the time slot below for 15 minutes, but the payment was not completed in time, so the hold has been released. Your card has not been charged.'
      : `${input.hostBusinessName} did not answer your booking request within ${HOST_RESPONSE_HOURS} hours, so it has expired. Your card has not been charged: the authorisation of ${amount} has been released.`;
  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject: `Your booking request has expired (Booking ID ${booking.reference})`,
    preheader: 'Your card has not been charged.',
    heading: 'Your booking request has expired',
    greeting: guestGreeting(booking, language),
    blocks: [
      { kind: 'paragraph', text: explanation },
      referenceBlock(booking, language),
      guestFacts(input, language),
      {
        kind: 'paragraph',
        text:
          cause === 'hold_lapsed'
            ? 'If you would still like to join, please book again.'
            : 'We are sorry for the inconvenience. You are welcome to request another date.',
      },
      {
        kind: 'button',
        label: cause === 'hold_lapsed' ? 'Book again' : 'Find another date',
        url: experienceUrl(input),
      },
    ],
    footer: guestFooter(booking, language),
  });
}
