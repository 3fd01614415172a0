import { isRuleSlot, isStartFree, tourAt } from '../domain/availability';
import { generateBookingReference } from '../domain/booking-reference';
import { deadlineFor } from '../domain/booking-status';
import { TOKYO_TIME_ZONE, bookableWindow, isDateInRange } from '../domain/calendar';
import type { Booking, Experience, PaymentProvider } from '../domain/entities';
import { DomainError, RateLimitedError, SLOT_UNAVAILABLE_MESSAGE, isDomainError } from '../domain/errors';
import { isWithinParticipants, totalPrice } from '../domain/pricing';
import type { CreateBookingRequest } from '../domain/schemas/booking';
import { errorFields } from './console-logger';
import type {
  BookingRepository,
  ExperienceRepository,
  HostRepository,
  LeaseLimiter,
  Logger,
  PaymentGateway,
  RateLimiter,
} from './ports';
import type { SlotRepository } from './slot-ports';
import { defaultRefundRule } from '../domain/refund-rule';
import { platformFeeOf } from '../domain/money';
import { canTakePayments } from '../domain/payout-account';
import type { PayoutProfileRepository } from './money-ports';
import { loadPublishedExperience } from './published-experience';
import { countAttempt, type RateRule } from './rate-limits';
import type { Offer } from '../domain/offers';
import type { OfferRepository } from './concierge/offer-ports';
import { holdSettlement } from './concierge/hold-settlement';

/** Draws of a booking reference before giving up (36^6 ≈ 2.2 billion references: a second draw is already rare). */
export const MAX_REFERENCE_ATTEMPTS = 5;

/**
 * What one client (viewer address) and one e-mail may ask for (DESIGN §4d): every unpaid hold keeps a slot from
 * everyone else and creates a card authorisation, so a few at once and a bounded number per quarter hour. A guest
 * who pays a hold gets its place back at once.
 *
 * Issue 29: an IPv6 holder has 65,536 /64s in a /48, so the /48 (`network`) has limits of its own, a few
 * households' worth; and however many addresses an actor has, one experience has at most `openHoldsPerExperience`
 * unpaid holds at once, so nobody can hold every slot of a host for free.
 */
export interface BookingLimits {
  openHolds: number;
  requests: RateRule;
  /** Per IPv6 /48 (IPv4 clients have none): open holds and requests of all its /64s together. */
  network: { openHolds: number; requests: RateRule };
  /** Unpaid holds of one experience at once, whoever holds them. */
  openHoldsPerExperience: number;
}
export const BOOKING_LIMITS: BookingLimits = {
  openHolds: 3,
  requests: { limit: 10, windowSeconds: 15 * 60 },
  network: { openHolds: 6, requests: { limit: 20, windowSeconds: 15 * 60 } },
  openHoldsPerExperience: 10,
};
export const TOO_MANY_HOLDS_MESSAGE =
  'You already have several unpaid bookings in progress. Please complete or cancel one, or try again later.';
export const EXPERIENCE_HOLDS_FULL_MESSAGE =
  'Several guests are completing a booking of this experience right now. Please try again in a few minutes.';
export const TOO_MANY_BOOKINGS_MESSAGE = 'Too many booking requests. Please try again later.';

/** One holder's limits: a client, an IPv6 /48, an e-mail. */
interface HolderLimit {
  key: string;
  openHolds: number;
  requests: RateRule;
}

export interface CreateBookingDeps {
  experiences: ExperienceRepository;
  /** A suspended host's experiences cannot be booked. */
  hosts: Pick<HostRepository, 'suspensionOf' | 'get'>;
  /** The host's commission and payout account: the charge goes to the host's account, less the fee. */
  payoutProfiles: Pick<PayoutProfileRepository, 'get'>;
  bookings: BookingRepository;
  /** The quick look at a start before its transaction (a full start answers 409 at once). */
  slots: Pick<SlotRepository, 'readTour'>;
  payments: PaymentGateway;
  logger: Logger;
  /** Booking requests per client and per e-mail (`BOOKING_LIMITS.requests`). */
  rateLimiter: RateLimiter;
  /** Open unpaid holds per client and per e-mail (`BOOKING_LIMITS.openHolds`). */
  leases: LeaseLimiter;
  /** Only the local stack's own tests of other things relax these; the product uses `BOOKING_LIMITS`. */
  bookingLimits?: BookingLimits;
  clock: () => Date;
  /** A new booking id (e.g. `crypto.randomUUID`). */
  newId: () => string;
  /** Uniform integer in `[0, n)` from a cryptographic source (e.g. `crypto.randomInt`), for references. */
  randomInt: (maxExclusive: number) => number;
  /** Issue 31: books a concierge's offer (the booking takes over the offer's hold). Absent: offers cannot be booked. */
  offers?: Pick<OfferRepository, 'book'>;
}

/** What booking a concierge's offer asks of the guest (`POST /api/offers/{token}/book`). */
export interface OfferBookingRequest {
  guest: CreateBookingRequest['guest'];
  guestLocale: CreateBookingRequest['guestLocale'];
  language: CreateBookingRequest['language'];
}

/** How a new booking takes its tour's time and what it costs: a booking's own hold, or an offer's. */
interface HoldPlan {
  amount: number;
  /** Absent: the host's commission of `amount`. */
  platformFee?: number;
  durationMinutes: number;
  bufferMinutes: number;
  /** More attributes of the booking (the offer's id and mark). */
  extra: Partial<Booking>;
  write: (booking: Booking) => Promise<void>;
  /** The offer whose hold the booking took over: undone, the booking hands it back. */
  offer?: Offer;
}

export interface CreateBookingResult {
  bookingId: string;
  reference: string;
  status: 'awaiting_payment';
  amount: number;
  currency: 'JPY';
  payment: { provider: PaymentProvider; clientSecret: string };
}

export const participantsMessage = (min: number, max: number) =>
  min === max
    ? `This experience takes exactly ${min} ${min === 1 ? 'person' : 'people'}`
    : `Choose between ${min} and ${max} people`;

/**
 * `POST /api/bookings` (DESIGN §4 step 3). Validates the request against the experience, computes the amount on
 * the server, holds the slot and writes the booking (`awaiting_payment`, 15-minute hold) in one transaction, then
 * creates the manual-capture card authorisation and attaches it. When the authorisation cannot be created the
 * booking is cancelled and the slot released at once, so a provider failure never blocks a slot for 15 minutes.
 *
 * Before any of that, the client (`clientAddress`; absent for internal callers) and the e-mail are held to
 * `BOOKING_LIMITS`: past either, `too_many_requests` (429) with the seconds to wait. Each counts on its own, so
 * another client with another e-mail is never affected.
 */
export function makeCreateBooking(deps: CreateBookingDeps) {
  const limits = deps.bookingLimits ?? BOOKING_LIMITS;

  /**
   * `POST /api/offers/{token}/book` (issue 31): the same booking, payment and answer as `POST /api/bookings`, except
   * that the booking takes over the offer's hold in the transaction that marks the offer booked (no second unit of
   * capacity), its amount and platform fee are the offer's, and it is marked as from the offer. The client and the
   * e-mail are counted as for any booking; no hold lease is taken (the offer already holds the time, once).
   */
  async function createFromOffer(
    offer: Offer,
    request: OfferBookingRequest,
    client?: string,
  ): Promise<CreateBookingResult> {
    const offers = deps.offers;
    if (!offers) throw new Error('createFromOffer needs the offer repository');
    const now = deps.clock();
    for (const key of [
      ...(client ? [`booking:client:${client}`] : []),
      `booking:email:${request.guest.email.trim().toLowerCase()}`,
    ]) {
      await countAttempt(deps.rateLimiter, key, limits.requests, { message: TOO_MANY_BOOKINGS_MESSAGE });
    }
    const experience = await loadPublishedExperience(deps, offer.experienceId);
    const bookingRequest: CreateBookingRequest = {
      experienceId: offer.experienceId,
      date: offer.date,
      time: offer.time,
      guests: offer.guests,
      language: request.language,
      guestLocale: request.guestLocale,
      guest: request.guest,
    };
    return holdAndAuthorise(bookingRequest, experience, deps.newId(), now, {
      amount: offer.totalAmount,
      platformFee: offer.platformFee,
      durationMinutes: offer.durationMinutes,
      bufferMinutes: offer.bufferMinutes,
      extra: { offerId: offer.id, source: 'offer', preApproved: offer.preApproved },
      write: (booking) => offers.book(offer, booking, now),
      offer,
    });
  }

  return Object.assign(createBooking, { fromOffer: createFromOffer });

  async function createBooking(
    request: CreateBookingRequest,
    client?: string,
    /** The client's /48 when it is an IPv6 client (`clientNetwork`). */
    network?: string,
  ): Promise<CreateBookingResult> {
    const now = deps.clock();
    const holders: HolderLimit[] = [
      ...(client ? [{ key: `booking:client:${client}`, ...limits }] : []),
      ...(network ? [{ key: `booking:network:${network}`, ...limits.network }] : []),
      { key: `booking:email:${request.guest.email.trim().toLowerCase()}`, ...limits },
    ];
    for (const { key, requests } of holders) {
      await countAttempt(deps.rateLimiter, key, requests, { message: TOO_MANY_BOOKINGS_MESSAGE });
    }
    // The experience and the slot are looked at before any lease is taken: a guest of a crowd on a full slot hears
    // 409 at once and costs a few reads, not a lease round and a transaction (issue 33, DESIGN §4i "Hot keys").
    const experience = await bookableExperience(request, now);
    const bookingId = deps.newId();
    const leases = await takeHoldLeases(
      [
        ...holders.map(({ key, openHolds }) => ({ key, limit: openHolds, message: TOO_MANY_HOLDS_MESSAGE })),
        // Last: a client already past its own limits does not also take a place of the experience's.
        {
          key: `booking:experience:${request.experienceId}`,
          limit: limits.openHoldsPerExperience,
          message: EXPERIENCE_HOLDS_FULL_MESSAGE,
        },
      ],
      bookingId,
      now,
    );
    try {
      return await holdAndAuthorise(request, experience, bookingId, now);
    } catch (e) {
      // No hold came of it (or it was undone): the places go back at once.
      await releaseLeases(leases, bookingId);
      throw e;
    }
  }

  /**
   * The published experience, when the request fits it and the start is not already taken: a start of the rule
   * for this tour's length (inside the hours, ending by closing, DESIGN §4j), the party size, and one strongly
   * consistent look at the start and the quarters its tour would hold. That look may only refuse (409 at once);
   * whether a free-looking start is taken is the transaction's to decide, never a read's.
   */
  async function bookableExperience(request: CreateBookingRequest, now: Date): Promise<Experience> {
    const experience = await loadPublishedExperience(deps, request.experienceId);
    const window = bookableWindow(now, TOKYO_TIME_ZONE);
    if (
      !isDateInRange(request.date, window) ||
      !isRuleSlot(experience.availability, request.date, request.time, experience.durationMinutes)
    ) {
      throw new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);
    }
    if (!isWithinParticipants(request.guests, experience.participantsMin, experience.participantsMax)) {
      const message = participantsMessage(experience.participantsMin, experience.participantsMax);
      throw new DomainError('validation_failed', message, { guests: message });
    }
    const shape = { durationMinutes: experience.durationMinutes };
    const tour = tourAt(experience.availability, shape, request.date, request.time);
    const { state, days } = await deps.slots.readTour(experience.id, tour);
    if (!isStartFree(experience.availability, shape, request.date, request.time, state, days)) {
      throw new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);
    }
    return experience;
  }

  async function holdAndAuthorise(
    request: CreateBookingRequest,
    experience: Experience,
    bookingId: string,
    now: Date,
    plan?: HoldPlan,
  ): Promise<CreateBookingResult> {
    const amount = plan?.amount ?? totalPrice(experience.price, request.guests);
    // The money goes to the host's connected account (DESIGN §4g): without one that takes payments (its
    // requirements lapsed after publishing), nothing can be booked, rather than the platform keeping the charge.
    const payout = await deps.payoutProfiles.get(experience.hostId);
    if (!canTakePayments(payout.account) || !payout.account) {
      deps.logger.warn('Booking refused: the host has no payout account that takes payments', {
        experienceId: experience.id,
        hostId: experience.hostId,
        status: payout.account?.status ?? 'none',
      });
      throw new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);
    }
    const destinationAccountId = payout.account.accountId;
    // The refund rule in force now is the guest's promise: copied onto the booking, never read again later.
    const refundRule =
      experience.refundRule ??
      defaultRefundRule((await deps.hosts.get(experience.hostId))?.cancellationPolicy);

    const write =
      plan?.write ?? ((b: Booking) => deps.bookings.createWithSlotHold(b, experience.availability.capacity));
    const booking = await holdSlot(write, (reference) => ({
      id: bookingId,
      reference,
      experienceId: experience.id,
      hostId: experience.hostId,
      date: request.date,
      time: request.time,
      // The tour's length and the guide's buffer now are this booking's, like the refund rule: its calendar
      // entry, completion, payout and the time it holds follow them whatever the host changes later.
      durationMinutes: plan?.durationMinutes ?? experience.durationMinutes,
      bufferMinutes: plan?.bufferMinutes ?? experience.availability.bufferMinutes ?? 0,
      guests: request.guests,
      language: request.language,
      firstName: request.guest.firstName.trim(),
      lastName: request.guest.lastName.trim(),
      // Kept as typed (trimmed) for display in mails; every comparison is case-insensitive.
      email: request.guest.email.trim(),
      // E.164 from the request schema.
      phone: request.guest.phone,
      nationality: request.guest.nationality.trim(),
      specialRequests: request.guest.specialRequests?.trim() || null,
      unitPrice: experience.price,
      amount,
      currency: 'JPY',
      status: 'awaiting_payment',
      paymentProvider: null,
      paymentIntentId: null,
      deadline: deadlineFor('awaiting_payment', now)?.toISOString() ?? null,
      deniedMessage: null,
      guestLocale: request.guestLocale,
      experienceTitle: experience.title,
      decidedBy: null,
      decidedAt: null,
      reminderSentAt: null,
      refundRule,
      // The commission agreed now is what this booking pays, like the refund rule.
      commissionPercent: payout.commissionPercent,
      platformFee: plan?.platformFee ?? platformFeeOf(amount, payout.commissionPercent),
      destinationAccountId,
      ...plan?.extra,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }));

    let authorization;
    try {
      authorization = await deps.payments.createAuthorization({
        bookingId: booking.id,
        amount,
        currency: 'JPY',
        description: `${booking.reference} · ${experience.title} · ${booking.date} ${booking.time}`,
        metadata: { reference: booking.reference, experienceId: experience.id },
        customerEmail: booking.email,
        destination: { accountId: destinationAccountId, transferGroup: booking.id },
      });
    } catch (e) {
      await undo(booking, 'Card authorisation could not be created', e, plan?.offer);
      throw e;
    }

    try {
      await deps.bookings.attachPayment(
        booking.id,
        deps.payments.provider,
        authorization.paymentIntentId,
        now,
      );
    } catch (e) {
      // Without the attachment no event or confirmation could ever find the booking: give everything back. The
      // booking goes first, so the cancellation's payment event finds it already cancelled and mails nobody.
      await undo(booking, 'Card authorisation could not be attached to the booking', e, plan?.offer);
      await deps.payments
        .cancel(authorization.paymentIntentId, { bookingId: booking.id, reason: 'abandoned' })
        .catch((cancelError: unknown) =>
          deps.logger.error('Unattached authorisation could not be cancelled', {
            bookingId: booking.id,
            paymentIntentId: authorization.paymentIntentId,
            ...errorFields(cancelError),
          }),
        );
      throw e;
    }

    return {
      bookingId: booking.id,
      reference: booking.reference,
      status: 'awaiting_payment',
      amount,
      currency: 'JPY',
      payment: { provider: deps.payments.provider, clientSecret: authorization.clientSecret },
    };
  }

  /**
   * One lease per limit key, named by the booking id and lasting as long as the hold can: a lease is live while its
   * booking is still unpaid (or still being created), so a paid, released or expired hold frees its place.
   */
  async function takeHoldLeases(
    leaseLimits: { key: string; limit: number; message: string }[],
    bookingId: string,
    now: Date,
  ): Promise<string[]> {
    const holdEnds = deadlineFor('awaiting_payment', now) ?? now;
    const stillHeld = async (id: string) => {
      const booking = await deps.bookings.get(id);
      return booking === null || booking.status === 'awaiting_payment';
    };
    const taken: string[] = [];
    for (const { key, limit, message } of leaseLimits) {
      const decision = await deps.leases.acquire(key, bookingId, limit, holdEnds, stillHeld);
      if (!decision.allowed) {
        await releaseLeases(taken, bookingId);
        throw new RateLimitedError(decision.retryAfterSeconds, message);
      }
      taken.push(key);
    }
    return taken;
  }

  async function releaseLeases(limitKeys: string[], bookingId: string): Promise<void> {
    await Promise.all(
      limitKeys.map((key) =>
        deps.leases.release(key, bookingId).catch((e: unknown) =>
          // Not fatal: a lease whose booking never came to be still ends when the hold would have.
          deps.logger.warn('Hold lease could not be released', { bookingId, ...errorFields(e) }),
        ),
      ),
    );
  }

  /**
   * The hold transaction, drawing a new reference when the reference is already taken (the id stays: a cancelled
   * transaction wrote nothing under it).
   */
  async function holdSlot(
    write: (booking: Booking) => Promise<void>,
    build: (reference: string) => Booking,
  ): Promise<Booking> {
    for (let attempt = 1; ; attempt++) {
      const booking = build(generateBookingReference(deps.randomInt));
      try {
        await write(booking);
        return booking;
      } catch (e) {
        if (isDomainError(e) && e.code === 'duplicate' && attempt < MAX_REFERENCE_ATTEMPTS) continue;
        throw e;
      }
    }
  }

  /** Cancels the just-created booking and releases its slot; a failure here is logged, the hold then lapses. */
  async function undo(booking: Booking, reason: string, cause: unknown, offer?: Offer): Promise<void> {
    deps.logger.warn(`${reason}; cancelling the booking and releasing its slot`, {
      bookingId: booking.id,
      ...errorFields(cause),
    });
    try {
      await deps.bookings.transition(booking.id, 'awaiting_payment', 'cancelled', {
        ...holdSettlement(offer ?? null, deps.clock()),
        deadline: null,
      });
    } catch (e) {
      // The deadline is still set, so the expiry job releases the slot within minutes.
      deps.logger.error('Booking could not be cancelled after a payment failure; the hold will lapse', {
        bookingId: booking.id,
        ...errorFields(e),
      });
    }
  }
}
