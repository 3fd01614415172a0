/**
 * The host back office's use cases, built once per cold start (STYLE §4) on the booking services the guest side
 * uses too: one payment gateway (locally, the one that holds the guests' authorisations), one mail setup and one
 * clock, so an approval captures exactly the authorisation the guest's payment created.
 */
import { randomUUID } from 'node:crypto';
import { makeHostUseCases, type HostUseCases } from '../../use-cases/back-office/host-use-cases';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { createImageStore } from '../storage/create-image-store';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { moneyAdapters } from './money-adapters';
import { bookingServices, type BookingServices } from './guest-runtime';

let cached: { base: RuntimeAdapters; services: BookingServices; useCases: HostUseCases } | undefined;

export function hostRuntime(): { useCases: HostUseCases } {
  const base = runtimeAdapters();
  const services = bookingServices();
  if (cached?.base === base && cached.services === services) return cached;
  const useCases = makeHostUseCases({
    ...base.repositories,
    ...moneyAdapters(base),
    ...services,
    images: createImageStore(base.env),
    rateLimiter: new DynamoRateLimiter(base.doc, base.env.TABLE_NAME, services.clock),
    newId: randomUUID,
  });
  cached = { base, services, useCases };
  return cached;
}
