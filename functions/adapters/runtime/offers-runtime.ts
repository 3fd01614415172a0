/**
 * The concierge's offer use cases (issue 31), built once per cold start (STYLE §4) from the runtime adapters: the
 * admin's routes (make, list, withdraw), the guest's (look, book) and the expiry job. Booking an offer is
 * `POST /api/bookings`'s own use case (`createBooking.fromOffer`), taken from the guest runtime when first needed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { offerMail } from '../mail/templates/offer-mails';
import { DynamoOfferRepository } from '../dynamodb/offer-repository';
import { makeOfferUseCases, type OfferUseCases } from '../../use-cases/concierge/offers';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { bookingServices, guestRuntime, SITE_NAME } from './guest-runtime';
import { moneyReaders } from './money-adapters';

let cached: { base: RuntimeAdapters; useCases: OfferUseCases } | undefined;

export function offersRuntime(): OfferUseCases {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.useCases;
  const { notifications, logger, clock, baseUrl } = bookingServices();
  const useCases = makeOfferUseCases({
    offers: new DynamoOfferRepository(base.doc, base.env.TABLE_NAME, baseUrl, clock),
    experiences: base.repositories.experiences,
    hosts: base.repositories.hosts,
    payoutProfiles: moneyReaders(base).payoutProfiles,
    bookFromOffer: (offer, request, client) =>
      guestRuntime().useCases.createBooking.fromOffer(offer, request, client),
    renderMail: (kind, offer) => offerMail(kind, { offer, baseUrl, siteName: SITE_NAME }),
    queued: (mails) => notifications.queued(mails),
    logger,
    clock,
    newId: randomUUID,
    newToken: () => randomBytes(32).toString('base64url'),
    baseUrl,
  });
  cached = { base, useCases };
  return useCases;
}
