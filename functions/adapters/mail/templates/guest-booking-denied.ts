/** To the guest, when the host declines the request and the authorisation is cancelled (booking `denied`). */
import {
  backOfficeWordsBlock,
  experienceUrl,
  guestFacts,
  guestMailLanguage,
  referenceBlock,
  renderGuestMail,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { guestMailTexts } from './guest-texts';
import type { MailBlock, RenderedMail } from './layout';

export interface BookingDeniedMailInput extends BookingMailInput {
  /** The host's reason; defaults to the booking's `deniedMessage`. */
  reason?: string | null;
}

export function guestBookingDeniedMail(input: BookingDeniedMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);
  const reason = (input.reason ?? booking.deniedMessage)?.trim();

  const texts = guestMailTexts(language).denied;
  // An admin may deny on the host's behalf: then the words are the admin's.
  const writer = booking.decidedBy?.role === 'admin' ? 'admin' : 'host';
  const reasonBlock: MailBlock[] = reason
    ? [backOfficeWordsBlock(texts.hostMessage, reason, writer, language)]
    : [];
  return renderGuestMail(input, {
    subject: texts.subject(input.experience.title, booking.reference),
    preheader: texts.notCharged,
    heading: texts.heading,
    blocks: [
      { kind: 'paragraph', text: texts.intro(input.hostBusinessName) },
      ...reasonBlock,
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'paragraph', text: texts.released(amount) },
      { kind: 'paragraph', text: texts.another },
      { kind: 'button', label: texts.anotherButton, url: experienceUrl(input) },
    ],
  });
}
