/**
 * Every guest-side use case, wired from one set of adapters. The public API handler, the payment-event handler and
 * the expiry job each build this once per cold start (from the runtime adapters) and call what they need; tests
 * build it from fakes or from the local adapters.
 */
import { makeConfirmPayment } from './confirm-payment';
import { makeCreateBooking, type BookingLimits } from './create-booking';
import { makeExpireBookings } from './expire-bookings';
import { makeGetAvailability } from './get-availability';
import { makeGetExperience } from './get-experience';
import { makeGetHostProfile } from './get-host-profile';
import { makeHandlePaymentEvent } from './handle-payment-event';
import { makeListCategories } from './list-categories';
import { makeListExperiences } from './list-experiences';
import { makeCancelBooking } from './cancel-booking';
import { makeGuestCancellation, type CancelCodeStore } from './guest-cancellation';
import { makeLookupBooking } from './lookup-booking';
import { makeBookingNotifications } from './mail-notifications';
import { makeRemindHosts } from './remind-hosts';
import { makeReleaseHold } from './release-hold';
import type {
  BookingRepository,
  CategoryRepository,
  ExperienceRepository,
  HostRepository,
  LeaseLimiter,
  Logger,
  PaymentGateway,
  ProcessedEventStore,
  RateLimiter,
  ReviewRepository,
  SlotRepository,
} from './ports';
import type { MoneyRepository, PayoutProfileRepository } from './money-ports';
import type { OfferRepository } from './concierge/offer-ports';

export interface GuestUseCaseDeps {
  experiences: ExperienceRepository;
  categories: CategoryRepository;
  hosts: HostRepository;
  slots: SlotRepository;
  bookings: BookingRepository;
  /** A host's commission and payout account: a booking copies one and pays into the other (DESIGN §4g). */
  payoutProfiles: Pick<PayoutProfileRepository, 'get'>;
  /** A booking's earnings: a refund settles with its ledger entry. */
  money: Pick<MoneyRepository, 'earningsOf'>;
  /** The catalogue's search index (issue 33); absent, the list matches text over the cards it reads. */
  search?: Parameters<typeof makeListExperiences>[0]['search'];
  /** Ratings on cards and the experience (absent: none shown). */
  reviews?: ReviewRepository;
  payments: PaymentGateway;
  logger: Logger;
  /** Starts delivery of mails just written to the outbox (the local stack; the stream does it in AWS). */
  mailsQueued?: (ids: string[]) => Promise<void>;
  rateLimiter: RateLimiter;
  leases: LeaseLimiter;
  /** The guests' cancellation codes (issue 29). */
  cancelCodes: CancelCodeStore;
  /** Only the local stack's tests of other things relax these (`BOOKING_LIMITS` otherwise). */
  bookingLimits?: BookingLimits;
  processedEvents: ProcessedEventStore;
  clock: () => Date;
  /** New booking ids, e.g. `crypto.randomUUID`. */
  newId: () => string;
  /** Uniform integer in `[0, n)` from a cryptographic source, e.g. `crypto.randomInt`. */
  randomInt: (maxExclusive: number) => number;
  /** The site's origin for links in mails. */
  baseUrl: string;
  siteName?: string;
  /** Bookings per expiry run. */
  expiryBatchSize?: number;
  /** Issue 31: the concierge's offers (a booking from one takes over its hold; a lapsed hold hands it back). */
  offers?: OfferRepository;
}

export function makeGuestUseCases(deps: GuestUseCaseDeps) {
  const notifications = makeBookingNotifications(deps);
  const confirmPayment = makeConfirmPayment({ ...deps, notifications });
  const cancellations = makeCancelBooking({ ...deps, notifications });
  return {
    notifications,
    listExperiences: makeListExperiences(deps),
    getExperience: makeGetExperience(deps),
    getAvailability: makeGetAvailability(deps),
    listCategories: makeListCategories(deps),
    getHostProfile: makeGetHostProfile(deps),
    createBooking: makeCreateBooking(deps),
    confirmPayment,
    handlePaymentEvent: makeHandlePaymentEvent({
      ...deps,
      notifications,
      confirmPayment,
      settleRefund: cancellations.settleRefund,
    }),
    expireBookings: makeExpireBookings({
      ...deps,
      notifications,
      confirmPayment,
      cancellations,
      ...(deps.expiryBatchSize ? { batchSize: deps.expiryBatchSize } : {}),
    }),
    lookupBooking: makeLookupBooking(deps),
    ...makeGuestCancellation({ ...deps, cancellations }),
    remindHosts: makeRemindHosts({ ...deps, notifications }),
    releaseHold: makeReleaseHold(deps),
  };
}

export type GuestUseCases = ReturnType<typeof makeGuestUseCases>;
