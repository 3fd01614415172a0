/**
 * What every booking mail is made from: the input the use cases pass, and the pieces (facts, greeting, links,
 * footer) the individual mails share, in English and Japanese.
 */
import { formatAddress, mapsSearchUrl } from '../../../domain/address';
import type { Booking, Experience, Host } from '../../../domain/entities';
import { languageName } from '../../../domain/languages';
import { PRICE_TERMS } from '../../../domain/price-terms';
import { describeRefundRule, type RefundRule } from '../../../domain/refund-rule';
import {
  formatDate,
  formatGuests,
  formatTime,
  formatTokyoDateTime,
  formatYen,
  siteUrl,
  type MailLanguage,
} from './format';
import type { MailBlock } from './layout';

export type MailExperience = Pick<
  Experience,
  | 'id'
  | 'title'
  | 'postalCode'
  | 'prefecture'
  | 'city'
  | 'district'
  | 'streetAddress'
  | 'building'
  | 'mapLat'
  | 'mapLng'
  | 'cancellationPolicy'
>;

export interface BookingMailInput {
  booking: Booking;
  /** The experience as it is now (a full `Experience` fits). */
  experience: MailExperience;
  hostBusinessName: string;
  /** The site's origin, e.g. `https://example.jp`; links to the lookup and host pages are built from it. */
  baseUrl: string;
  /** Shown as the sender's name in the mail's header and signature. */
  siteName?: string;
}

export const DEFAULT_SITE_NAME = 'Ehime Experiences';
/** What the host promises (DESIGN §3); the job that expires unanswered requests uses the same figure. */
export const HOST_RESPONSE_HOURS = 48;

export const lookupUrl = (input: BookingMailInput) => siteUrl(input.baseUrl, '/booking-confirmation');
export const experienceUrl = (input: BookingMailInput) =>
  siteUrl(input.baseUrl, `/experience/${encodeURIComponent(input.experience.id)}`);
export const hostBookingsUrl = (input: BookingMailInput) => siteUrl(input.baseUrl, '/host/bookings');

export const siteNameOf = (input: BookingMailInput) => input.siteName ?? DEFAULT_SITE_NAME;

/**
 * The language of every mail to the guest: the language of the site they booked on, never the tour's language (a
 * guest reading English may book a Japanese-speaking tour). The one place that decides it, for every guest mail.
 */
export function guestMailLanguage(booking: Pick<Booking, 'guestLocale'>): MailLanguage {
  return booking.guestLocale;
}

/** The tour language's name, in the reader's language. */
export function tourLanguageName(booking: Pick<Booking, 'language'>, reader: MailLanguage): string {
  return languageName(booking.language, reader);
}

export function guestGreeting(booking: Booking, language: MailLanguage): string {
  return language === 'ja'
    ? `${booking.lastName} ${booking.firstName} 様`
    : `Dear ${booking.firstName} ${booking.lastName},`;
}

export function guestFullName(booking: Booking, language: MailLanguage): string {
  return language === 'ja'
    ? `${booking.lastName} ${booking.firstName} 様`
    : `${booking.firstName} ${booking.lastName}`;
}

export function referenceBlock(booking: Booking, language: MailLanguage): MailBlock {
  return {
    kind: 'reference',
    label: language === 'ja' ? '予約番号' : 'Booking ID',
    value: booking.reference,
  };
}

/** The facts a guest needs to recognise the booking: experience, host, date, time, guests, total, requests. */
export function guestFacts(input: BookingMailInput, language: MailLanguage): MailBlock {
  const { booking } = input;
  const rows: Array<[string, string]> =
    language === 'ja'
      ? [
          ['体験', input.experience.title],
          ['ホスト', input.hostBusinessName],
          ['日付', formatDate(booking.date, 'ja')],
          ['時間', formatTime(booking.time, 'ja')],
          ['人数', formatGuests(booking.guests, 'ja')],
          ['体験の言語', tourLanguageName(booking, 'ja')],
          ['合計金額', `${formatYen(booking.amount, 'ja')}（消費税込み）`],
        ]
      : [
          ['Experience', input.experience.title],
          ['Host', input.hostBusinessName],
          ['Date', formatDate(booking.date, 'en')],
          ['Time', formatTime(booking.time, 'en')],
          ['Guests', formatGuests(booking.guests, 'en')],
          ['Tour language', tourLanguageName(booking, 'en')],
          ['Total', `${formatYen(booking.amount, 'en')} (JPY, consumption tax included)`],
        ];
  const requests = booking.specialRequests?.trim();
  if (requests) rows.push([language === 'ja' ? 'ご要望' : 'Special requests', requests]);
  return { kind: 'facts', rows };
}

/**
 * What a host needs to recognise a request (in Japanese): experience, date, time, guests, the authorised total and
 * the guest's name; `more` rows follow (the new-request mail adds nationality, language and requests).
 */
export function hostRequestFacts(input: BookingMailInput, more: [string, string][] = []): MailBlock {
  const { booking } = input;
  return {
    kind: 'facts',
    rows: [
      ['体験', input.experience.title],
      ['日付', formatDate(booking.date, 'ja')],
      ['時間', formatTime(booking.time, 'ja')],
      ['人数', formatGuests(booking.guests, 'ja')],
      ['合計金額', `${formatYen(booking.amount, 'ja')}（消費税込み・与信済み）`],
      ['予約者', guestFullName(booking, 'en')],
      ...more,
    ],
  };
}

/** What the total covers (the same statement as the FAQ, the terms and the commercial notice). */
export function priceTermsBlock(language: MailLanguage): MailBlock {
  return { kind: 'paragraph', text: PRICE_TERMS[language] };
}

/** Where to meet, with a map link when the host placed a pin. */
export function meetingPointText(experience: MailExperience, language: MailLanguage): string {
  const address = formatAddress(experience, language);
  const map = mapsSearchUrl(experience);
  if (!map) return address;
  return language === 'ja' ? `${address}\n地図：${map}` : `${address}\nMap: ${map}`;
}

/** The host's deadline to answer, when the booking carries one. */
export function hostDeadlineText(booking: Booking, language: MailLanguage): string | null {
  return booking.deadline ? formatTokyoDateTime(booking.deadline, language) : null;
}

export function manageBookingBlocks(input: BookingMailInput, language: MailLanguage): MailBlock[] {
  return language === 'ja'
    ? [
        {
          kind: 'paragraph',
          text: `予約内容は、ご予約時のメールアドレスと予約番号 ${input.booking.reference} でいつでもご確認いただけます。`,
        },
        { kind: 'button', label: '予約内容を確認する', url: lookupUrl(input) },
      ]
    : [
        {
          kind: 'paragraph',
          text: `You can check your booking at any time with your e-mail address and Booking ID ${input.booking.reference}.`,
        },
        { kind: 'button', label: 'Manage your booking', url: lookupUrl(input) },
      ];
}

export function guestFooter(booking: Booking, language: MailLanguage): string {
  return language === 'ja'
    ? `このメールは、${booking.email} で予約リクエストが行われたためお送りしています。お心当たりのない場合は、このメールを破棄してください。`
    : `You received this e-mail because a booking was requested with ${booking.email}. If this wasn't you, you can ignore this message.`;
}

export function hostFooter(): string {
  return 'このメールは、ホストアカウントの体験に予約リクエストがあったためお送りしています。';
}

/**
 * The cancellation policy a guest is held to: the experience's own text when the host wrote one (it is the whole
 * policy and states the standard terms itself, so nothing is appended to it), else the host's rule (days before,
 * refund percentage; 7 days and 100 % when the host has set nothing) followed by the standard terms.
 */
export function cancellationPolicyText(
  experience: MailExperience,
  hostPolicy: Host['cancellationPolicy'] | undefined,
  language: MailLanguage,
  /** The booking's own refund rule (copied at request time): said first, in words, when there is one. */
  refundRule?: RefundRule,
): string {
  const own = experience.cancellationPolicy?.trim();
  if (refundRule) return [describeRefundRule(refundRule, language), own].filter(Boolean).join('\n');
  const general =
    language === 'ja'
      ? '返金手数料はお客様のご負担となります。カードへの返金は、締め日によって1〜2か月かかる場合があります。'
      : 'Refund handling fees are borne by the guest. A refund to your card may take 1–2 months to appear, depending on your card’s billing cycle.';
  if (own) return own;
  const { days, refundPercentage } = hostPolicy ?? { days: 7, refundPercentage: 100 };
  const rule =
    language === 'ja'
      ? refundPercentage > 0
        ? `体験日の${days}日前までのキャンセルは、料金の${refundPercentage}%を返金いたします。それ以降のキャンセルおよび無断不参加は返金できません。`
        : 'キャンセルおよび無断不参加による返金はできません。'
      : refundPercentage > 0
        ? `Cancel at least ${days} days before the experience for a ${refundPercentage}% refund. Later cancellations and no-shows are not refunded.`
        : 'Cancellations and no-shows are not refunded.';
  return `${rule}\n${general}`;
}
