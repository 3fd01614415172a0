/**
 * The host back office's use cases, built once per cold start (STYLE §4) on top of the guest runtime: both sides
 * share one payment gateway (the local gateway's intents live in one process locally), one mail setup and one
 * clock, so an approval captures exactly the authorisation the guest's payment created.
 */
import { randomUUID } from 'node:crypto';
import { makeHostUseCases, type HostUseCases } from '../../use-cases/back-office/host-use-cases';
import { createImageStore } from '../storage/create-image-store';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { guestRuntime, type GuestRuntime } from './guest-runtime';

let cached: { base: RuntimeAdapters; guest: GuestRuntime; useCases: HostUseCases } | undefined;

export function hostRuntime(): { useCases: HostUseCases } {
  const base = runtimeAdapters();
  const guest = guestRuntime();
  if (cached?.base === base && cached.guest === guest) return cached;
  const useCases = makeHostUseCases({
    ...base.repositories,
    images: createImageStore(base.env),
    payments: guest.payments,
    notifications: guest.useCases.notifications,
    logger: guest.logger,
    clock: guest.clock,
    newId: randomUUID,
  });
  cached = { base, guest, useCases };
  return cached;
}
