/**
 * To the host (in Japanese), once, when a request they have not answered has 12 hours left before it expires
 * and the guest's card authorisation is released.
 */
import { durationOf, formatSpan } from '../../../domain/tour-span';
import {
  hostBookingsUrl,
  hostDeadlineText,
  hostFooter,
  hostRequestFacts,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatDate } from './format';
import { renderMail, type RenderedMail } from './layout';
import { HOST_REMINDER_HOURS } from '../../../domain/calendar';

export function hostRequestReminderMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const deadline = hostDeadlineText(booking, 'ja');
  return renderMail({
    language: 'ja',
    siteName: siteNameOf(input),
    subject: `【回答期限まであと${HOST_REMINDER_HOURS}時間】${input.experience.title} ${formatDate(booking.date, 'ja')} ${formatSpan(booking.time, durationOf(booking))}（予約番号 ${booking.reference}）`,
    preheader: `未対応の予約リクエストがあります。${deadline ? `${deadline}までに` : ''}承認または否認してください。`,
    heading: '未対応の予約リクエストがあります',
    greeting: `${input.hostBusinessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `下記の予約リクエストの回答期限が近づいています。${deadline ? `${deadline}まで` : `あと${HOST_REMINDER_HOURS}時間以内`}に承認または否認してください。` +
          '期限を過ぎるとリクエストは自動的に失効し、ゲストのカードの与信は解除されます。',
      },
      referenceBlock(booking, 'ja'),
      hostRequestFacts(input),
      { kind: 'button', label: '予約一覧を開く', url: hostBookingsUrl(input) },
    ],
    footer: hostFooter(),
  });
}
