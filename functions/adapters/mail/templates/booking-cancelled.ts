/**
 * The cancellation mails (DESIGN §4c): to the guest in their site language (whoever cancelled, with the reason
 * and what comes back), and to the host in Japanese when the guest or an admin cancelled. One place renders
 * both, so a calendar cancellation (`METHOD:CANCEL` .ics) can be attached to the guest's mail here later.
 */
import type { CancellingParty } from '../../../domain/entities';
import {
  guestFacts,
  guestFullName,
  guestMailLanguage,
  hostBookingsUrl,
  hostFooter,
  hostRequestFacts,
  referenceBlock,
  renderGuestMail,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatYen, type MailLanguage } from './format';
import { guestMailTexts } from './guest-texts';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

const partyNames = {
  ja: { guest: 'ゲスト', host: 'ホスト', admin: '運営事務局' },
  en: { guest: 'you', host: 'the host', admin: 'our support team' },
} as const;

function moneyText(input: BookingMailInput, language: MailLanguage): string {
  const { booking } = input;
  const texts = guestMailTexts(language).cancelled;
  const refund = booking.refundAmount ?? 0;
  // Nothing captured (a request): no refund is tracked, the authorisation is released and never charged.
  if (!booking.refundStatus) return texts.released(formatYen(booking.amount, language));
  if (refund === 0) return texts.noRefund;
  return texts.refund(formatYen(refund, language));
}

export function guestBookingCancelledMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).cancelled;
  const by: CancellingParty = booking.cancelledBy ?? 'guest';
  const reason = booking.cancellationReason?.trim();
  const reasonBlock: MailBlock[] = reason ? [{ kind: 'note', title: texts.reason, text: reason }] : [];
  return renderGuestMail(input, {
    subject: texts.subject(input.experience.title, booking.reference),
    preheader: moneyText(input, language),
    heading: texts.heading,
    blocks: [
      { kind: 'paragraph', text: texts.intro(by) },
      ...reasonBlock,
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'paragraph', text: moneyText(input, language) },
    ],
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
