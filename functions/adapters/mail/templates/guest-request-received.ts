/** To the guest, once the card is authorised and the request is with the host (booking `pending`). */
import {
  HOST_RESPONSE_HOURS,
  guestFacts,
  guestFooter,
  guestGreeting,
  guestMailLanguage,
  hostDeadlineText,
  manageBookingBlocks,
  priceTermsBlock,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { renderMail, type RenderedMail } from './layout';

export function guestRequestReceivedMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const deadline = hostDeadlineText(booking, language);
  const amount = formatYen(booking.amount, language);

  if (language === 'ja') {
    return renderMail({
      language,
      siteName: siteNameOf(input),
      subject: `【予約リクエスト受付】${input.experience.title}（予約番号 ${booking.reference}）`,
      preheader: `ホストが${HOST_RESPONSE_HOURS}時間以内に予約を確認します。カードへの請求はまだ行われていません。`,
      heading: '予約リクエストを受け付けました',
      greeting: guestGreeting(booking, language),
      blocks: [
        {
          kind: 'paragraph',
          text:
            `ご予約リクエストありがとうございます。ホスト（${input.hostBusinessName}）が内容を確認し、` +
            `${HOST_RESPONSE_HOURS}時間以内${deadline ? `（${deadline}まで）` : ''}にお返事します。`,
        },
        referenceBlock(booking, language),
        guestFacts(input, language),
        {
          kind: 'paragraph',
          text:
            `カードは${amount}の与信（オーソリ）のみで、まだ請求されていません。ホストが予約を確定した時点で決済されます。` +
            `${HOST_RESPONSE_HOURS}時間以内に確定されなかった場合は与信が解除され、料金は一切発生しません。`,
        },
        priceTermsBlock(language),
        {
          kind: 'paragraph',
          text: '今後の流れ：ホストからの返答があり次第、メールでお知らせします。予約確定のメールが届いた時点で、ご予約と決済が完了します。',
        },
        ...manageBookingBlocks(input, language),
      ],
      footer: guestFooter(booking, language),
    });
  }

  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject: `Booking request received: ${input.experience.title} (Booking ID ${booking.reference})`,
    preheader: `The host will reply within ${HOST_RESPONSE_HOURS} hours. Your card has not been charged.`,
    heading: 'We have received your booking request',
    greeting: guestGreeting(booking, language),
    blocks: [
      {
        kind: 'paragraph',
        text:
          `Thank you for your booking request. ${input.hostBusinessName} will review it and reply within ` +
          `${HOST_RESPONSE_HOURS} hours${deadline ? ` (by ${deadline})` : ''}.`,
      },
      referenceBlock(booking, language),
      guestFacts(input, language),
      {
        kind: 'paragraph',
        text:
          `Your card has been authorised for ${amount} but not charged. You are charged only when the host confirms ` +
          `your booking. If the host does not confirm it within ${HOST_RESPONSE_HOURS} hours, the authorisation is ` +
          `released and you pay nothing.`,
      },
      priceTermsBlock(language),
      {
        kind: 'paragraph',
        text: 'What happens next: we will e-mail you as soon as the host answers. Your booking is complete when you receive the confirmation e-mail.',
      },
      ...manageBookingBlocks(input, language),
    ],
    footer: guestFooter(booking, language),
  });
}
