/**
 * To the guest, when a cancellation of their booking was asked for (issue 29): the 6-digit code that confirms it,
 * who asked (when, from which address and browser) and that nothing happens without the code. In the guest's site
 * language, like every guest mail; every value (the browser's name is the requester's own text) is escaped by
 * `renderMail`.
 */
import { CANCEL_CODE_MAX_WRONG, CANCEL_CODE_VALID_MINUTES } from '../../../domain/cancel-code';
import { guestMailLanguage, referenceBlock, renderGuestMail, type BookingMailInput } from './booking-mail';
import { formatDate, formatTokyoDateTime, oneLine } from './format';
import { guestMailTexts } from './guest-texts';
import type { RenderedMail } from './layout';

/** Who asked for the code: what the mail tells the guest so they can tell their own request from a stranger's. */
export interface CancelCodeRequester {
  /** ISO instant of the request. */
  at: string;
  /** The client's address as the limits key it (`clientAddress`: IPv4, or an IPv6 /64). */
  clientKey: string;
  /** The browser's `User-Agent`, if it sent one. */
  userAgent: string | null;
}

export interface CancelCodeMailInput extends BookingMailInput {
  code: string;
  requester: CancelCodeRequester;
}

/** A browser's self-description, cut to a readable length (it is the requester's text, not ours). */
const browserOf = (userAgent: string | null): string | null => {
  const text = userAgent ? oneLine(userAgent) : '';
  return text ? (text.length > 120 ? `${text.slice(0, 117)}...` : text) : null;
};

export function guestCancelCodeMail(input: CancelCodeMailInput): RenderedMail {
  const { booking, experience, requester } = input;
  const language = guestMailLanguage(booking);
  const texts = guestMailTexts(language).cancelCode;
  return renderGuestMail(input, {
    subject: texts.subject(booking.reference),
    preheader: texts.preheader(CANCEL_CODE_VALID_MINUTES),
    heading: texts.heading,
    blocks: [
      { kind: 'paragraph', text: texts.intro(experience.title, formatDate(booking.date, language)) },
      referenceBlock(booking, language),
      { kind: 'reference', label: texts.codeLabel, value: input.code },
      { kind: 'paragraph', text: texts.validity(CANCEL_CODE_VALID_MINUTES, CANCEL_CODE_MAX_WRONG) },
      {
        kind: 'paragraph',
        text: texts.requestedBy(
          formatTokyoDateTime(requester.at, language),
          requester.clientKey,
          browserOf(requester.userAgent),
        ),
      },
      { kind: 'paragraph', text: texts.nothingHappens },
    ],
  });
}
