/**
 * To the guest, the day after a completed tour (DESIGN §4e): an invitation to review it through a personal link
 * (one booking, valid 30 days), and once more a few days later (`reminder`) if they have not written. In the
 * guest's site language, like every guest mail; every value is escaped by `renderMail`.
 */
import type { GuestLocale } from '../../../domain/entities';
import { pathInLanguage } from '../../../domain/guest-pages';
import { REVIEW_LINK_VALID_DAYS } from '../../../domain/reviews';
import { guestMailLanguage, referenceBlock, renderGuestMail, type BookingMailInput } from './booking-mail';
import { formatDate, siteUrl } from './format';
import { guestMailTexts } from './guest-texts';
import type { MailBlock, RenderedMail } from './layout';

export interface ReviewInviteMailInput extends BookingMailInput {
  /** The raw token of the link (only ever in this mail). */
  token: string;
  reminder: boolean;
}

/** The review page of the token, in the guest's site language (`/ko/review/{token}`). */
export const reviewLinkPath = (token: string, language: GuestLocale = 'en') =>
  pathInLanguage(`/review/${encodeURIComponent(token)}`, language);

export function guestReviewInviteMail(input: ReviewInviteMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).reviewInvite;
  const url = siteUrl(input.baseUrl, reviewLinkPath(input.token, language));
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
