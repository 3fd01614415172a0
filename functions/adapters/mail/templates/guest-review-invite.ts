/**
 * To the guest, the day after a completed tour (DESIGN §4e): an invitation to review it through a personal link
 * (one booking, valid 30 days), and once more a few days later (`reminder`) if they have not written. In the
 * guest's site language, like every guest mail; every value is escaped by `renderMail`.
 */
import { REVIEW_LINK_VALID_DAYS } from '../../../domain/reviews';
import {
  guestFooter,
  guestGreeting,
  guestMailLanguage,
  referenceBlock,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { formatDate, siteUrl } from './format';
import { renderMail, type MailBlock, type RenderedMail } from './layout';

export interface ReviewInviteMailInput extends BookingMailInput {
  /** The raw token of the link (only ever in this mail). */
  token: string;
  reminder: boolean;
}

export const reviewLinkPath = (token: string) => `/review/${encodeURIComponent(token)}`;

export function guestReviewInviteMail(input: ReviewInviteMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const url = siteUrl(input.baseUrl, reviewLinkPath(input.token));
  const date = formatDate(booking.date, language);
  const blocks: MailBlock[] =
    language === 'ja'
      ? [
          {
            kind: 'paragraph',
            text: input.reminder
              ? `先日は「${experience.title}」（${date}）にご参加いただき、ありがとうございました。まだ口コミをお書きでなければ、ぜひご感想をお聞かせください。`
              : `${date}の「${experience.title}」にご参加いただき、ありがとうございました。体験はいかがでしたか？ 星1〜5とひとことで、ご感想をお聞かせください。`,
          },
          referenceBlock(booking, language),
          { kind: 'button', label: '口コミを書く', url },
          {
            kind: 'paragraph',
            text: `このリンクはあなたのご予約専用で、${REVIEW_LINK_VALID_DAYS}日間有効です。口コミは体験ページに、お名前（名と姓の頭文字）と体験した月とともに掲載されます。`,
          },
        ]
      : [
          {
            kind: 'paragraph',
            text: input.reminder
              ? `Thank you again for joining "${experience.title}" on ${date}. If you have a minute, other travellers would love to hear how it was.`
              : `Thank you for joining "${experience.title}" on ${date}. How was it? Tell other travellers with 1 to 5 stars and a few words.`,
          },
          referenceBlock(booking, language),
          { kind: 'button', label: 'Write a review', url },
          {
            kind: 'paragraph',
            text: `This link is personal to your booking and valid for ${REVIEW_LINK_VALID_DAYS} days. Your review appears on the experience's page with your first name, the initial of your last name and the month of your tour.`,
          },
        ];
  return renderMail({
    language,
    siteName: siteNameOf(input),
    subject:
      language === 'ja'
        ? `${input.reminder ? '【再送】' : ''}「${experience.title}」のご感想をお聞かせください`
        : `${input.reminder ? 'Reminder: ' : ''}How was ${experience.title}?`,
    preheader:
      language === 'ja'
        ? '星1〜5とひとことで、口コミをお寄せください。'
        : 'Rate your experience in a minute.',
    heading: language === 'ja' ? 'ご参加ありがとうございました' : 'Thank you for joining us',
    greeting: guestGreeting(booking, language),
    blocks,
    footer: guestFooter(booking, language),
  });
}
