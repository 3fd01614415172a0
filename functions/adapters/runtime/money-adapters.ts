/**
 * The money side's repositories (DESIGN §4g), built once per cold start beside the runtime adapters, and only by the
 * functions that use them: the guest side reads two things (`moneyReaders`), while the back offices, the payment
 * events and the payout job write money (`moneyAdapters`). A function that never touches money carries none of it.
 */
import { DynamoEarningsReader, DynamoPayoutProfileReader } from '../dynamodb/money-readers';
import { DynamoMoneyRepository } from '../dynamodb/money-repository';
import { DynamoPayoutProfileRepository } from '../dynamodb/payout-profile-repository';
import type { RuntimeAdapters } from './adapters';

export interface MoneyAdapters {
  payoutProfiles: DynamoPayoutProfileRepository;
  money: DynamoMoneyRepository;
}

let cached: { base: RuntimeAdapters; adapters: MoneyAdapters } | undefined;

export function moneyAdapters(base: RuntimeAdapters): MoneyAdapters {
  if (cached?.base === base) return cached.adapters;
  const adapters = {
    payoutProfiles: new DynamoPayoutProfileRepository(base.doc, base.env.TABLE_NAME),
    money: new DynamoMoneyRepository(base.doc, base.env.TABLE_NAME, base.maxTransactionItems),
  };
  cached = { base, adapters };
  return adapters;
}

/** What the guest side reads: a host's payout profile, a booking's earnings. */
export function moneyReaders(base: RuntimeAdapters) {
  return {
    payoutProfiles: new DynamoPayoutProfileReader(base.doc, base.env.TABLE_NAME),
    money: new DynamoEarningsReader(base.doc, base.env.TABLE_NAME),
  };
}
