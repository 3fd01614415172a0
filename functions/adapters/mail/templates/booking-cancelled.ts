/**
 * The cancellation mails (DESIGN §4c): to the guest in their site language (whoever cancelled, with the reason
 * and what comes back), and to the host in Japanese when the guest or an admin cancelled. One place renders
 * both, so a calendar cancellation (`METHOD:CANCEL` .ics) can be attached to the guest's mail here later.
 */
import type { CancellingParty } from '../../../domain/entities';
import {
  backOfficeWordsBlock,
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

/** What happens to the guest's money, worded by the real amount: released, all, part or nothing back. */
function moneyText(input: BookingMailInput, language: MailLanguage): string {
  const { booking } = input;
  const texts = guestMailTexts(language).cancelled;
  const refund = booking.refundAmount ?? 0;
  const charged = formatYen(booking.amount, language);
  // Nothing captured (a request): no refund is tracked, the authorisation is released and never charged.
  if (!booking.refundStatus) return texts.released(charged);
  if (refund <= 0) return texts.noRefund(booking.cancelledBy ?? 'guest', charged);
  if (refund >= booking.amount) return texts.fullRefund(formatYen(refund, language));
  return texts.partialRefund(formatYen(refund, language), charged);
}

export function guestBookingCancelledMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).cancelled;
  const by: CancellingParty = booking.cancelledBy ?? 'guest';
  const reason = booking.cancellationReason?.trim();
  // Only the host and admins give a reason (a guest's own cancellation has none).
  const reasonBlock: MailBlock[] =
    reason && by !== 'guest' ? [backOfficeWordsBlock(texts.reason, reason, by, language)] : [];
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
