import { isRuleSlot } from '../domain/availability';
import { generateBookingReference } from '../domain/booking-reference';
import { deadlineFor } from '../domain/booking-status';
import { TOKYO_TIME_ZONE, bookableWindow, isDateInRange } from '../domain/calendar';
import type { Booking, PaymentProvider } from '../domain/entities';
import { DomainError, SLOT_UNAVAILABLE_MESSAGE, isDomainError } from '../domain/errors';
import { isWithinParticipants, totalPrice } from '../domain/pricing';
import type { CreateBookingRequest } from '../domain/schemas/booking';
import { errorFields } from './console-logger';
import type {
  BookingRepository,
  ExperienceRepository,
  HostRepository,
  Logger,
  PaymentGateway,
} from './ports';
import { loadPublishedExperience } from './published-experience';

/** Draws of a booking reference before giving up (36^6 ≈ 2.2 billion references: a second draw is already rare). */
export const MAX_REFERENCE_ATTEMPTS = 5;

export interface CreateBookingDeps {
  experiences: ExperienceRepository;
  /** A suspended host's experiences cannot be booked. */
  hosts: Pick<HostRepository, 'suspensionOf'>;
  bookings: BookingRepository;
  payments: PaymentGateway;
  logger: Logger;
  clock: () => Date;
  /** A new booking id (e.g. `crypto.randomUUID`). */
  newId: () => string;
  /** Uniform integer in `[0, n)` from a cryptographic source (e.g. `crypto.randomInt`), for references. */
  randomInt: (maxExclusive: number) => number;
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
 */
export function makeCreateBooking(deps: CreateBookingDeps) {
  return async function createBooking(request: CreateBookingRequest): Promise<CreateBookingResult> {
    const now = deps.clock();
    const experience = await loadPublishedExperience(deps, request.experienceId);

    const window = bookableWindow(now, TOKYO_TIME_ZONE);
    if (
      !isDateInRange(request.date, window) ||
      !isRuleSlot(experience.availability, request.date, request.time)
    ) {
      throw new DomainError('slot_unavailable', SLOT_UNAVAILABLE_MESSAGE);
    }
    if (!isWithinParticipants(request.guests, experience.participantsMin, experience.participantsMax)) {
      const message = participantsMessage(experience.participantsMin, experience.participantsMax);
      throw new DomainError('validation_failed', message, { guests: message });
    }
    const amount = totalPrice(experience.price, request.guests);

    const booking = await holdSlot(experience.availability.capacity, (id, reference) => ({
      id,
      reference,
      experienceId: experience.id,
      hostId: experience.hostId,
      date: request.date,
      time: request.time,
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
      });
    } catch (e) {
      await undo(booking, 'Card authorisation could not be created', e);
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
      await undo(booking, 'Card authorisation could not be attached to the booking', e);
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
  };

  /** The hold transaction, drawing a new id and reference when the reference is already taken. */
  async function holdSlot(
    ruleCapacity: number,
    build: (id: string, reference: string) => Booking,
  ): Promise<Booking> {
    for (let attempt = 1; ; attempt++) {
      const booking = build(deps.newId(), generateBookingReference(deps.randomInt));
      try {
        await deps.bookings.createWithSlotHold(booking, ruleCapacity);
        return booking;
      } catch (e) {
        if (isDomainError(e) && e.code === 'duplicate' && attempt < MAX_REFERENCE_ATTEMPTS) continue;
        throw e;
      }
    }
  }

  /** Cancels the just-created booking and releases its slot; a failure here is logged, the hold then lapses. */
  async function undo(booking: Booking, reason: string, cause: unknown): Promise<void> {
    deps.logger.warn(`${reason}; cancelling the booking and releasing its slot`, {
      bookingId: booking.id,
      ...errorFields(cause),
    });
    try {
      await deps.bookings.transition(booking.id, 'awaiting_payment', 'cancelled', {
        releaseSlot: true,
        deadline: null,
        now: deps.clock(),
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
