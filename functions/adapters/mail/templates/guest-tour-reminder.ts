/**
 * To the guest, once, about 24 hours before an approved tour (DESIGN §4c): when and where (meeting point with a
 * map link), what to bring, how to reach the host, and how to cancel (the booking lookup).
 */
import type { Experience, Host } from '../../../domain/entities';
import {
  guestFacts,
  guestMailLanguage,
  manageBookingBlocks,
  meetingPointText,
  referenceBlock,
  renderGuestMail,
  type BookingMailInput,
} from './booking-mail';
import { formatDate, formatTourTime, type MailLanguage } from './format';
import { guestMailTexts } from './guest-texts';
import type { MailBlock, RenderedMail } from './layout';

export interface TourReminderMailInput extends BookingMailInput {
  experience: BookingMailInput['experience'] & Pick<Experience, 'thingsToKnowClothes' | 'thingsToKnowNote'>;
  host: Pick<Host, 'email' | 'phone'> | null;
}

function whatToBring(input: TourReminderMailInput, language: MailLanguage): string {
  const parts = [input.experience.thingsToKnowClothes, input.experience.thingsToKnowNote]
    .map((t) => t?.trim())
    .filter((t): t is string => Boolean(t));
  if (parts.length > 0) return parts.join('\n');
  return guestMailTexts(language).reminder.nothingSpecial;
}

function hostContact(input: TourReminderMailInput, language: MailLanguage): string {
  const texts = guestMailTexts(language).reminder;
  const lines = [input.hostBusinessName];
  if (input.host?.phone) lines.push(`${texts.phone}: ${input.host.phone}`);
  if (input.host?.email) lines.push(`${texts.email}: ${input.host.email}`);
  return lines.join('\n');
}

export function guestTourReminderMail(input: TourReminderMailInput): RenderedMail {
  const { booking, experience } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language);
  const reminder = texts.reminder;
  const when = `${formatDate(booking.date, language)} ${formatTourTime(booking, language)}`;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: reminder.intro(experience.title, when) },
    referenceBlock(booking, language),
    guestFacts(input, language),
    { kind: 'note', title: texts.meetingPoint, text: meetingPointText(experience, language) },
    { kind: 'note', title: reminder.whatToBring, text: whatToBring(input, language) },
    { kind: 'note', title: reminder.yourHost, text: hostContact(input, language) },
    { kind: 'paragraph', text: reminder.cancelHint },
    ...manageBookingBlocks(input, language),
  ];
  return renderGuestMail(input, {
    subject: reminder.subject(experience.title, when, booking.reference),
    preheader: reminder.preheader(meetingPointText(experience, language).split('\n')[0] ?? ''),
    heading: reminder.heading,
    blocks,
  });
}
