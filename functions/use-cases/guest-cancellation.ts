/**
 * The guest's own cancellation (DESIGN §4c, issue 29): e-mail and reference identify the booking, as the lookup
 * does, but they are not enough to cancel it (the host knows both, and so does anyone shown the calendar entry). The
 * guest first asks for a 6-digit code, mailed to the booking's address, and cancels with it.
 *
 * - `POST /api/bookings/cancel-code` answers the same `202` whatever the pair; only a pair that matches a cancellable
 *   booking mails a code (15 minutes, single use), in the booking's language, saying who asked. Unmatched pairs
 *   count against the lookup's limits, every request against the client's own, mails against the booking's.
 * - `POST /api/bookings/cancel` answers in the contract's order: `404` exactly as the lookup, `409` when the booking
 *   can no longer be cancelled, `403 invalid_code` for a missing, wrong, used or lapsed code (5 wrong codes end a
 *   code), and only then cancels by the booking's refund rule.
 *
 * Every code request and every cancellation is logged with the client key (the address the limits use).
 */
import { createHash } from 'node:crypto';
import { addMinutes } from '../domain/calendar';
import { guestCancellationQuote } from '../domain/cancellation';
import {
  CANCEL_CODE_MAX_WRONG,
  CANCEL_CODE_VALID_MINUTES,
  INVALID_CANCEL_CODE_MESSAGE,
  newCancelCode,
  normaliseCancelCode,
} from '../domain/cancel-code';
import { DomainError, isDomainError } from '../domain/errors';
import type { GuestCancelRequest, LookupRequest } from '../domain/schemas/lookup';
import { guestCancelCodeMail, type CancelCodeRequester } from '../adapters/mail/templates/guest-cancel-code';
import { guestMailLanguage } from '../adapters/mail/templates/booking-mail';
import { cancellationMessages, type CancelBooking, type CancellationResult } from './cancel-booking';
import {
  LOOKUP_RATE_LIMITED_MESSAGE,
  makeIdentifyGuestBooking,
  type LookupBookingDeps,
} from './lookup-booking';
import type { Logger, OutboxMail } from './ports';
import { countAttempt, type RateRule } from './rate-limits';

/**
 * Code requests allowed per window. Per client: every request counts (each may mail someone), 10 a quarter hour.
 * Per booking: at most 5 codes mailed an hour, so nobody who knows a reference can fill its guest's inbox, and a
 * stranger's requests lock the guest out of new codes for an hour at most (admins can still cancel for them).
 * With 5 wrong tries per code, a guesser gets at most 25 tries an hour against a million codes.
 */
export const CANCEL_CODE_LIMITS = {
  perClient: { limit: 10, windowSeconds: 15 * 60 },
  perBooking: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

export const TOO_MANY_CODES_MESSAGE = 'Too many codes were requested. Please try again later.';

/** A booking's live code, as stored: its hash only. */
export interface StoredCancelCode {
  bookingId: string;
  codeHash: string;
  issuedAt: string;
  /** The code is refused from this instant on. */
  validUntil: string;
}

/** Where codes are kept (adapter: `adapters/dynamodb/cancel-code-store.ts`). */
export interface CancelCodeStore {
  /**
   * Replaces the booking's code with `code` (a previous one stops working) and writes its mail to the outbox, in
   * one transaction: no code without its mail, no mail without its code.
   */
  issue(code: StoredCancelCode, mail: OutboxMail, now: Date): Promise<void>;
  /**
   * Uses the booking's code once. `used` for the one call that presented the live code's hash (unused, unexpired,
   * fewer than `maxWrong` wrong tries); every other hash is `invalid` and counts as a wrong try. Atomic: of
   * concurrent calls with the right code one is `used`, and wrong tries never exceed `maxWrong`.
   */
  redeem(bookingId: string, codeHash: string, now: Date, maxWrong: number): Promise<'used' | 'invalid'>;
}

/**
 * The stored form of a code: SHA-256 over the booking id and the code, so the table never holds a usable code and a
 * code is worth nothing for another booking. (Six digits are few: the hash keeps codes out of the table, backups and
 * exports, not from someone who already reads the table, who could change the booking anyway.)
 */
export const cancelCodeHash = (bookingId: string, code: string): string =>
  createHash('sha256').update(`cancel-code\n${bookingId}\n${code}`).digest('hex');

export interface GuestCancellationDeps extends LookupBookingDeps {
  cancellations: CancelBooking;
  cancelCodes: CancelCodeStore;
  logger: Logger;
  /** Ids of new mail items. */
  newId: () => string;
  /** Uniform integer in `[0, n)` from a cryptographic source (the codes). */
  randomInt: (maxExclusive: number) => number;
  baseUrl: string;
  siteName?: string;
  /** Starts delivery of mails just written (the local stack; the table's stream in AWS). */
  mailsQueued?: (ids: string[]) => Promise<void>;
}

/** Who is asking, as the handler saw them. */
export interface GuestRequester {
  /** `clientAddress(event)`: the viewer's address, the key of every per-client limit. */
  clientKey: string;
  userAgent: string | null;
}

export function makeGuestCancellation(deps: GuestCancellationDeps) {
  const identify = makeIdentifyGuestBooking(deps);

  /** `POST /api/bookings/cancel-code`: answers nothing either way (the handler's `202 {}`). */
  async function requestCancelCode(request: LookupRequest, requester: GuestRequester): Promise<void> {
    const { clientKey } = requester;
    await countAttempt(deps.rateLimiter, `cancel-code:client:${clientKey}`, CANCEL_CODE_LIMITS.perClient, {
      message: LOOKUP_RATE_LIMITED_MESSAGE,
      code: 'rate_limited',
    });
    let found;
    try {
      // Counted against the lookup's limits like a lookup: guessing through this route is no cheaper.
      found = await identify(request, clientKey);
    } catch (e) {
      if (isDomainError(e) && e.code === 'not_found') return;
      throw e;
    }
    const { booking, experience, host } = found;
    const now = deps.clock();
    if (!guestCancellationQuote(booking, now).allowed) return;
    if (!experience) {
      // Not reachable today (an experience with open bookings cannot be deleted); no misleading mail either way.
      deps.logger.error('Cancellation code not mailed: the experience no longer exists', {
        bookingId: booking.id,
      });
      return;
    }
    await countAttempt(deps.rateLimiter, `cancel-code:booking:${booking.id}`, CANCEL_CODE_LIMITS.perBooking, {
      message: TOO_MANY_CODES_MESSAGE,
      code: 'rate_limited',
    });

    const code = newCancelCode(deps.randomInt);
    const who: CancelCodeRequester = {
      at: now.toISOString(),
      clientKey,
      userAgent: requester.userAgent,
    };
    const rendered = guestCancelCodeMail({
      booking,
      experience,
      hostBusinessName: host?.businessName ?? '',
      baseUrl: deps.baseUrl,
      ...(deps.siteName ? { siteName: deps.siteName } : {}),
      code,
      requester: who,
    });
    const mail: OutboxMail = {
      id: deps.newId(),
      kind: 'guest_cancel_code',
      bookingId: booking.id,
      to: booking.email,
      language: guestMailLanguage(booking),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: [],
    };
    await deps.cancelCodes.issue(
      {
        bookingId: booking.id,
        codeHash: cancelCodeHash(booking.id, code),
        issuedAt: now.toISOString(),
        validUntil: addMinutes(now, CANCEL_CODE_VALID_MINUTES).toISOString(),
      },
      mail,
      now,
    );
    deps.logger.info('Cancellation code mailed', {
      bookingId: booking.id,
      reference: booking.reference,
      clientKey,
      mailId: mail.id,
    });
    await deps.mailsQueued?.([mail.id]).catch((e: unknown) =>
      // The sender's schedule delivers it anyway.
      deps.logger.warn('Cancellation code mail not delivered at once', { mailId: mail.id, error: String(e) }),
    );
  }

  /** `POST /api/bookings/cancel`: 404, 409, 403 in this order, then the cancellation. */
  async function cancelOwnBooking(
    request: GuestCancelRequest,
    requester: GuestRequester,
  ): Promise<CancellationResult> {
    const { clientKey } = requester;
    const { booking } = await identify(request, clientKey);
    if (!guestCancellationQuote(booking, deps.clock()).allowed) {
      throw new DomainError('state_conflict', cancellationMessages.guestNotCancellable);
    }
    const code = normaliseCancelCode(request.code);
    const outcome = code
      ? await deps.cancelCodes.redeem(
          booking.id,
          cancelCodeHash(booking.id, code),
          deps.clock(),
          CANCEL_CODE_MAX_WRONG,
        )
      : 'invalid';
    if (outcome !== 'used') {
      deps.logger.warn('Guest cancellation refused: invalid code', {
        bookingId: booking.id,
        reference: booking.reference,
        clientKey,
        codeGiven: request.code !== undefined && request.code !== '',
      });
      throw new DomainError('invalid_code', INVALID_CANCEL_CODE_MESSAGE);
    }
    const result = await deps.cancellations.byGuest(booking);
    deps.logger.info('Booking cancelled by the guest', {
      bookingId: booking.id,
      reference: booking.reference,
      clientKey,
      refundAmount: result.refundAmount,
    });
    return result;
  }

  return { requestCancelCode, cancelOwnBooking };
}
