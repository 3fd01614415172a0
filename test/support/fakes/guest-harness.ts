/**
 * The guest use cases over in-memory repositories, the local payment gateway (in-memory intents, events recorded
 * instead of delivered) and recording mailer and logger, with a clock the test moves.
 */
import { randomInt as cryptoRandomInt } from 'node:crypto';
import { LocalPaymentGateway } from '../../../functions/adapters/payments/local-payment-gateway';
import { InMemoryLocalPaymentStore } from '../../../functions/adapters/payments/local-payment-store';
import type { BookingLimits } from '../../../functions/use-cases/create-booking';
import { makeGuestUseCases } from '../../../functions/use-cases/guest-use-cases';
import { RELAXED_BOOKING_LIMITS } from '../../../scripts/local/booking-limits';
import { makeSendMails } from '../../../functions/use-cases/send-mails';
import { NOW, nextId } from './fixtures';
import { InMemoryCancelCodeStore } from './in-memory-cancel-codes';
import { createInMemoryRepositories } from './in-memory-repositories';
import {
  InMemoryLeaseLimiter,
  InMemoryProcessedEventStore,
  InMemoryRateLimiter,
  RecordingEventPublisher,
  RecordingLogger,
  RecordingMailer,
} from './recorders';

export const BASE_URL = 'https://ehime.example.jp';

/** `bookingLimits`: relaxed unless a test of the limits passes `BOOKING_LIMITS`. */
export function createGuestHarness(
  options: { randomInt?: (n: number) => number; bookingLimits?: BookingLimits } = {},
) {
  let now = new Date(NOW);
  const clock = () => new Date(now);
  const repos = createInMemoryRepositories();
  const mailer = new RecordingMailer();
  const logger = new RecordingLogger();
  const events = new RecordingEventPublisher();
  const paymentStore = new InMemoryLocalPaymentStore();
  const payments = new LocalPaymentGateway({ store: paymentStore, events, now: clock });
  const rateLimiter = new InMemoryRateLimiter(clock);
  const processedEvents = new InMemoryProcessedEventStore();
  // The outbox sender over the recording mailer, run right after each write as the local stack does.
  const sendMails = makeSendMails({ outbox: repos.outbox, mailer, logger, clock });
  const cancelCodes = new InMemoryCancelCodeStore(repos.outbox);
  const useCases = makeGuestUseCases({
    ...repos,
    payments,
    logger,
    mailsQueued: async (ids) => {
      await sendMails.deliver(ids);
    },
    rateLimiter,
    leases: new InMemoryLeaseLimiter(clock),
    cancelCodes,
    bookingLimits: options.bookingLimits ?? RELAXED_BOOKING_LIMITS,
    processedEvents,
    clock,
    newId: () => nextId('bkg'),
    randomInt: options.randomInt ?? ((n) => cryptoRandomInt(n)),
    baseUrl: BASE_URL,
  });
  return {
    ...useCases,
    repos,
    cancelCodes,
    sendMails,
    mailer,
    logger,
    events,
    payments,
    paymentStore,
    rateLimiter,
    processedEvents,
    clock,
    /** Moves the clock forward. */
    advanceMinutes(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

export type GuestHarness = ReturnType<typeof createGuestHarness>;

/** The test card form of the local gateway, as the SPA submits it. */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' };
