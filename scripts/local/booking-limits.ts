import type { BookingLimits } from '../../functions/use-cases/create-booking';

/**
 * For tests and benches of other things, which book dozens of times from one address and one e-mail within
 * minutes: the limits stay in force (the same code runs), only far from reach. The local stack itself, and the
 * tests of the limits, use `BOOKING_LIMITS`.
 */
export const RELAXED_BOOKING_LIMITS: BookingLimits = {
  openHolds: 10_000,
  requests: { limit: 10_000, windowSeconds: 15 * 60 },
  network: { openHolds: 10_000, requests: { limit: 10_000, windowSeconds: 15 * 60 } },
  openHoldsPerExperience: 10_000,
};
