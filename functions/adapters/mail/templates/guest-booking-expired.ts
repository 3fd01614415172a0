/**
 * To the guest, when a booking expires (booking `expired`): either the 15-minute hold lapsed before the card was
 * authorised, or the host did not answer within 48 hours. Either way the card is not charged.
 */
import {
  experienceUrl,
  guestFacts,
  guestMailLanguage,
  HOST_RESPONSE_HOURS,
  referenceBlock,
  renderGuestMail,
  type BookingMailInput,
} from './booking-mail';
import { formatYen } from './format';
import { guestMailTexts } from './guest-texts';
import type { RenderedMail } from './layout';

export type ExpiryCause = 'hold_lapsed' | 'host_no_response';

export interface BookingExpiredMailInput extends BookingMailInput {
  cause: ExpiryCause;
}

export function guestBookingExpiredMail(input: BookingExpiredMailInput): RenderedMail {
  const { booking, cause } = input;
  const language = guestMailLanguage(booking);
  const amount = formatYen(booking.amount, language);

  const texts = guestMailTexts(language).expired;
  const held = cause === 'hold_lapsed';
  return renderGuestMail(input, {
    subject: texts.subject(input.experience.title, booking.reference),
    preheader: guestMailTexts(language).denied.notCharged,
    heading: texts.heading,
    blocks: [
      {
        kind: 'paragraph',
        text: held ? texts.holdLapsed : texts.noResponse(input.hostBusinessName, HOST_RESPONSE_HOURS, amount),
      },
      referenceBlock(booking, language),
      guestFacts(input, language),
      { kind: 'paragraph', text: held ? texts.againAfterHold : texts.againAfterNoResponse },
      { kind: 'button', label: held ? texts.bookAgain : texts.anotherDate, url: experienceUrl(input) },
    ],
  });
}
