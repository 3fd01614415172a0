/** To the guest, when the host approves and the card is charged (booking `approved`). */
import type { Host } from '../../../domain/entities';
import {
  cancellationPolicyText,
  guestFacts,
  guestMailLanguage,
  manageBookingBlocks,
  meetingPointText,
  priceTermsBlock,
  referenceBlock,
  renderGuestMail,
  siteNameOf,
  type BookingMailInput,
} from './booking-mail';
import { googleCalendarUrl } from '../calendar-invite';
import { formatDate, formatYen } from './format';
import { guestMailTexts } from './guest-texts';
import type { RenderedMail } from './layout';

export interface BookingApprovedMailInput extends BookingMailInput {
  /** The host's rule, used when the experience has no cancellation text of its own. */
  hostCancellationPolicy?: Host['cancellationPolicy'];
}

export function guestBookingApprovedMail(input: BookingApprovedMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);
  const policy = cancellationPolicyText(
    experience,
    input.hostCancellationPolicy,
    language,
    booking.refundRule,
  );
  const calendar = googleCalendarUrl({ ...input, siteName: siteNameOf(input) });

  const texts = guestMailTexts(language);
  const approved = texts.approved;
  return renderGuestMail(input, {
    subject: approved.subject(experience.title, formatDate(booking.date, language), booking.reference),
    preheader: approved.preheader(input.hostBusinessName),
    heading: approved.heading,
    blocks: [
      { kind: 'paragraph', text: approved.intro(input.hostBusinessName) },
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'note', title: texts.meetingPoint, text: meetingPointText(experience, language) },
      { kind: 'paragraph', text: approved.calendarFile },
      { kind: 'button', label: approved.googleCalendar, url: calendar },
      { kind: 'paragraph', text: approved.charged(amount) },
      priceTermsBlock(language),
      { kind: 'paragraph', text: approved.onTheDay },
      { kind: 'note', title: texts.cancellationPolicy, text: policy },
      ...manageBookingBlocks(input, language),
    ],
  });
}
