/**
 * The cancellation mails (DESIGN §4c): to the guest in their site language (whoever cancelled, with the reason
 * and what comes back), and to the host in Japanese when the guest or an admin cancelled. One place renders
 * both, so a calendar cancellation (`METHOD:CANCEL` .ics) can be attached to the guest's mail here later.
 */
import type { CancellingParty } from '../../../domain/entities';
import {
  guestFacts,
  guestFooter,
  guestFullName,
  guestGreeting,
  guestMailLanguage,
  hostBookingsUrl,
  hostFooter,
  hostRequestFacts,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

const partyNames = {
  ja: { guest: 'ゲスト', host: 'ホスト', admin: '運営事務局' },
  en: { guest: 'you', host: 'the host', admin: 'our support team' },
} as const;

function moneyText(input: BookingMailInput, language: 'en' | 'ja'): string {
  const { booking } = input;
  const refund = booking.refundAmount ?? 0;
  // Nothing captured (a request): no refund is tracked, the authorisation is released and never charged.
  if (!booking.refundStatus) {
    return language === 'ja'
      ? `カードへの請求は行われていません。${formatYen(booking.amount, 'ja')}の与信は取り消されます。`
      : `Your card has not been charged: the authorisation of ${formatYen(booking.amount, 'en')} is released.`;
  }
  if (refund === 0) {
    return language === 'ja'
      ? 'キャンセルポリシーにより、今回のキャンセルでは返金はありません。'
      : 'Under the cancellation policy, this cancellation is not refunded.';
  }
  return language === 'ja'
    ? `${formatYen(refund, 'ja')}をご利用のカードに返金いたします。カード会社によっては反映まで時間がかかる場合があります。`
    : `${formatYen(refund, 'en')} will be refunded to your card. Depending on your card issuer, it may take a while to appear.`;
}

export function guestBookingCancelledMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const by: CancellingParty = booking.cancelledBy ?? 'guest';
  const reason = booking.cancellationReason?.trim();
  const reasonBlock: MailBlock[] = reason
    ? [{ kind: 'note', title: language === 'ja' ? 'キャンセルの理由' : 'Reason', text: reason }]
    : [];
  const ja = language === 'ja';
  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject: ja
      ? `【予約キャンセル】${input.experience.title}（予約番号 ${booking.reference}）`
      : `Your booking has been cancelled (Booking ID ${booking.reference})`,
    preheader: moneyText(input, language),
    heading: ja ? 'ご予約はキャンセルされました' : 'Your booking has been cancelled',
    greeting: guestGreeting(booking, language),
    blocks: [
      {
        kind: 'paragraph',
        text: ja
          ? `下記のご予約は${partyNames.ja[by]}によりキャンセルされました。`
          : by === 'guest'
            ? 'As you asked, your booking below has been cancelled.'
            : `Your booking below has been cancelled by ${partyNames.en[by]}.`,
      },
      ...reasonBlock,
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'paragraph', text: moneyText(input, language) },
    ],
    footer: guestFooter(booking, language),
  });
}

export function hostBookingCancelledMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const by: CancellingParty = booking.cancelledBy ?? 'guest';
  const reason = booking.cancellationReason?.trim();
  return renderMail({
    language: 'ja',
    siteName: siteNameOf(input),
    subject: `【予約キャンセル】${input.experience.title}（予約番号 ${booking.reference}）`,
    preheader: `${guestFullName(booking, 'en')}様のご予約が${partyNames.ja[by]}によりキャンセルされました。`,
    heading: '予約がキャンセルされました',
    greeting: `${input.hostBusinessName} 様`,
    blocks: [
      {
        kind: 'paragraph',
        text: `下記の予約は${partyNames.ja[by]}によりキャンセルされました。この枠は再び予約を受け付けています。`,
      },
      ...(reason ? [{ kind: 'note', title: 'キャンセルの理由', text: reason } as MailBlock] : []),
      referenceBlock(booking, 'ja'),
      hostRequestFacts(input, [['返金額', formatYen(booking.refundAmount ?? 0, 'ja')]]),
      { kind: 'button', label: '予約一覧を開く', url: hostBookingsUrl(input) },
    ],
    footer: hostFooter(),
  });
}
