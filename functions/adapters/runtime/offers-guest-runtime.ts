/**
 * The offer use cases of the guest API (issue 31): `offersRuntime()`'s, plus booking an offer through
 * `POST /api/bookings`'s own use case (`createBooking.fromOffer` of the guest runtime, which the guest API carries).
 */
import type { OfferUseCases } from '../../use-cases/concierge/offers';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { guestRuntime } from './guest-runtime';
import { buildOfferUseCases } from './offers-runtime';

let cached: { base: RuntimeAdapters; useCases: OfferUseCases } | undefined;

export function guestOffersRuntime(): OfferUseCases {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.useCases;
  const useCases = buildOfferUseCases(base, (offer, request, client) =>
    guestRuntime().useCases.createBooking.fromOffer(offer, request, client),
  );
  cached = { base, useCases };
  return useCases;
}
