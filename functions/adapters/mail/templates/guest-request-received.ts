/** To the guest, once the card is authorised and the request is with the host (booking `pending`). */
import {
  guestFacts,
  guestMailLanguage,
  HOST_RESPONSE_HOURS,
  hostDeadlineText,
  manageBookingBlocks,
  priceTermsBlock,
  referenceBlock,
  renderGuestMail,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { guestMailTexts } from './guest-texts';
import type { RenderedMail } from './layout';

export function guestRequestReceivedMail(input: BookingMailInput): RenderedMail {
  const { booking } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).received;
  const deadline = hostDeadlineText(booking, language);
  const amount = formatYen(booking.amount, language);
  return renderGuestMail(input, {
    subject: texts.subject(input.experience.title, booking.reference),
    preheader: texts.preheader(HOST_RESPONSE_HOURS),
    heading: texts.heading,
    blocks: [
      { kind: 'paragraph', text: texts.intro(input.hostBusinessName, HOST_RESPONSE_HOURS, deadline) },
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'paragraph', text: texts.authorised(amount, HOST_RESPONSE_HOURS) },
      priceTermsBlock(language),
      { kind: 'paragraph', text: texts.next },
      ...manageBookingBlocks(input, language),
    ],
  });
}
