/**
 * The guest booking flow against the real DynamoDB repositories (DynamoDB Local): the conditional writes the use
 * cases rely on (slot hold, status transitions, slot release, the deadline index, the rate-limit counters and the
 * event marks) are the database's, not a fake's. The card is the local gateway; mails are recorded.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DynamoProcessedEventStore } from '../../../functions/adapters/dynamodb/processed-events';
import { DynamoLeaseLimiter } from '../../../functions/adapters/dynamodb/lease-limiter';
import { DynamoCancelCodeStore } from '../../../functions/adapters/dynamodb/cancel-code-store';
import { RELAXED_BOOKING_LIMITS } from '../../../scripts/local/booking-limits';
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
import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import { createBookingRequestSchema } from '../../../functions/domain/schemas/booking';
import { lookupRequestSchema } from '../../../functions/domain/schemas/lookup';
import { makeSendMails } from '../../../functions/use-cases/send-mails';
import { DynamoMailOutbox } from '../../../functions/adapters/dynamodb/mail-outbox';
import { makeGuestUseCases } from '../../../functions/use-cases/guest-use-cases';
import { BOOKABLE_DATE, BOOKABLE_TIME, NOW, makeExperience, makeHost } from '../../support/fakes/fixtures';
import { DECLINED_CARD, GOOD_CARD } from '../../support/fakes/guest-harness';
import { RecordingEventPublisher, RecordingLogger, RecordingMailer } from '../../support/fakes/recorders';
import { createTestTable, type TestTable } from '../../support/test-table';

const GUEST = 'Guest.Person@Example.com';
const HOST = 'host@example.com';

let table: TestTable;
let repos: DynamoRepositories & MoneyRepositories;
let now: Date;
let mailer: RecordingMailer;
let events: RecordingEventPublisher;
let payments: LocalPaymentGateway;
let app: ReturnType<typeof makeGuestUseCases>;

// A table per test: the expiry job reads every due booking of the table, so tests must not see each other's.
beforeEach(async () => {
  table = await createTestTable();
  repos = {
    ...createDynamoRepositories({ doc: table.doc, tableName: table.tableName }),
    ...createMoneyRepositories({ doc: table.doc, tableName: table.tableName }),
  };
  now = new Date(NOW);
  const clock = () => new Date(now);
  mailer = new RecordingMailer();
  events = new RecordingEventPublisher();
  payments = new LocalPaymentGateway({ store: new InMemoryLocalPaymentStore(), events, now: clock });
  const logger = new RecordingLogger();
  const outbox = new DynamoMailOutbox(table.doc, table.tableName);
  const sendMails = makeSendMails({ outbox, mailer, logger, clock });
  app = makeGuestUseCases({
    ...repos,
    payments,
    logger,
    mailsQueued: async (ids) => {
      await sendMails.deliver(ids);
    },
    rateLimiter: new DynamoRateLimiter(table.doc, table.tableName, clock),
    leases: new DynamoLeaseLimiter(table.doc, table.tableName, clock),
    cancelCodes: new DynamoCancelCodeStore(table.doc, table.tableName),
    // One guest's e-mail books many times here (slot contention, not the per-e-mail limits, is the subject).
    bookingLimits: RELAXED_BOOKING_LIMITS,
    processedEvents: new DynamoProcessedEventStore(table.doc, table.tableName, clock),
    clock,
    newId: randomUUID,
    randomInt: (n) => randomInt(n),
    baseUrl: 'http://localhost:3000',
  });
  await repos.hosts.create(makeHost({ id: 'host-1', email: HOST }));
  // The host's payout account takes payments (DESIGN §4g: a booking's charge goes to it).
  await repos.payoutProfiles.attachAccount('host-1', enabledTestAccount('host-1'));
  await repos.experiences.create(makeExperience({ id: 'e1', hostId: 'host-1', price: 7000 }), []);
});
afterEach(async () => {
  await table.drop();
});

const advanceMinutes = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
const booked = async (time = BOOKABLE_TIME) =>
  (await repos.slots.listStates('e1', BOOKABLE_DATE, BOOKABLE_DATE)).find((s) => s.time === time)?.booked ??
  0;
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

async function create(time = BOOKABLE_TIME) {
  const created = await app.createBooking(
    createBookingRequestSchema.parse({
      experienceId: 'e1',
      date: BOOKABLE_DATE,
      time,
      guests: 3,
      language: 'en',
      guest: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: GUEST,
        phone: '+1 212 555 0100',
        nationality: 'Canada',
      },
    }),
  );
  const booking = await repos.bookings.get(created.bookingId);
  return { ...created, paymentIntentId: booking!.paymentIntentId! };
}

describe('booking flow over DynamoDB', () => {
  it('create → card → payment-confirmed → pending, the amount computed on the server, both mails once', async () => {
    const { bookingId, paymentIntentId, amount } = await create();
    expect(amount).toBe(21000);
    expect(await booked()).toBe(1);
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);

    expect((await app.confirmPayment(bookingId)).status).toBe('pending');
    // The event that the authorisation emitted arrives afterwards, and twice.
    const event = events.ofType(paymentEventTypes.authorized)[0]!;
    expect((await app.handlePaymentEvent(event)).outcome).toBe('unchanged');
    expect((await app.handlePaymentEvent(event)).outcome).toBe('duplicate');
    expect((await app.confirmPayment(bookingId)).status).toBe('pending');

    expect(mailer.sent.map((m) => m.to).sort()).toEqual([GUEST, HOST].sort());
    const stored = await repos.bookings.get(bookingId);
    expect(stored).toMatchObject({
      status: 'pending',
      deadline: new Date(NOW.getTime() + 48 * 3600_000).toISOString(),
    });
  });

  it('the event alone (the guest closed the tab) makes the booking pending, once', async () => {
    const { bookingId, paymentIntentId } = await create();
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    const event = events.ofType(paymentEventTypes.authorized)[0]!;
    const results = await Promise.all([app.handlePaymentEvent(event), app.handlePaymentEvent(event)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(expect.arrayContaining(['confirmed']));
    expect((await repos.bookings.get(bookingId))!.status).toBe('pending');
    expect(mailer.sent).toHaveLength(2);
  });

  it('answers 409 with the specification’s message when the slot is taken, and only one of many concurrent requests wins', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => create()));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [(r.reason as DomainError).code, (r.reason as DomainError).message])).toEqual(
      Array(7).fill(['slot_unavailable', SLOT_UNAVAILABLE_MESSAGE]),
    );
    expect(await booked()).toBe(1);
  });

  it('releases the slot at once when the card authorisation cannot be created', async () => {
    vi.spyOn(payments, 'createAuthorization').mockRejectedValueOnce(
      new DomainError('payment_failed', 'The payment provider is unavailable'),
    );
    expect((await rejection(create())).code).toBe('payment_failed');
    expect(await booked()).toBe(0);
    expect((await create()).status).toBe('awaiting_payment');
  });

  it('a declined card leaves the hold; when it lapses the job expires it and releases the slot, mailing nobody', async () => {
    const { bookingId, paymentIntentId } = await create();
    await rejection(payments.confirmWithTestCard(paymentIntentId, DECLINED_CARD));
    expect((await rejection(app.confirmPayment(bookingId))).code).toBe('state_conflict');
    advanceMinutes(15);
    expect(await app.expireBookings()).toEqual({
      examined: 1,
      expired: 1,
      confirmed: 0,
      skipped: 0,
      failed: 0,
      refunded: 0,
    });
    expect(await repos.bookings.get(bookingId)).toMatchObject({ status: 'expired', deadline: null });
    expect(await booked()).toBe(0);
    // The guest never had a request (their card was not authorised): no mail about a booking they never saw.
    expect(mailer.sent).toEqual([]);
    expect((await app.expireBookings()).examined).toBe(0);
  });

  it('the job confirms a hold paid at the last second instead of expiring it', async () => {
    const { bookingId, paymentIntentId } = await create();
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    advanceMinutes(16);
    expect(await app.expireBookings()).toMatchObject({ confirmed: 1, expired: 0 });
    expect((await repos.bookings.get(bookingId))!.status).toBe('pending');
    expect(await booked()).toBe(1);
  });

  it('a request unanswered for 48 hours expires: authorisation cancelled, slot released, guest and host mailed', async () => {
    const { bookingId, paymentIntentId } = await create();
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    await app.confirmPayment(bookingId);
    mailer.sent.length = 0;
    advanceMinutes(48 * 60);
    expect(await app.expireBookings()).toMatchObject({ examined: 1, expired: 1 });
    expect((await repos.bookings.get(bookingId))!.status).toBe('expired');
    expect(await booked()).toBe(0);
    expect((await payments.retrieve(paymentIntentId)).status).toBe('canceled');
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([GUEST, HOST].sort());
    // The cancellation event the job caused changes nothing.
    const canceled = events.ofType(paymentEventTypes.canceled)[0]!;
    expect((await app.handlePaymentEvent(canceled)).outcome).toBe('unchanged');
    expect(mailer.sent).toHaveLength(2);
  });

  it('out-of-order events: canceled before amount_capturable_updated changes the booking once', async () => {
    const { bookingId, paymentIntentId } = await create();
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    await payments.cancel(paymentIntentId, { bookingId });
    expect((await app.handlePaymentEvent(events.ofType(paymentEventTypes.canceled)[0]!)).outcome).toBe(
      'cancelled',
    );
    expect((await app.handlePaymentEvent(events.ofType(paymentEventTypes.authorized)[0]!)).outcome).toBe(
      'unchanged',
    );
    expect((await repos.bookings.get(bookingId))!.status).toBe('cancelled');
    expect(await booked()).toBe(0);
    expect(mailer.sent).toHaveLength(1);
  });

  it('lookup: right e-mail in any case, the same 404 for a wrong e-mail or reference, unpaid hidden, 429 past the failures allowed', async () => {
    const { bookingId, paymentIntentId, reference } = await create();
    const lookup = (email: string, ref: string) =>
      app.lookupBooking(lookupRequestSchema.parse({ email, reference: ref }), '203.0.113.9');

    // Not paid yet: the guest has no booking.
    expect((await rejection(lookup(GUEST, reference))).code).toBe('not_found');
    await payments.confirmWithTestCard(paymentIntentId, GOOD_CARD);
    await app.confirmPayment(bookingId);

    const found = await lookup(GUEST.toLowerCase(), reference.toLowerCase());
    expect(found.booking).toMatchObject({ reference, status: 'pending', amount: 21000, guests: 3 });
    expect(found.experience).toMatchObject({ id: 'e1', businessName: 'Dogo Tours', price: 7000 });
    const wrongEmail = await rejection(lookup('other@example.com', reference));
    const wrongReference = await rejection(lookup(GUEST, reference === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ'));
    expect([wrongEmail.code, wrongReference.code]).toEqual(['not_found', 'not_found']);
    expect(wrongEmail.message).toBe(wrongReference.message);

    // Successful lookups never count; failures do, 10 per reference and client per 15 minutes (2 used above:
    // the unpaid lookup and the wrong e-mail).
    for (let i = 0; i < 20; i++) expect((await lookup(GUEST, reference)).booking.reference).toBe(reference);
    for (let i = 0; i < 8; i++) {
      expect((await rejection(lookup(`guess${i}@example.com`, reference))).code).toBe('not_found');
    }
    expect((await rejection(lookup(GUEST, reference))).code).toBe('rate_limited');
    advanceMinutes(15);
    expect((await lookup(GUEST, reference)).booking.reference).toBe(reference);
  });
});
