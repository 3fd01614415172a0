/**
 * The payout job (DESIGN §4g), built once per cold start (STYLE §4) on the booking services every booking-handling
 * function shares (the payment gateway: locally the one that holds the hosts' accounts and balances).
 */
import { randomUUID } from 'node:crypto';
import { makePayHosts, type PayHosts } from '../../use-cases/money/pay-hosts';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { bookingServices } from './guest-runtime';

let cached: { base: RuntimeAdapters; payHosts: PayHosts } | undefined;

export function payHostsJob(): PayHosts {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.payHosts;
  const { payments, logger, clock } = bookingServices();
  const payHosts = makePayHosts({
    ...base.repositories,
    payments,
    logger,
    clock,
    newId: randomUUID,
    maxTransactionItems: base.maxTransactionItems,
  });
  cached = { base, payHosts };
  return payHosts;
}
