import { normaliseBookingReference } from '../domain/booking-reference';
import type { Booking, Experience, Host } from '../domain/entities';
import { lookupBookingView, lookupExperienceView, type LookupBookingResult } from '../domain/booking-views';
import { DomainError } from '../domain/errors';
import { lookupEmailMatches, type LookupRequest } from '../domain/schemas/lookup';
import type { BookingRepository, ExperienceRepository, HostRepository, RateLimiter } from './ports';
import { countAttempt, type CountedAttempt, type RateRule } from './rate-limits';

/** The same answer for a wrong e-mail and a wrong reference (the lookup page's 予約が見つかりません). */
export const LOOKUP_NOT_FOUND_MESSAGE = 'Booking not found. Please check your booking ID and e-mail address.';
/** An id no experience or host has (theirs are UUIDs and seed ids). */
const ABSENT_ID = 'absent';

export const LOOKUP_RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

/**
 * Failed attempts allowed per window. Per reference and client: guessing the e-mail of one booking from one
 * address is capped at 10 tries per quarter hour. Per client: trying many references from one address is capped at
 * 30. Only failures count (a successful lookup gives its attempts back), and no limit is per reference alone: a
 * stranger who knows a reference can exhaust only their own allowance, never lock the booking's owner out.
 */
export const LOOKUP_LIMITS = {
  perReferenceAndClient: { limit: 10, windowSeconds: 15 * 60 },
  perClient: { limit: 30, windowSeconds: 15 * 60 },
} as const;

export interface LookupBookingDeps {
  bookings: BookingRepository;
  experiences: ExperienceRepository;
  hosts: HostRepository;
  rateLimiter: RateLimiter;
  clock: () => Date;
}

/**
 * `POST /api/bookings/lookup`: the booking and the experience facts the Manage Booking page shows, for the
 * e-mail (case-insensitive) and reference of a booking. Every mismatch answers the same `not_found`, and failed
 * attempts are limited per client and per reference and client (`LOOKUP_LIMITS`) so references and e-mails cannot
 * be guessed.
 *
 * A booking still `awaiting_payment` (or cancelled before any payment existed) is not shown: a guest who never
 * paid has no booking.
 */
export function makeLookupBooking(deps: LookupBookingDeps) {
  const identify = makeIdentifyGuestBooking(deps);
  return async function lookupBooking(
    request: LookupRequest,
    clientKey: string,
  ): Promise<LookupBookingResult> {
    const { booking, experience, host } = await identify(request, clientKey);
    return {
      booking: lookupBookingView(booking, deps.clock()),
      experience: experience ? lookupExperienceView(experience, host?.businessName ?? null) : null,
    };
  };
}

/**
 * The booking of an e-mail (case-insensitive) and reference, with its experience and host. Every mismatch answers
 * the same `not_found`, and failed attempts are limited per client and per reference and client
 * (`LOOKUP_LIMITS`) so references and e-mails cannot be guessed. The guest's cancellation and its code
 * (`guest-cancellation.ts`) identify the guest with it too.
 */
export function makeIdentifyGuestBooking(deps: LookupBookingDeps) {
  return async function identify(
    request: LookupRequest,
    clientKey: string,
  ): Promise<{ booking: Booking; experience: Experience | null; host: Host | null }> {
    const reference = normaliseBookingReference(request.reference);
    // Every attempt is counted before the booking is read (atomic counters: a burst of parallel guesses cannot
    // slip past the limit), and a successful one is given back below. The client first: an address that is
    // already refused does not also use up its attempts on this reference.
    const hits = [
      await limit(`lookup:client:${clientKey}`, LOOKUP_LIMITS.perClient),
      await limit(`lookup:reference:${reference}:client:${clientKey}`, LOOKUP_LIMITS.perReferenceAndClient),
    ];

    const booking = await deps.bookings.getByReference(reference);
    // The experience and its host are read whatever the answer (ids no entity has when there is no booking): a
    // guess costs the same reads, and takes about as long, as a lookup that succeeds (DESIGN §4d).
    const experience = await deps.experiences.get(booking?.experienceId ?? ABSENT_ID);
    const host = await deps.hosts.get(experience?.hostId ?? ABSENT_ID);
    if (!booking || !lookupEmailMatches(booking.email, request.email) || !visibleToGuest(booking)) {
      throw new DomainError('not_found', LOOKUP_NOT_FOUND_MESSAGE);
    }
    // The owner's own lookups never count against them (or their address).
    await Promise.all(hits.map((hit) => deps.rateLimiter.refund(hit.key, hit.windowStartSeconds)));
    return { booking, experience, host };
  };

  function limit(key: string, rule: RateRule): Promise<CountedAttempt> {
    return countAttempt(deps.rateLimiter, key, rule, {
      message: LOOKUP_RATE_LIMITED_MESSAGE,
      code: 'rate_limited',
    });
  }
}

function visibleToGuest(booking: Booking): boolean {
  if (booking.status === 'awaiting_payment') return false;
  // Cancelled while its creation was undone: the guest saw an error, never this reference.
  if (booking.status === 'cancelled' && booking.paymentIntentId === null) return false;
  return true;
}
