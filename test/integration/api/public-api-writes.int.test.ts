/**
 * Least privilege of the guest API (issue 29): its role may write only the partitions of
 * `PUBLIC_API_WRITE_PARTITIONS` (IAM `dynamodb:LeadingKeys`, `lib/marketplace-stack.ts`). This runs the guest
 * flows through the public API's handler module, as Lambda runs it, against DynamoDB Local, records every write
 * its client sends, and checks each against the list: a flow that writes elsewhere would be refused by IAM in AWS.
 * Nothing else runs in this process's runtime (no event bus, no sender), so every recorded write is the API's own.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { PUBLIC_API_WRITE_PARTITIONS } from '../../../functions/adapters/dynamodb/keys';
import {
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import { bookingPlatformFee, captureMoney } from '../../../functions/domain/booking-money';
import { createMoneyRepositories } from '../../../functions/adapters/dynamodb/money-repositories';
import { createPaymentGateway } from '../../../functions/adapters/payments/create-payment-gateway';
import type { LocalPaymentGateway } from '../../../functions/adapters/payments/local-payment-gateway';
import { resetRuntimeAdapters, runtimeAdapters } from '../../../functions/adapters/runtime/adapters';
import {
  configureLocalRuntime,
  guestRuntime,
  resetGuestRuntime,
} from '../../../functions/adapters/runtime/guest-runtime';
import { handler } from '../../../functions/api/public-api';
import type { HttpApiStructuredResult, LambdaContext } from '../../../functions/api/http/api-gateway';
import type { JsonBodyEvent } from '../../../functions/api/http/json-body';
import type { Booking } from '../../../functions/domain/entities';
import type { Offer } from '../../../functions/domain/offers';
import { DynamoOfferRepository } from '../../../functions/adapters/dynamodb/offer-repository';
import { reviewTokenHash } from '../../../functions/use-cases/review-tokens';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';
import {
  BOOKABLE_DATE,
  BOOKABLE_TIME,
  NOW,
  makeBooking,
  makeExperience,
  makeHost,
} from '../../support/fakes/fixtures';
import { enabledTestAccount } from '../../support/fakes/in-memory-money';
import { createTestTable, type TestTable } from '../../support/test-table';

let table: TestTable;
let repos: DynamoRepositories;
/** Partition keys of every write the API's client sent, with the operation. */
const writes: { operation: string; partition: string }[] = [];
const deletes: string[] = [];

const pkOf = (key: unknown): string => {
  const pk = (key as { PK?: unknown } | undefined)?.PK;
  return typeof pk === 'string' ? pk : String((pk as { S?: string } | undefined)?.S);
};

function record(command: string, input: Record<string, unknown>): void {
  const add = (operation: string, key: unknown) => writes.push({ operation, partition: pkOf(key) });
  if (/^Put(Item)?Command$/.test(command)) add('Put', input.Item);
  if (/^Update(Item)?Command$/.test(command)) add('Update', input.Key);
  if (/^Delete(Item)?Command$/.test(command)) deletes.push(pkOf(input.Key));
  if (/^TransactWrite(Items)?Command$/.test(command)) {
    for (const item of input.TransactItems as Record<string, { Item?: unknown; Key?: unknown }>[]) {
      if (item.Put) add('Put', item.Put.Item);
      if (item.Update) add('Update', item.Update.Key);
      if (item.ConditionCheck) add('ConditionCheck', item.ConditionCheck.Key);
      if (item.Delete) deletes.push(pkOf(item.Delete.Key));
    }
  }
  if (/^BatchWrite(Item)?Command$/.test(command)) deletes.push(`batch write: ${JSON.stringify(input)}`);
}

beforeAll(async () => {
  table = await createTestTable();
  repos = createDynamoRepositories({ doc: table.doc, tableName: table.tableName });
  for (const [name, value] of Object.entries({
    STAGE: 'local',
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: table.tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    PAYMENT_PROVIDER: 'local',
    SITE_URL: 'http://localhost:3000',
    CONCIERGE_EMAIL: 'concierge@example.com',
    LOCAL_PAYMENT_STORE: '',
    ORIGIN_VERIFY_SECRET_ARN: '',
    ORIGIN_VERIFY_SECRET: '',
  })) {
    vi.stubEnv(name, value);
  }
  resetRuntimeAdapters();
  // The local gateway, with no bus: its events are dropped, so nothing but the API writes during the test.
  configureLocalRuntime({ localPayments: createPaymentGateway, clock: () => new Date(NOW) });
  runtimeAdapters().doc.middlewareStack.add(
    (next, context) => async (args) => {
      record(context.commandName ?? '', args.input as Record<string, unknown>);
      return next(args);
    },
    { step: 'initialize', name: 'recordWrites' },
  );
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await repos.hosts.create(makeHost({ id: 'host-1', email: 'host-1@hosts.example.com' }));
  // The host's payout account takes payments (DESIGN §4g: a booking's charge goes to it).
  await createMoneyRepositories({ doc: table.doc, tableName: table.tableName }).payoutProfiles.attachAccount(
    'host-1',
    enabledTestAccount('host-1'),
  );
  await repos.experiences.create(makeExperience({ id: 'e1', hostId: 'host-1', price: 5000 }), []);
});
afterAll(async () => {
  resetGuestRuntime();
  resetRuntimeAdapters();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await table?.drop();
});

let sequence = 0;
/** One invocation of the public API's handler, with the event API Gateway would send. */
async function invoke(
  method: string,
  route: string,
  body?: unknown,
  pathParameters?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const path = Object.entries(pathParameters ?? {}).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route);
  const event = {
    version: '2.0',
    routeKey: `${method} ${route}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.20', userAgent: 'test' },
      requestId: `req-${++sequence}`,
    },
    ...(pathParameters ? { pathParameters } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    isBase64Encoded: false,
  } as unknown as JsonBodyEvent;
  const result = (await handler(event, {} as LambdaContext)) as HttpApiStructuredResult;
  return { status: result.statusCode ?? 0, body: JSON.parse(String(result.body ?? '{}')) };
}

async function paidRequest(time: string) {
  const email = `writes.${randomUUID().slice(0, 8)}@example.com`;
  const created = await invoke('POST', '/api/bookings', {
    experienceId: 'e1',
    date: BOOKABLE_DATE,
    time,
    guests: 2,
    language: 'en',
    guest: {
      firstName: 'Ada',
      lastName: 'Writes',
      email,
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
    },
  });
  expect(created.status).toBe(201);
  const bookingId = String(created.body.bookingId);
  const booking = (await repos.bookings.get(bookingId))!;
  await (guestRuntime().payments as LocalPaymentGateway).confirmWithTestCard(booking.paymentIntentId!, {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  });
  expect(
    (await invoke('POST', '/api/bookings/{id}/payment-confirmed', undefined, { id: bookingId })).status,
  ).toBe(200);
  return { bookingId, email, reference: booking.reference, clientSecret: created.body.payment };
}

describe('the public API writes only its own partitions', () => {
  it('book, pay, look up, ask for a code, cancel, release a hold, review: every write in a listed partition', async () => {
    const made = await paidRequest(BOOKABLE_TIME);
    expect((await invoke('POST', '/api/bookings/lookup', made)).status).toBe(200);
    expect((await invoke('POST', '/api/bookings/lookup', { ...made, reference: 'ZZZ999' })).status).toBe(404);
    expect((await invoke('POST', '/api/bookings/cancel-code', made)).status).toBe(202);
    const code = await mailedCode(made.bookingId);
    const cancelled = await invoke('POST', '/api/bookings/cancel', { ...made, code });
    expect(cancelled.status).toBe(200);

    // An approved tour cancelled by its guest: the refund's ledger entry and the host's counters.
    const approved = await paidRequest('10:00');
    const booking = (await repos.bookings.get(approved.bookingId))!;
    await guestRuntime().payments.capture(booking.paymentIntentId!, {
      bookingId: booking.id,
      applicationFeeAmount: bookingPlatformFee(booking),
    });
    await repos.bookings.transition(booking.id, 'pending', 'approved', {
      deadline: null,
      decidedBy: { role: 'host', userId: 'host-1' },
      now: NOW,
      mails: [],
      money: captureMoney(booking, NOW),
    });
    const before = writes.length;
    expect((await invoke('POST', '/api/bookings/cancel-code', approved)).status).toBe(202);
    const approvedCode = await mailedCode(approved.bookingId);
    const refunded = await invoke('POST', '/api/bookings/cancel', { ...approved, code: approvedCode });
    expect(refunded.status).toBe(200);
    expect(
      writes
        .slice(before)
        .map((w) => w.partition)
        .some((p) => p.startsWith('LEDGER_ENTRY#')),
    ).toBe(true);

    // A hold given back by the guest who leaves the form.
    const hold = await invoke('POST', '/api/bookings', {
      experienceId: 'e1',
      date: BOOKABLE_DATE,
      time: '11:00',
      guests: 2,
      language: 'en',
      guest: {
        firstName: 'Ada',
        lastName: 'Leaves',
        email: 'leaves@example.com',
        phone: '+44 20 7946 0000',
        nationality: 'United Kingdom',
      },
    });
    expect(hold.status).toBe(201);
    const { clientSecret } = hold.body.payment as { clientSecret: string };
    expect(
      (
        await invoke(
          'POST',
          '/api/bookings/{id}/release',
          { clientSecret },
          { id: String(hold.body.bookingId) },
        )
      ).status,
    ).toBe(200);

    // Issue 31: a concierge's offer (made by the admin API, outside this client) opened and booked by its guest.
    const offer: Offer = {
      id: randomUUID(),
      token: `offer-${randomUUID()}`,
      experienceId: 'e1',
      experienceTitle: 'Offer',
      experienceImage: null,
      hostId: 'host-1',
      businessName: 'Host',
      date: BOOKABLE_DATE,
      time: '14:00',
      durationMinutes: 60,
      bufferMinutes: 0,
      guests: 2,
      totalAmount: 20_000,
      platformFee: 2_000,
      commissionPercent: 10,
      message: 'For you',
      preApproved: false,
      guest: { name: 'Ada', email: 'offer@example.com', locale: 'en' },
      status: 'sent',
      expiresAt: new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };
    await new DynamoOfferRepository(table.doc, table.tableName, 'http://localhost:3000').create(offer, 1, []);
    expect((await invoke('GET', '/api/offers/{token}', undefined, { token: offer.token })).status).toBe(200);
    const booked = await invoke(
      'POST',
      '/api/offers/{token}/book',
      {
        guest: {
          firstName: 'Ada',
          lastName: 'Offered',
          email: 'offer@example.com',
          phone: '+44 20 7946 0000',
          nationality: 'United Kingdom',
        },
      },
      { token: offer.token },
    );
    expect(booked.status).toBe(201);

    // A review of a completed tour.
    const token = `token-${randomUUID()}`;
    const tour: Booking = makeBooking({
      id: randomUUID(),
      reference: 'REVW01',
      experienceId: 'e1',
      time: '13:00',
      status: 'completed',
      paymentProvider: null,
      paymentIntentId: null,
      deadline: null,
    });
    await repos.bookings.createWithSlotHold(tour, 1);
    await repos.reviews.recordInvitation(
      { key: `review_invite#${tour.id}`, expiresAt: new Date(NOW.getTime() + 60 * 86_400_000) },
      {
        tokenHash: reviewTokenHash(token),
        bookingId: tour.id,
        validUntil: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
      },
      [],
      NOW,
    );
    const review = await invoke('POST', '/api/reviews/{token}', { rating: 5, text: 'Lovely' }, { token });
    expect(review.status).toBe(201);

    // A question to the concierge desk (issue 31) and the guest's answer on the conversation page.
    const asked = await invoke('POST', '/api/inquiries', {
      name: 'Ada Asks',
      email: 'asks@example.com',
      locale: 'en',
      message: 'Can we join with a toddler?',
    });
    expect(asked.status).toBe(201);
    const inquiry = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { PK: `INQUIRY#${String(asked.body.id)}`, SK: 'INQUIRY' },
      }),
    );
    const answered = await invoke(
      'POST',
      '/api/inquiries/{token}/messages',
      { text: 'And a stroller?' },
      { token: String(inquiry.Item?.token) },
    );
    expect(answered.status).toBe(201);

    expect(deletes).toEqual([]);
    const outside = writes.filter((w) => !PUBLIC_API_WRITE_PARTITIONS.some((p) => w.partition.startsWith(p)));
    expect(outside).toEqual([]);
    // The list holds nothing these flows do not need.
    const used = new Set(
      writes.map((w) => PUBLIC_API_WRITE_PARTITIONS.find((p) => w.partition.startsWith(p))),
    );
    expect([...PUBLIC_API_WRITE_PARTITIONS].filter((p) => !used.has(p))).toEqual([]);
  });
});

/** The code of the booking's newest code mail, read from its outbox item. */
async function mailedCode(bookingId: string): Promise<string> {
  const mailIds = writes.filter((w) => w.partition.startsWith('MAIL#')).map((w) => w.partition.slice(5));
  for (const id of mailIds.reverse()) {
    const item = (
      await table.doc.send(
        new GetCommand({ TableName: table.tableName, Key: { PK: `MAIL#${id}`, SK: 'MAIL' } }),
      )
    ).Item;
    if (item?.bookingId === bookingId && item.kind === 'guest_cancel_code') {
      return /Cancellation code: (\d{6})/.exec(String(item.text))![1]!;
    }
  }
  throw new Error('no code mail');
}
