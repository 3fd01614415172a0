/** To the host (in Japanese), when a guest's authorised request arrives (booking `pending`). */
import { durationOf, formatSpan } from '../../../domain/tour-span';
import {
  HOST_RESPONSE_HOURS,
  hostBookingsUrl,
  hostDeadlineText,
  hostFooter,
  hostRequestFacts,
  referenceBlock,
  siteNameOf,
  tourLanguageName,
  type BookingMailInput,
} from './booking-mail';
import { formatDate } from './format';
import { renderMail, type RenderedMail } from './layout';

export function hostNewRequestMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const deadline = hostDeadlineText(booking, 'ja');
  return renderMail({
    language: 'ja',
    siteName: siteNameOf(input),
    subject: `【新しい予約リクエスト】${input.experience.title} ${formatDate(booking.date, 'ja')} ${formatSpan(booking.time, durationOf(booking))}（予約番号 ${booking.reference}）`,
    preheader: `${HOST_RESPONSE_HOURS}時間以内に承認または否認してください。`,
    heading: '新しい予約リクエストが届きました',
    greeting: `${input.hostBusinessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `下記の予約リクエストが届きました。${deadline ? `${deadline}まで` : `${HOST_RESPONSE_HOURS}時間以内`}に、` +
          '予約一覧から承認または否認してください。期限を過ぎるとリクエストは自動的に失効し、ゲストのカードの与信は解除されます。',
      },
      referenceBlock(booking, 'ja'),
      hostRequestFacts(input, [
        ['国籍', booking.nationality],
        ['希望言語', tourLanguageName(booking, 'ja')],
        ['ご要望', booking.specialRequests?.trim() || 'なし'],
      ]),
      {
        kind: 'paragraph',
        text: '承認すると決済が確定し、ゲストに予約確定のメールが送られます。否認する場合は理由を入力してください（ゲストにお伝えします）。',
      },
      { kind: 'button', label: '予約一覧を開く', url: hostBookingsUrl(input) },
    ],
    footer: hostFooter(),
  });
}
