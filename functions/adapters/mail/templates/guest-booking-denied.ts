/** To the guest, when the host declines the request and the authorisation is cancelled (booking `denied`). */
import {
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
import { renderMail, type MailBlock, type RenderedMail } from './layout';

export interface BookingDeniedMailInput extends BookingMailInput {
  /** The host's reason; defaults to the booking's `deniedMessage`. */
  reason?: string | null;
}

export function guestBookingDeniedMail(input: BookingDeniedMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);
  const reason = (input.reason ?? booking.deniedMessage)?.trim();

  if (language === 'ja') {
    const reasonBlock: MailBlock[] = reason
      ? [{ kind: 'note', title: 'ホストからのメッセージ', text: reason }]
      : [];
    return renderMail({
      language,
      siteName: siteNameOf(input),
      subject: `【予約不成立】${input.experience.title}（予約番号 ${booking.reference}）`,
      preheader: 'カードへの請求は行われていません。',
      heading: 'ご予約をお受けできませんでした',
      greeting: guestGreeting(booking, language),
      blocks: [
        {
          kind: 'paragraph',
          text: `申し訳ございません。${input.hostBusinessName}は、下記の予約リクエストをお受けできませんでした。`,
        },
        ...reasonBlock,
        referenceBlock(booking, language),
        guestFacts(input, language),
        {
          kind: 'paragraph',
          text: `カードへの請求は行われていません。${amount}の与信は取り消されました。カード会社によっては、明細から表示が消えるまで数日かかる場合があります。`,
        },
        { kind: 'paragraph', text: '別の日程でのご予約をお待ちしております。' },
        { kind: 'button', label: '別の日程を探す', url: experienceUrl(input) },
      ],
      footer: guestFooter(booking, language),
    });
  }

  const reasonBlock: MailBlock[] = reason
    ? [{ kind: 'note', title: 'Message from the host', text: reason }]
    : [];
  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject: `Your booking request could not be accepted (Booking ID ${booking.reference})`,
    preheader: 'Your card has not been charged.',
    heading: 'Your booking request could not be accepted',
    greeting: guestGreeting(booking, language),
    blocks: [
      {
        kind: 'paragraph',
        text: `We're sorry: ${input.hostBusinessName} could not accept your booking request below.`,
      },
      ...reasonBlock,
      referenceBlock(booking, language),
      guestFacts(input, language),
      {
        kind: 'paragraph',
        text: `Your card has not been charged: the authorisation of ${amount} has been cancelled. Depending on your card issuer, it may take a few days to disappear from your statement.`,
      },
      { kind: 'paragraph', text: 'You are welcome to request another date.' },
      { kind: 'button', label: 'Find another date', url: experienceUrl(input) },
    ],
    footer: guestFooter(booking, language),
  });
}
