/**
 * To the host (in Japanese), when an admin approved or denied one of their requests on their behalf (an
 * unresponsive or suspended host): what was decided, by whom, and for a denial the reason the guest was given.
 */
import { durationOf, formatSpan } from '../../../domain/tour-span';
import {
  hostBookingsUrl,
  hostRequestFacts,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatDate } from './format';
import { renderMail, type RenderedMail } from './layout';

function hostDecidedByAdminMail(input: BookingMailInput, decision: 'approved' | 'denied'): RenderedMail {
  const { booking } = input;
  const word = decision === 'approved' ? '承認' : '否認';
  const outcome =
    decision === 'approved'
      ? 'ゲストのカードへの請求は確定し、ゲストには予約確定のメールをお送りしました。当日のご案内をお願いします。'
      : 'ゲストのカードの与信は解除され、料金は請求されていません。ゲストには下記の理由をお知らせしました。この枠は再び予約を受け付けています。';
  return renderMail({
    language: 'ja',
    siteName: siteNameOf(input),
    subject: `【管理者が${word}しました】${input.experience.title} ${formatDate(booking.date, 'ja')} ${formatSpan(booking.time, durationOf(booking))}（予約番号 ${booking.reference}）`,
    preheader: `お客様の予約リクエストを、運営の管理者がホストに代わって${word}しました。`,
    heading: `予約リクエストを管理者が${word}しました`,
    greeting: `${input.hostBusinessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text: `下記の予約リクエストを、${siteNameOf(input)} 運営の管理者がホストに代わって${word}しました。${outcome}`,
      },
      referenceBlock(booking, 'ja'),
      hostRequestFacts(
        input,
        decision === 'denied' && booking.deniedMessage ? [['否認理由', booking.deniedMessage]] : [],
      ),
      {
        kind: 'paragraph',
        text: 'ご不明な点は、このメールへの返信で運営までお問い合わせください。予約一覧で対応内容を確認できます。',
      },
      { kind: 'button', label: '予約一覧を開く', url: hostBookingsUrl(input) },
    ],
    footer: 'このメールは、ホストアカウントの体験への予約リクエストに管理者が対応したためお送りしています。',
  });
}

export const hostApprovedByAdminMail = (input: BookingMailInput) => hostDecidedByAdminMail(input, 'approved');
export const hostDeniedByAdminMail = (input: BookingMailInput) => hostDecidedByAdminMail(input, 'denied');
