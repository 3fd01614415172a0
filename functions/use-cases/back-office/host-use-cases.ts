/**
 * Every host back-office use case, wired from one set of adapters (the host API builds this once per cold start;
 * tests build it from fakes or from the local adapters). Approve and deny are the same use cases the admin API
 * calls with an admin as the actor.
 */
import type { BookingNotifications } from '../mail-notifications';
import type {
  BookingRepository,
  CategoryRepository,
  CounterRepository,
  ExperienceRepository,
  HostRepository,
  ImageStore,
  Logger,
  PaymentGateway,
  RateLimiter,
  SlotRepository,
} from '../ports';
import type { MoneyRepository, PayoutProfileRepository } from '../money-ports';
import { makeEarnings } from '../money/earnings';
import { makePayoutAccounts } from '../money/payout-accounts';
import { makeCancelBooking } from '../cancel-booking';
import { makeBookingDecisions } from './booking-decisions';
import { makeHostAccount } from './host-account';
import { makeHostBookings } from './host-bookings';
import { makeHostExperiences } from './host-experiences';
import { makeHostSlots } from './host-slots';

export interface HostUseCaseDeps {
  experiences: ExperienceRepository;
  categories: CategoryRepository;
  hosts: HostRepository;
  slots: SlotRepository;
  bookings: BookingRepository;
  /** Hosts' commission, payout account and payout hold (DESIGN §4g). */
  payoutProfiles: PayoutProfileRepository;
  /** Earnings, payouts and the ledger. */
  money: MoneyRepository;
  counters: CounterRepository;
  images: ImageStore;
  payments: PaymentGateway;
  notifications: BookingNotifications;
  logger: Logger;
  /** Per-host upload forms (`HOST_UPLOAD_LIMIT`). */
  rateLimiter: RateLimiter;
  clock: () => Date;
  newId: () => string;
  /** The site's origin (the payout account's onboarding returns to it). */
  baseUrl: string;
}

export function makeHostUseCases(deps: HostUseCaseDeps) {
  const account = makeHostAccount(deps);
  const experiences = makeHostExperiences(deps);
  return {
    account,
    experiences,
    slots: makeHostSlots({ slots: deps.slots, ownExperience: experiences.own }),
    bookings: makeHostBookings(deps),
    decisions: makeBookingDecisions(deps),
    cancellations: makeCancelBooking(deps),
    payoutAccounts: makePayoutAccounts(deps),
    earnings: makeEarnings(deps),
  };
}

export type HostUseCases = ReturnType<typeof makeHostUseCases>;
