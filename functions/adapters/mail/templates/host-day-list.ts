/**
 * To the host (in Japanese), once a day in the evening: the next day's approved tours, in time order, with who
 * comes, how many, and how to reach them (DESIGN §4c). Only sent when there is at least one tour.
 */
import type { Booking, Host } from '../../../domain/entities';
import { formatPhoneForDisplay } from '../../../domain/phone';
import { guestFullName } from './booking-mail';
import { formatDate, formatGuests, formatTourTime, siteUrl } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

export interface HostDayListMailInput {
  host: Pick<Host, 'businessName'>;
  /** The Tokyo date of the tours. */
  date: string;
  /** That day's approved bookings of the host, in time order. */
  bookings: Booking[];
  baseUrl: string;
  siteName: string;
}

export function hostDayListMail(input: HostDayListMailInput): RenderedMail {
  const date = formatDate(input.date, 'ja');
  const tours: MailBlock[] = input.bookings.map((b) => ({
    kind: 'facts',
    rows: [
      ['時間', formatTourTime(b, 'ja')],
      ['体験', b.experienceTitle],
      ['予約番号', b.reference],
      ['予約者', guestFullName(b, 'en')],
      ['人数', formatGuests(b.guests, 'ja')],
      ['電話', formatPhoneForDisplay(b.phone)],
      ['メール', b.email],
      ...(b.specialRequests?.trim() ? [['ご要望', b.specialRequests.trim()] as [string, string]] : []),
    ],
  }));
  return renderMail({
    language: 'ja',
    siteName: input.siteName,
    subject: `【明日の予約】${date}：${input.bookings.length}件`,
    preheader: `${date}の確定済みの予約は${input.bookings.length}件です。`,
    heading: `${date}の予約一覧`,
    greeting: `${input.host.businessName} 様`,
    blocks: [
      { kind: 'paragraph', text: `明日（${date}）の確定済みの予約は${input.bookings.length}件です。` },
      ...tours,
      {
        // That day's manifest (who comes, when, check-in), not the list (issue 32 item 12).
        kind: 'button',
        label: '当日の参加者を見る',
        url: siteUrl(input.baseUrl, `/host/bookings?view=day&date=${encodeURIComponent(input.date)}`),
      },
    ],
    footer: 'このメールは、ホストアカウントの体験に翌日の確定済み予約があるためお送りしています。',
  });
}
