/**
 * The concierge's offer use cases (issue 31), built once per cold start (STYLE §4) from the runtime adapters:
 * `adminOffersRuntime()` for the admin's routes (make, list, withdraw), `offersRuntime()` for the expiry job, and
 * `guestOffersRuntime()` (`offers-guest-runtime.ts`) for the guest's routes, which adds `POST /api/bookings`'s own
 * use case (`createBooking.fromOffer`). Kept apart so the admin API carries neither the guest use cases nor the
 * guest's half of the offers (its bundle budget).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { offerMail } from '../mail/templates/offer-mails';
import { DynamoGuestOfferRepository, DynamoOfferRepository } from '../dynamodb/offer-repository';
import {
  makeAdminOfferUseCases,
  makeOfferUseCases,
  type AdminOfferUseCases,
  type OfferUseCaseDeps,
  type OfferUseCases,
} from '../../use-cases/concierge/offers';
import type { OfferStore } from '../../use-cases/concierge/offer-ports';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { bookingServices, SITE_NAME } from './guest-runtime';
import { moneyReaders } from './money-adapters';

function depsOf<R extends OfferStore>(
  base: RuntimeAdapters,
  offers: (baseUrl: string, clock: () => Date) => R,
): OfferUseCaseDeps<R> {
  const { notifications, logger, clock, baseUrl } = bookingServices();
  return {
    offers: offers(baseUrl, clock),
    experiences: base.repositories.experiences,
    hosts: base.repositories.hosts,
    payoutProfiles: moneyReaders(base).payoutProfiles,
    renderMail: (kind, offer) => offerMail(kind, { offer, baseUrl, siteName: SITE_NAME }),
    queued: (mails) => notifications.queued(mails),
    logger,
    clock,
    newId: randomUUID,
    newToken: () => randomBytes(32).toString('base64url'),
    baseUrl,
  };
}

/** The guest's half and the job, with booking (`bookFromOffer`) when given. */
export function buildOfferUseCases(
  base: RuntimeAdapters,
  bookFromOffer?: OfferUseCaseDeps['bookFromOffer'],
): OfferUseCases {
  return makeOfferUseCases({
    ...depsOf(
      base,
      (baseUrl, clock) => new DynamoGuestOfferRepository(base.doc, base.env.TABLE_NAME, baseUrl, clock),
    ),
    ...(bookFromOffer ? { bookFromOffer } : {}),
  });
}

let cached: { base: RuntimeAdapters; useCases: OfferUseCases } | undefined;

/** The expiry job's offers. */
export function offersRuntime(): OfferUseCases {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.useCases;
  const useCases = buildOfferUseCases(base);
  cached = { base, useCases };
  return useCases;
}

let cachedAdmin: { base: RuntimeAdapters; useCases: AdminOfferUseCases } | undefined;

export function adminOffersRuntime(): AdminOfferUseCases {
  const base = runtimeAdapters();
  if (cachedAdmin?.base === base) return cachedAdmin.useCases;
  const useCases = makeAdminOfferUseCases(
    depsOf(
      base,
      (baseUrl, clock) => new DynamoOfferRepository(base.doc, base.env.TABLE_NAME, baseUrl, clock),
    ),
  );
  cachedAdmin = { base, useCases };
  return useCases;
}
