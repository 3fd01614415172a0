/**
 * The money side's jobs and events (DESIGN §4g): the payout job and the handler of money events, built once per cold
 * start (STYLE §4) on the booking services every booking-handling
 * function shares (the payment gateway: locally the one that holds the hosts' accounts and balances).
 */
import { randomUUID } from 'node:crypto';
import { makeCancelBooking } from '../../use-cases/cancel-booking';
import { makeMoneyEvents, type HandleMoneyEvent } from '../../use-cases/money/money-events';
import { makePayHosts, type PayHosts } from '../../use-cases/money/pay-hosts';
import { makePayoutAccounts } from '../../use-cases/money/payout-accounts';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { moneyAdapters } from './money-adapters';
import { bookingServices } from './guest-runtime';

let cached: { base: RuntimeAdapters; payHosts: PayHosts } | undefined;
let events: { base: RuntimeAdapters; handle: HandleMoneyEvent } | undefined;

export function payHostsJob(): PayHosts {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.payHosts;
  const { payments, logger, clock } = bookingServices();
  const payHosts = makePayHosts({
    ...base.repositories,
    ...moneyAdapters(base),
    payments,
    logger,
    clock,
    newId: randomUUID,
    maxTransactionItems: base.maxTransactionItems,
  });
  cached = { base, payHosts };
  return payHosts;
}

/**
 * The money events (accounts, payouts, disputes, refund updates) for the payment-events function: built on the
 * full money repositories, which only this function, the back offices and the payout job carry.
 */
export function moneyEventsHandler(): HandleMoneyEvent {
  const base = runtimeAdapters();
  if (events?.base === base) return events.handle;
  const { payments, notifications, logger, clock, baseUrl } = bookingServices();
  const money = moneyAdapters(base);
  const handle = makeMoneyEvents({
    ...base.repositories,
    ...money,
    payments,
    logger,
    clock,
    payoutAccounts: makePayoutAccounts({ ...money, payments, logger, clock, baseUrl }),
    cancellations: makeCancelBooking({
      ...base.repositories,
      ...money,
      payments,
      notifications,
      logger,
      clock,
    }),
  });
  events = { base, handle };
  return handle;
}
