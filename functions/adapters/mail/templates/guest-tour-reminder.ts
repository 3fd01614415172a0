/**
 * To the guest, once, about 24 hours before an approved tour (DESIGN §4c): when and where (meeting point with a
 * map link), what to bring, how to reach the host, and how to cancel (the booking lookup).
 */
import type { Experience, Host } from '../../../domain/entities';
import {
  guestFacts,
  guestFooter,
  guestGreeting,
  guestMailLanguage,
  manageBookingBlocks,
  meetingPointText,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatDate, formatTime } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

export interface TourReminderMailInput extends BookingMailInput {
  experience: BookingMailInput['experience'] & Pick<Experience, 'thingsToKnowClothes' | 'thingsToKnowNote'>;
  host: Pick<Host, 'email' | 'phone'> | null;
}

function whatToBring(input: TourReminderMailInput, language: 'en' | 'ja'): string {
  const parts = [input.experience.thingsToKnowClothes, input.experience.thingsToKnowNote]
    .map((t) => t?.trim())
    .filter((t): t is string => Boolean(t));
  if (parts.length > 0) return parts.join('\n');
  return language === 'ja'
    ? '特別な持ち物はありません。天候に合った服装でお越しください。'
    : 'Nothing special: dress for the weather.';
}

function hostContact(input: TourReminderMailInput, language: 'en' | 'ja'): string {
  const lines = [input.hostBusinessName];
  if (input.host?.phone) lines.push(`${language === 'ja' ? '電話' : 'Phone'}: ${input.host.phone}`);
  if (input.host?.email) lines.push(`${language === 'ja' ? 'メール' : 'E-mail'}: ${input.host.email}`);
  return lines.join('\n');
}

export function guestTourReminderMail(input: TourReminderMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const when = `${formatDate(booking.date, language)} ${formatTime(booking.time, language)}`;
  const blocks: MailBlock[] =
    language === 'ja'
      ? [
          { kind: 'paragraph', text: `${when}は「${experience.title}」のご予約日です。` },
          referenceBlock(booking, language),
          guestFacts(input, language),
          { kind: 'note', title: '集合場所', text: meetingPointText(experience, language) },
          { kind: 'note', title: '持ち物・服装', text: whatToBring(input, language) },
          { kind: 'note', title: 'ホストの連絡先', text: hostContact(input, language) },
          {
            kind: 'paragraph',
            text: 'キャンセルされる場合は、下のボタンから予約内容を開いてお手続きください。返金額はご予約時のキャンセルポリシーに従います。',
          },
          ...manageBookingBlocks(input, language),
        ]
      : [
          { kind: 'paragraph', text: `See you soon: your experience "${experience.title}" is on ${when}.` },
          referenceBlock(booking, language),
          guestFacts(input, language),
          { kind: 'note', title: 'Meeting point', text: meetingPointText(experience, language) },
          { kind: 'note', title: 'What to bring', text: whatToBring(input, language) },
          { kind: 'note', title: 'Your host', text: hostContact(input, language) },
          {
            kind: 'paragraph',
            text: 'Need to cancel? Open your booking with the button below; the refund follows the cancellation policy you booked with.',
          },
          ...manageBookingBlocks(input, language),
        ];
  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject:
      language === 'ja'
        ? `【ご予約日のお知らせ】${experience.title} ${when}（予約番号 ${booking.reference}）`
        : `Reminder: ${experience.title} on ${when} (Booking ID ${booking.reference})`,
    preheader:
      language === 'ja'
        ? `集合場所：${meetingPointText(experience, language).split('\n')[0]}`
        : `Meeting point: ${meetingPointText(experience, language).split('\n')[0]}`,
    heading: language === 'ja' ? 'ご予約日が近づいています' : 'Your experience is coming up',
    greeting: guestGreeting(booking, language),
    blocks,
    footer: guestFooter(booking, language),
  });
}
