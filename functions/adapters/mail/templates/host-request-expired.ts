/** To the host (in Japanese), when a request they did not answer within 48 hours expires. */
import { durationOf, formatSpan } from '../../../domain/tour-span';
import {
  HOST_RESPONSE_HOURS,
  guestFullName,
  hostBookingsUrl,
  hostFooter,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatDate, formatGuests, formatTourTime, formatYen } from './format';
import { renderMail, type RenderedMail } from './layout';

export function hostRequestExpiredMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  return renderMail({
    language: 'ja',
    siteName: siteNameOf(input),
    subject: `【予約リクエスト失効】${input.experience.title} ${formatDate(booking.date, 'ja')} ${formatSpan(booking.time, durationOf(booking))}（予約番号 ${booking.reference}）`,
    preheader: `${HOST_RESPONSE_HOURS}時間以内に返答がなかったため、予約リクエストが失効しました。`,
    heading: '予約リクエストが失効しました',
    greeting: `${input.hostBusinessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `下記の予約リクエストは${HOST_RESPONSE_HOURS}時間以内に承認または否認されなかったため、自動的に失効しました。` +
          'ゲストのカードの与信は解除され、料金は請求されていません。ゲストにも失効をお知らせしています。この枠は再び予約を受け付けています。',
      },
      referenceBlock(booking, 'ja'),
      {
        kind: 'facts',
        rows: [
          ['体験', input.experience.title],
          ['日付', formatDate(booking.date, 'ja')],
          ['時間', formatTourTime(booking, 'ja')],
          ['人数', formatGuests(booking.guests, 'ja')],
          ['合計金額', `${formatYen(booking.amount, 'ja')}（消費税込み）`],
          ['予約者', guestFullName(booking, 'en')],
        ],
      },
      {
        kind: 'paragraph',
        text: `予約リクエストは届いてから${HOST_RESPONSE_HOURS}時間以内にご対応ください。予約一覧で未対応のリクエストを確認できます。`,
      },
      { kind: 'button', label: '予約一覧を開く', url: hostBookingsUrl(input) },
    ],
    footer: hostFooter(),
  });
}
