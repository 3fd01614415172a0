/** To the guest, when the host approves and the card is charged (booking `approved`). */
import type { Host } from '../../../domain/entities';
import {
  cancellationPolicyText,
  guestFacts,
  guestFooter,
  guestGreeting,
  guestMailLanguage,
  manageBookingBlocks,
  meetingPointText,
  priceTermsBlock,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { googleCalendarUrl } from '../calendar-invite';
import { formatDate, formatYen } from './format';
import { renderMail, type RenderedMail } from './layout';

export interface BookingApprovedMailInput extends BookingMailInput {
  /** The host's rule, used when the experience has no cancellation text of its own. */
  hostCancellationPolicy?: Host['cancellationPolicy'];
}

export function guestBookingApprovedMail(input: BookingApprovedMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);
  const policy = cancellationPolicyText(
    experience,
    input.hostCancellationPolicy,
    language,
    booking.refundRule,
  );
  const calendar = googleCalendarUrl({ ...input, siteName: siteNameOf(input) });

  if (language === 'ja') {
    return renderMail({
      language,
      siteName: siteNameOf(input),
      subject: `【予約確定】${experience.title} ${formatDate(booking.date, 'ja')}（予約番号 ${booking.reference}）`,
      preheader: `${input.hostBusinessName}がご予約を確定しました。`,
      heading: 'ご予約が確定しました',
      greeting: guestGreeting(booking, language),
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.hostBusinessName}がご予約を確定しました。当日お会いできるのを楽しみにしております。`,
        },
        referenceBlock(booking, language),
        guestFacts(input, language),
        { kind: 'note', title: '集合場所', text: meetingPointText(experience, language) },
        {
          kind: 'paragraph',
          text: '添付のカレンダーファイル（.ics）で、お使いのカレンダーに予定を追加できます。',
        },
        { kind: 'button', label: 'Google カレンダーに追加', url: calendar },
        {
          kind: 'paragraph',
          text: `お支払い：ご登録のカードに${amount}を請求しました。`,
        },
        priceTermsBlock(language),
        {
          kind: 'paragraph',
          text: '集合時刻に遅れないようお越しください。15分を超えて遅れた場合、ご予約はキャンセル扱いとなります。雨天でも催行します。天候により中止する場合は、前日19時までにメールでお知らせします。',
        },
        { kind: 'note', title: 'キャンセルポリシー', text: policy },
        ...manageBookingBlocks(input, language),
      ],
      footer: guestFooter(booking, language),
    });
  }

  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject: `Booking confirmed: ${experience.title} on ${formatDate(booking.date, 'en')} (Booking ID ${booking.reference})`,
    preheader: `${input.hostBusinessName} has confirmed your booking.`,
    heading: 'Your booking is confirmed',
    greeting: guestGreeting(booking, language),
    blocks: [
      {
        kind: 'paragraph',
        text: `Good news: ${input.hostBusinessName} has confirmed your booking. We look forward to seeing you.`,
      },
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'note', title: 'Meeting point', text: meetingPointText(experience, language) },
      {
        kind: 'paragraph',
        text: 'The attached calendar file (.ics) adds the experience to your calendar.',
      },
      { kind: 'button', label: 'Add to Google Calendar', url: calendar },
      { kind: 'paragraph', text: `Payment: your card has now been charged ${amount}.` },
      priceTermsBlock(language),
      {
        kind: 'paragraph',
        text: 'Please arrive on time: a booking is cancelled if you are more than 15 minutes late. Experiences take place in the rain; if the weather forces a cancellation, we will tell you by e-mail by 7 PM the day before.',
      },
      { kind: 'note', title: 'Cancellation policy', text: policy },
      ...manageBookingBlocks(input, language),
    ],
    footer: guestFooter(booking, language),
  });
}
