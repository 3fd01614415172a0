/**
 * Nothing is left half-done (issue 20, DESIGN §4f): a Lambda that dies between the steps of a booking (the slot held
 * and the booking written, the card authorisation created, the payment confirmed) never leaves a slot held past the
 * booking's deadline. The next invocations (the expiry job, the payment event) finish or undo the work.
 *
 * DynamoDB Local holds the state; the "process" runs on adapters that die after a chosen call: every call after it
 * fails, as if the function had been killed there (a timeout, an out-of-memory, a lost instance). The expiry job and
 * the event handler run as a fresh invocation on healthy adapters over the same table and the same card payments.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DynamoLeaseLimiter } from '../../../functions/adapters/dynamodb/lease-limiter';
import { DynamoCancelCodeStore } from '../../../functions/adapters/dynamodb/cancel-code-store';
import { DynamoMailOutbox } from '../../../functions/adapters/dynamodb/mail-outbox';
import { DynamoProcessedEventStore } from '../../../functions/adapters/dynamodb/processed-events';
import { DynamoRateLimiter } from '../../../functions/adapters/dynamodb/rate-limiter';
import {
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import {
  createMoneyRepositories,
  type MoneyRepositories,
} from '../../../functions/adapters/dynamodb/money-repositories';
import { enabledTestAccount } from '../../support/fakes/in-memory-money';
import { LocalPaymentGateway } from '../../../functions/adapters/payments/local-payment-gateway';
import { InMemoryLocalPaymentStore } from '../../../functions/adapters/payments/local-payment-store';
import { paymentEventTypes } from '../../../functions/adapters/payments/payment-events';
import { createBookingRequestSchema } from '../../../functions/domain/schemas/booking';
import type { BookingRepository, PaymentGateway } from '../../../functions/use-cases/ports';
import { makeGuestUseCases } from '../../../functions/use-cases/guest-use-cases';
import { makeSendMails } from '../../../functions/use-cases/send-mails';
import { RELAXED_BOOKING_LIMITS } from '../../../scripts/local/booking-limits';
import { BOOKABLE_DATE, BOOKABLE_TIME, NOW, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { GOOD_CARD } from '../../support/fakes/guest-harness';
import { RecordingEventPublisher, RecordingLogger, RecordingMailer } from '../../support/fakes/recorders';
import { createTestTable, type TestTable } from '../../support/test-table';

const HOLD_MINUTES = 15;

/** Adapters that work until the call named `after` returns, then fail every call, as a killed process would. */
class Crash {
  dead = false;
  constructor(private readonly after: string) {}

  wrap<T extends object>(target: T, name: string): T {
    return new Proxy(target, {
      get: (t, prop, receiver) => {
        const value: unknown = Reflect.get(t, prop, receiver);
        if (typeof value !== 'function') return value;
        const call = `${name}.${String(prop)}`;
        return async (...args: unknown[]) => {
          if (this.dead) throw new Error(`the process died before ${call}`);
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
          if (call === this.after) this.dead = true;
          return result;
        };
      },
    });
  }
}

let table: TestTable;
let repos: DynamoRepositories & MoneyRepositories;
let now: Date;
let events: RecordingEventPublisher;
let payments: LocalPaymentGateway;
let mailer: RecordingMailer;

beforeEach(async () => {
  table = await createTestTable();
  repos = {
    ...createDynamoRepositories({ doc: table.doc, tableName: table.tableName }),
    ...createMoneyRepositories({ doc: table.doc, tableName: table.tableName }),
  };
  now = new Date(NOW);
  events = new RecordingEventPublisher();
  mailer = new RecordingMailer();
  payments = new LocalPaymentGateway({
    store: new InMemoryLocalPaymentStore(),
    events,
    now: () => new Date(now),
  });
  await repos.hosts.create(makeHost({ id: 'host-1', email: 'host@example.com' }));
  // The host's payout account takes payments (DESIGN §4g: a booking's charge goes to it).
  await repos.payoutProfiles.attachAccount('host-1', enabledTestAccount('host-1'));
  await repos.experiences.create(makeExperience({ id: 'e1', hostId: 'host-1', price: 7000 }), []);
});
afterEach(async () => {
  await table.drop();
});

/** One invocation's use cases; with a crash, its bookings and payments die at the crash's call. */
function invocation(crash?: Crash) {
  const clock = () => new Date(now);
  return makeGuestUseCases({
    ...repos,
    bookings: crash ? crash.wrap<BookingRepository>(repos.bookings, 'bookings') : repos.bookings,
    payments: crash ? crash.wrap<PaymentGateway>(payments, 'payments') : payments,
    logger: new RecordingLogger(),
    // Mails go through the outbox of the same table; this invocation's sender delivers them once written.
    mailsQueued: async (ids) => {
      await makeSendMails({
        outbox: new DynamoMailOutbox(table.doc, table.tableName),
        mailer,
        logger: new RecordingLogger(),
        clock,
      }).deliver(ids);
    },
    rateLimiter: new DynamoRateLimiter(table.doc, table.tableName, clock),
    leases: new DynamoLeaseLimiter(table.doc, table.tableName, clock),
    cancelCodes: new DynamoCancelCodeStore(table.doc, table.tableName),
    bookingLimits: RELAXED_BOOKING_LIMITS,
    processedEvents: new DynamoProcessedEventStore(table.doc, table.tableName, clock),
    clock,
    newId: randomUUID,
    randomInt: (n) => randomInt(n),
    baseUrl: 'http://localhost:3000',
  });
}

const request = createBookingRequestSchema.parse({
  experienceId: 'e1',
  date: BOOKABLE_DATE,
  time: BOOKABLE_TIME,
  guests: 2,
  language: 'en',
  guest: {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '+1 212 555 0100',
    nationality: 'Canada',
  },
});

const held = async () =>
  (await repos.slots.listStates('e1', BOOKABLE_DATE, BOOKABLE_DATE)).find((s) => s.time === BOOKABLE_TIME)
    ?.booked ?? 0;
const minutesAfterStart = (minutes: number) => (now = new Date(NOW.getTime() + minutes * 60_000));
/** Every booking the table has that still waits on something, whatever its deadline. */
const waiting = () => repos.bookings.listDue(new Date('2100-01-01T00:00:00Z'), 100);

describe('a booking request killed between its steps', () => {
  it.each([
    [
      'after the slot was held and the booking written, before the card authorisation',
      'bookings.createWithSlotHold',
    ],
    [
      'after the card authorisation was created, before it was attached to the booking',
      'payments.createAuthorization',
    ],
  ])('%s: the expiry job releases the slot at the deadline, not later', async (_, killedAfter) => {
    await expect(invocation(new Crash(killedAfter)).createBooking(request)).rejects.toThrow(/process died/);

    // Half-done: the booking holds the slot, and nobody can pay for it (the guest never got a client secret).
    const [stranded, ...others] = await waiting();
    expect(others).toEqual([]);
    expect(stranded).toMatchObject({ status: 'awaiting_payment', paymentIntentId: null });
    const deadline = new Date(NOW.getTime() + HOLD_MINUTES * 60_000).toISOString();
    expect(stranded!.deadline).toBe(deadline);
    expect(await held()).toBe(1);

    // Within its 15 minutes the hold is legitimate and stays.
    minutesAfterStart(HOLD_MINUTES - 1);
    expect((await invocation().expireBookings()).examined).toBe(0);
    expect(await held()).toBe(1);

    // At the deadline the next run of the job (every minute) gives the slot back.
    minutesAfterStart(HOLD_MINUTES);
    expect(await invocation().expireBookings()).toMatchObject({ expired: 1, failed: 0 });
    expect(await repos.bookings.get(stranded!.id)).toMatchObject({ status: 'expired', deadline: null });
    expect(await held()).toBe(0);
    expect(mailer.sent).toEqual([]);

    // An authorisation made before the crash holds no money: the guest never confirmed a card on it.
    for (const intent of events.events) expect(intent.type).not.toBe(paymentEventTypes.authorized);
    // And the slot can be booked again.
    expect((await invocation().createBooking(request)).status).toBe('awaiting_payment');
    expect(await held()).toBe(1);
  });

  it('a provider failure whose clean-up dies too leaves a hold that lapses at its deadline', async () => {
    const crash = new Crash('bookings.createWithSlotHold');
    const app = invocation(crash);
    // The card provider refuses, and the process dies as it cancels the booking (the database went away).
    vi.spyOn(payments, 'createAuthorization').mockRejectedValueOnce(new Error('provider down'));
    await expect(app.createBooking(request)).rejects.toThrow();
    expect(await held()).toBe(1);
    minutesAfterStart(HOLD_MINUTES);
    expect(await invocation().expireBookings()).toMatchObject({ expired: 1 });
    expect(await held()).toBe(0);
  });

  it('killed after the guest paid, before the booking became a request: the payment event finishes it', async () => {
    const created = await invocation().createBooking(request);
    const booking = (await repos.bookings.get(created.bookingId))!;
    await payments.confirmWithTestCard(booking.paymentIntentId!, GOOD_CARD);

    // payment-confirmed reads the authorised intent, then dies before its transition.
    await expect(
      invocation(new Crash('payments.retrieve')).confirmPayment(created.bookingId),
    ).rejects.toThrow(/process died/);
    expect((await repos.bookings.get(created.bookingId))!.status).toBe('awaiting_payment');

    const authorized = events.ofType(paymentEventTypes.authorized)[0]!;
    expect((await invocation().handlePaymentEvent(authorized)).outcome).toBe('confirmed');
    const request48h = (await repos.bookings.get(created.bookingId))!;
    expect(request48h).toMatchObject({ status: 'pending' });
    // A request now: its deadline is the host's 48 hours, and the slot stays held for it (the guest paid).
    expect(request48h.deadline).toBe(new Date(NOW.getTime() + 48 * 3600_000).toISOString());
    minutesAfterStart(HOLD_MINUTES);
    expect((await invocation().expireBookings()).examined).toBe(0);
    expect(await held()).toBe(1);
  });

  it('killed after the guest paid and the event lost too: the expiry job confirms it at the hold deadline', async () => {
    const created = await invocation().createBooking(request);
    const booking = (await repos.bookings.get(created.bookingId))!;
    await payments.confirmWithTestCard(booking.paymentIntentId!, GOOD_CARD);
    await expect(
      invocation(new Crash('payments.retrieve')).confirmPayment(created.bookingId),
    ).rejects.toThrow();

    minutesAfterStart(HOLD_MINUTES);
    expect(await invocation().expireBookings()).toMatchObject({ confirmed: 1, expired: 0 });
    expect((await repos.bookings.get(created.bookingId))!.status).toBe('pending');
    // 48 hours later, unanswered by the host, it expires: authorisation cancelled and slot released.
    minutesAfterStart(48 * 60 + HOLD_MINUTES);
    expect(await invocation().expireBookings()).toMatchObject({ expired: 1 });
    expect(await held()).toBe(0);
    expect((await payments.retrieve(booking.paymentIntentId!)).status).toBe('canceled');
  });

  it('a host approval killed after its capture, before it was recorded: the job records it at the deadline', async () => {
    const created = await invocation().createBooking(request);
    const paymentIntentId = (await repos.bookings.get(created.bookingId))!.paymentIntentId!;
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    await invocation().confirmPayment(created.bookingId);
    mailer.sent.length = 0;

    // The approval's first step (the capture: the guest is charged), then the function dies before `approved`.
    await payments.capture(paymentIntentId, { bookingId: created.bookingId });
    expect((await repos.bookings.get(created.bookingId))!.status).toBe('pending');

    // At the host's 48-hour deadline the request cannot expire (the money is taken) and must not wait forever.
    minutesAfterStart(48 * 60);
    expect(await invocation().expireBookings()).toMatchObject({ confirmed: 1, expired: 0, failed: 0 });
    expect(await repos.bookings.get(created.bookingId)).toMatchObject({ status: 'approved', deadline: null });
    expect(await held()).toBe(1);
    expect((await payments.retrieve(paymentIntentId)).status).toBe('succeeded');
    // The guest gets the confirmation the approval would have sent, once.
    expect(mailer.sent.map((m) => m.to)).toEqual(['ann@example.com']);
    expect((await invocation().expireBookings()).examined).toBe(0);
  });
});
