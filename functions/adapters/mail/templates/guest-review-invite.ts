/**
 * To the guest, the day after a completed tour (DESIGN §4e): an invitation to review it through a personal link
 * (one booking, valid 30 days), and once more a few days later (`reminder`) if they have not written. In the
 * guest's site language, like every guest mail; every value is escaped by `renderMail`.
 */
import { REVIEW_LINK_VALID_DAYS } from '../../../domain/reviews';
import { guestMailLanguage, referenceBlock, renderGuestMail, type BookingMailInput } from './booking-mail';
import { formatDate, guestSiteUrl } from './format';
import { guestMailTexts } from './guest-texts';
import type { MailBlock, RenderedMail } from './layout';

export interface ReviewInviteMailInput extends BookingMailInput {
  /** The raw token of the link (only ever in this mail). */
  token: string;
  reminder: boolean;
}

export function guestReviewInviteMail(input: ReviewInviteMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).reviewInvite;
  // The review page in the guest's site language (`/ko/review/{token}`).
  const url = guestSiteUrl(input.baseUrl, `/review/${encodeURIComponent(input.token)}`, language);
  const date = formatDate(booking.date, language);
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: input.reminder
        ? texts.reminderIntro(experience.title, date)
        : texts.intro(experience.title, date),
    },
    referenceBlock(booking, language),
    { kind: 'button', label: texts.button, url },
    { kind: 'paragraph', text: texts.linkNote(REVIEW_LINK_VALID_DAYS) },
  ];
  return renderGuestMail(input, {
    subject: texts.subject(experience.title, input.reminder),
    preheader: texts.preheader,
    heading: texts.heading,
    blocks,
  });
}
