/**
 * What every booking mail is made from: the input the use cases pass, and the pieces (facts, greeting, links,
 * footer) the individual mails share, in English and Japanese.
 */
import { formatAddress, mapsSearchUrl } from '../../../domain/address';
import type { Booking, Experience, Host } from '../../../domain/entities';
import { isJapaneseFor, languageName } from '../../../domain/languages';
import { PRICE_TERMS } from '../../../domain/price-terms';
import { describeRefundRule, type RefundRule } from '../../../domain/refund-rule';
import {
  formatDate,
  formatGuests,
  formatTourTime,
  formatTokyoDateTime,
  formatYen,
  guestSiteUrl,
  siteUrl,
  type MailLanguage,
} from './format';
import { renderMail, type MailBlock, type MailDocument, type RenderedMail } from './layout';
import { guestMailTexts } from './guest-texts';

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

/** Manage Booking, in the guest's site language. */
export const lookupUrl = (input: BookingMailInput) =>
  guestSiteUrl(input.baseUrl, '/booking-confirmation', input.booking.guestLocale);
/** The experience's page ("find another date"), in the guest's site language. */
export const experienceUrl = (input: BookingMailInput) =>
  guestSiteUrl(
    input.baseUrl,
    `/experience/${encodeURIComponent(input.experience.id)}`,
    input.booking.guestLocale,
  );
/**
 * The host's bookings list with this booking's dialog open (the list opens `?booking=<id>` at once): a host mail's
 * button leads to the request itself, not to a list to search (issue 32 item 12).
 */
export const hostBookingsUrl = (input: BookingMailInput) =>
  siteUrl(input.baseUrl, `/host/bookings?booking=${encodeURIComponent(input.booking.id)}`);

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
  return guestMailTexts(language).greeting(booking);
}

export function guestFullName(booking: Booking, language: MailLanguage): string {
  return guestMailTexts(language).fullName(booking);
}

export function referenceBlock(booking: Booking, language: MailLanguage): MailBlock {
  return { kind: 'reference', label: guestMailTexts(language).referenceLabel, value: booking.reference };
}

/** The facts a guest needs to recognise the booking: experience, host, date, time, guests, total, requests. */
export function guestFacts(input: BookingMailInput, language: MailLanguage): MailBlock {
  const { booking } = input;
  const texts = guestMailTexts(language);
  const label = texts.facts;
  const rows: Array<[string, string]> = [
    [label.experience, input.experience.title],
    [label.host, input.hostBusinessName],
    [label.date, formatDate(booking.date, language)],
    [label.time, formatTourTime(booking, language)],
    [label.guests, formatGuests(booking.guests, language)],
    [label.tourLanguage, tourLanguageName(booking, language)],
    [label.total, texts.totalWithTax(formatYen(booking.amount, language))],
  ];
  const requests = booking.specialRequests?.trim();
  if (requests) rows.push([label.specialRequests, requests]);
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
      ['時間', formatTourTime(booking, 'ja')],
      ['人数', formatGuests(booking.guests, 'ja')],
      ['合計金額', `${formatYen(booking.amount, 'ja')}（消費税込み・与信済み）`],
      ['予約者', guestFullName(booking, 'en')],
      ...more,
    ],
  };
}

/**
 * A host's or an admin's words to the guest (a denial's or a cancellation's reason), as written. Written in
 * Japanese (the back office's language) to a guest who reads another, the note says so first, in the guest's
 * language, and marks the text as Japanese (issue 32 item 12; DESIGN §4e: host-written text stays as written).
 */
export function backOfficeWordsBlock(
  title: string,
  text: string,
  writer: 'host' | 'admin',
  language: MailLanguage,
): MailBlock {
  if (!isJapaneseFor(text, language)) return { kind: 'note', title, text };
  return {
    kind: 'note',
    title,
    text,
    caption: guestMailTexts(language).writtenInJapanese(writer),
    textLanguage: 'ja',
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
  return `${address}\n${guestMailTexts(language).mapLine(map)}`;
}

/** The host's deadline to answer, when the booking carries one. */
export function hostDeadlineText(booking: Booking, language: MailLanguage): string | null {
  return booking.deadline ? formatTokyoDateTime(booking.deadline, language) : null;
}

export function manageBookingBlocks(input: BookingMailInput, language: MailLanguage): MailBlock[] {
  const texts = guestMailTexts(language);
  return [
    { kind: 'paragraph', text: texts.manageText(input.booking.reference) },
    { kind: 'button', label: texts.manageButton, url: lookupUrl(input) },
  ];
}

export function guestFooter(booking: Booking, language: MailLanguage): string {
  return guestMailTexts(language).footer(booking.email);
}

export function hostFooter(): string {
  return 'このメールは、ホストアカウントの体験に予約リクエストがあったためお送りしています。';
}

/**
 * The cancellation policy a guest is held to. With the booking's refund rule (every booking since rules exist): the
 * rule in words first, then the host's own text marked as the host's notes (DESIGN §4j: one policy). Without one:
 * the experience's own text when the host wrote one (it is the whole
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
  if (refundRule) {
    const notes = own ? guestMailTexts(language).hostNotes(own) : null;
    return [describeRefundRule(refundRule, language), notes].filter(Boolean).join('\n');
  }
  if (own) return own;
  const texts = guestMailTexts(language);
  const { days, refundPercentage } = hostPolicy ?? { days: 7, refundPercentage: 100 };
  const rule = refundPercentage > 0 ? texts.policyRule(days, refundPercentage) : texts.policyNoRefund;
  return `${rule}\n${texts.policyGeneral}`;
}

/**
 * A mail to the guest of a booking, in their language (`guestMailLanguage`): the site's frame around it, the
 * greeting by their name and the footer every guest mail ends with.
 */
export function renderGuestMail(
  input: BookingMailInput,
  mail: Pick<MailDocument, 'subject' | 'preheader' | 'heading' | 'blocks'>,
): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  return renderMail({
    ...mail,
    language,
    siteName: siteNameOf(input),
    greeting: guestGreeting(booking, language),
    footer: guestFooter(booking, language),
  });
}
