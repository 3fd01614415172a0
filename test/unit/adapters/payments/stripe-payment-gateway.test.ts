/**
 * The gateway's Stripe REST client against a fake Stripe API on 127.0.0.1: proves what goes over the wire (manual
 * capture, yen amounts, metadata, idempotency keys, the pinned API version) and how Stripe's answers map to our
 * errors. Webhook signatures are made with the official `stripe` SDK's test helper, so our verifier is checked
 * against Stripe's own signing, not against itself.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { DomainError } from '../../../../functions/domain/errors';
import {
  StripePaymentGateway,
  WEBHOOK_TOLERANCE_SECONDS,
  verifyStripeWebhook,
} from '../../../../functions/adapters/payments/stripe-payment-gateway';
import { encodeStripeForm, STRIPE_API_VERSION } from '../../../../functions/adapters/payments/stripe-api';

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Close the connection without answering (a keep-alive socket that died while the Lambda was frozen). */
  hangUp?: boolean;
  /** Answer only after this long. */
  delayMs?: number;
}

/** A fake Stripe API: records every request and answers from a queue (one answer per request, in order). */
class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  private readonly answers: FakeAnswer[] = [];
  private server!: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
        const answer = this.answers.shift() ?? {
          status: 500,
          body: { error: { type: 'api_error', message: 'no answer queued' } },
        };
        if (answer.hangUp) {
          req.socket.destroy();
          return;
        }
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  answer(...answers: FakeAnswer[]): void {
    this.answers.push(...answers);
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.length = 0;
  }
}

const SECRET_KEY = 'sk_test_51FakeKeyForTheFakeServer0000';

const intent = (patch: Record<string, unknown> = {}) => ({
  id: 'pi_3Test',
  object: 'payment_intent',
  amount: 24_000,
  amount_capturable: 0,
  amount_received: 0,
  currency: 'jpy',
  status: 'requires_payment_method',
  capture_method: 'manual',
  client_secret: 'pi_3Test_secret_abc',
  metadata: { bookingId: 'bk_1', reference: 'ABC123' },
  ...patch,
});

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const stripeError = (status: number, error: Record<string, unknown>, headers?: Record<string, string>) => ({
  status,
  body: { error },
  headers,
});

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('StripePaymentGateway (REST client, fake Stripe API)', () => {
  const fake = new FakeStripe();
  let gateway: StripePaymentGateway;

  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    // Retries off by default so an error answer is final; the retry test turns them on.
    gateway = new StripePaymentGateway({
      secretKey: SECRET_KEY,
      maxNetworkRetries: 0,
      endpoint: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
  });

  it('creates a manual-capture JPY intent for the booking amount in yen, keyed by the booking id', async () => {
    fake.answer(ok(intent()));
    const auth = await gateway.createAuthorization({
      bookingId: 'bk_1',
      amount: 24_000,
      currency: 'JPY',
      description: 'ABC123 · Tea ceremony',
      // The booking id cannot be overridden by caller metadata.
      metadata: { reference: 'ABC123', bookingId: 'someone-else' },
      customerEmail: 'guest@example.com',
    });
    expect(auth).toEqual({
      paymentIntentId: 'pi_3Test',
      clientSecret: 'pi_3Test_secret_abc',
      status: 'requires_payment_method',
    });

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/payment_intents');
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req!.headers['idempotency-key']).toBe('booking-bk_1-authorize');
    expect(Object.fromEntries(req!.form)).toEqual({
      amount: '24000',
      currency: 'jpy',
      capture_method: 'manual',
      'automatic_payment_methods[enabled]': 'true',
      description: 'ABC123 · Tea ceremony',
      receipt_email: 'guest@example.com',
      'metadata[reference]': 'ABC123',
      'metadata[bookingId]': 'bk_1',
    });
  });

  it('retrieves the real status, amounts and booking id of an intent', async () => {
    fake.answer(ok(intent({ status: 'requires_capture', amount_capturable: 24_000 })));
    expect(await gateway.retrieve('pi_3Test')).toEqual({
      id: 'pi_3Test',
      status: 'requires_capture',
      amount: 24_000,
      amountCapturable: 24_000,
      currency: 'JPY',
      bookingId: 'bk_1',
    });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3Test' });
  });

  it('tells whether a client secret is the intent’s own (what a browser shows to give its hold back)', async () => {
    fake.answer(ok(intent()));
    expect(await gateway.clientSecretMatches('pi_3Test', 'pi_3Test_secret_abc')).toBe(true);
    fake.answer(ok(intent()));
    expect(await gateway.clientSecretMatches('pi_3Test', 'pi_3Test_secret_abd')).toBe(false);
    fake.answer(ok(intent()));
    expect(await gateway.clientSecretMatches('pi_3Test', '')).toBe(false);
    fake.answer(
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such intent',
      }),
    );
    expect(await gateway.clientSecretMatches('pi_nope', 'pi_nope_secret_x')).toBe(false);
  });

  it('answers not_found for an unknown intent', async () => {
    fake.answer(
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such payment_intent: 'pi_nope'",
      }),
    );
    expect((await rejection(gateway.retrieve('pi_nope'))).code).toBe('not_found');
  });

  it('captures with the capture key of the booking', async () => {
    fake.answer(ok(intent({ status: 'succeeded', amount_received: 24_000 })));
    expect(await gateway.capture('pi_3Test', { bookingId: 'bk_1' })).toBe('succeeded');
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3Test/capture' });
    expect(fake.requests[0]!.headers['idempotency-key']).toBe('booking-bk_1-capture');
  });

  it('cancels with the cancel key and the reason', async () => {
    fake.answer(ok(intent({ status: 'canceled', cancellation_reason: 'abandoned' })));
    expect(await gateway.cancel('pi_3Test', { bookingId: 'bk_1', reason: 'abandoned' })).toBe('canceled');
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3Test/cancel' });
    expect(fake.requests[0]!.headers['idempotency-key']).toBe('booking-bk_1-cancel');
    expect(fake.requests[0]!.form.get('cancellation_reason')).toBe('abandoned');
  });

  const unexpectedState = stripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: 'You cannot cancel this PaymentIntent because it has a status of canceled.',
  });

  it('treats cancelling an already-canceled intent as a success', async () => {
    fake.answer(unexpectedState, ok(intent({ status: 'canceled' })));
    expect(await gateway.cancel('pi_3Test', { bookingId: 'bk_1' })).toBe('canceled');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_intents/pi_3Test/cancel',
      'GET /v1/payment_intents/pi_3Test',
    ]);
  });

  it('refuses to capture a canceled intent with state_conflict', async () => {
    fake.answer(unexpectedState, ok(intent({ status: 'canceled' })));
    const error = await rejection(gateway.capture('pi_3Test', { bookingId: 'bk_1' }));
    expect(error.code).toBe('state_conflict');
    expect(error.message).toBe('The payment cannot be captured: it is canceled');
  });

  it("maps a 402 card error to card_declined with the provider's message", async () => {
    fake.answer(
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    );
    const error = await rejection(gateway.capture('pi_3Test', { bookingId: 'bk_1' }));
    expect(error.code).toBe('card_declined');
    expect(error.message).toBe('Your card has insufficient funds.');
  });

  it('maps a 500 to payment_failed', async () => {
    fake.answer(stripeError(500, { type: 'api_error', message: 'Something went wrong on our end' }));
    const error = await rejection(
      gateway.createAuthorization({
        bookingId: 'bk_1',
        amount: 24_000,
        currency: 'JPY',
        description: 'x',
        metadata: {},
        customerEmail: 'guest@example.com',
      }),
    );
    expect(error.code).toBe('payment_failed');
  });

  it('never passes on a provider message that echoes the secret key', async () => {
    fake.answer(
      stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${SECRET_KEY}`,
      }),
    );
    const error = await rejection(gateway.retrieve('pi_3Test'));
    expect(error.code).toBe('payment_failed');
    expect(error.message).not.toContain('sk_test');
  });

  it('maps an unreachable provider to payment_failed', async () => {
    const offline = new StripePaymentGateway({
      secretKey: SECRET_KEY,
      maxNetworkRetries: 0,
      // Port 9 (discard) on loopback: nothing listens there on a normal machine, so the connection is refused.
      endpoint: { host: '127.0.0.1', port: 9, protocol: 'http' },
    });
    const error = await rejection(offline.retrieve('pi_3Test'));
    expect(error.code).toBe('payment_failed');
    expect(error.message).toBe('The payment provider failed: StripeConnectionError');
  });

  it('retries a failed create with the same idempotency key, so the booking is authorised once', async () => {
    const retrying = new StripePaymentGateway({
      secretKey: SECRET_KEY,
      maxNetworkRetries: 1,
      endpoint: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
    fake.answer(stripeError(500, { type: 'api_error', message: 'temporary' }), ok(intent()));
    const auth = await retrying.createAuthorization({
      bookingId: 'bk_1',
      amount: 24_000,
      currency: 'JPY',
      description: 'x',
      metadata: {},
      customerEmail: 'guest@example.com',
    });
    expect(auth.paymentIntentId).toBe('pi_3Test');
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'booking-bk_1-authorize',
      'booking-bk_1-authorize',
    ]);
  });

  it('asks for the pinned API version, form-encoded, on every request', async () => {
    fake.answer(ok(intent()), ok(intent({ status: 'canceled' })));
    await gateway.retrieve('pi_3Test');
    await gateway.cancel('pi_3Test', { bookingId: 'bk_1' });
    for (const req of fake.requests) expect(req.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(fake.requests[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // A cancellation without a reason sends no field at all (not an empty one, which would unset it).
    expect([...fake.requests[1]!.form.keys()]).toEqual([]);
  });

  it('retries a connection closed under it once, even with retries off', async () => {
    fake.answer({ status: 0, body: null, hangUp: true }, ok(intent({ status: 'requires_capture' })));
    expect((await gateway.retrieve('pi_3Test')).status).toBe('requires_capture');
    expect(fake.requests).toHaveLength(2);
  });

  it("follows Stripe's advice not to retry, and retries a 409 conflict with the same key", async () => {
    const retrying = new StripePaymentGateway({
      secretKey: SECRET_KEY,
      maxNetworkRetries: 2,
      endpoint: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
    fake.answer(stripeError(503, { type: 'api_error', message: 'no' }, { 'stripe-should-retry': 'false' }));
    expect((await rejection(retrying.retrieve('pi_3Test'))).code).toBe('payment_failed');
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.answer(
      stripeError(409, { type: 'invalid_request_error', message: 'lock timeout' }),
      ok(intent({ status: 'succeeded' })),
    );
    expect(await retrying.capture('pi_3Test', { bookingId: 'bk_1' })).toBe('succeeded');
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'booking-bk_1-capture',
      'booking-bk_1-capture',
    ]);
  });

  it('gives up on a slow answer after its timeout, as a provider failure', async () => {
    const impatient = new StripePaymentGateway({
      secretKey: SECRET_KEY,
      maxNetworkRetries: 0,
      timeoutMs: 200,
      endpoint: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
    fake.answer({ ...ok(intent()), delayMs: 2_000 });
    const error = await rejection(impatient.retrieve('pi_3Test'));
    expect(error.code).toBe('payment_failed');
    expect(error.message).toBe('The payment provider failed: StripeConnectionError');
  });

  it('makes a destination charge: the host account and transfer group at creation, the fee at capture', async () => {
    fake.answer(ok(intent()), ok(intent({ status: 'succeeded' })));
    await gateway.createAuthorization({
      bookingId: 'bk_1',
      amount: 24_000,
      currency: 'JPY',
      description: 'ABC123',
      metadata: {},
      customerEmail: 'guest@example.com',
      destination: { accountId: 'acct_1Host', transferGroup: 'bk_1' },
    });
    await gateway.capture('pi_3Test', { bookingId: 'bk_1', applicationFeeAmount: 3_600 });
    const [create, capture] = fake.requests;
    expect(create!.form.get('transfer_data[destination]')).toBe('acct_1Host');
    expect(create!.form.get('transfer_group')).toBe('bk_1');
    expect(create!.form.has('application_fee_amount')).toBe(false);
    expect(capture!.path).toBe('/v1/payment_intents/pi_3Test/capture');
    expect(Object.fromEntries(capture!.form)).toEqual({ application_fee_amount: '3600' });
  });

  it('refunds a destination charge with the transfer and the fee in proportion, once per booking', async () => {
    const refund = (patch: Record<string, unknown>) => ({
      id: 're_1',
      object: 'refund',
      amount: 12_000,
      status: 'succeeded',
      metadata: { bookingId: 'bk_1' },
      ...patch,
    });
    // No refund yet: one is made, keyed by the booking.
    fake.answer(ok({ object: 'list', data: [] }), ok(refund({ status: 'pending' })));
    expect(await gateway.refund('pi_3Test', { bookingId: 'bk_1', amount: 12_000, connected: true })).toEqual({
      id: 're_1',
      amount: 12_000,
      status: 'pending',
    });
    const [list, create] = fake.requests;
    expect(list!.path).toBe('/v1/refunds?payment_intent=pi_3Test&limit=100');
    expect(create!.headers['idempotency-key']).toBe('booking-bk_1-refund');
    expect(Object.fromEntries(create!.form)).toMatchObject({
      amount: '12000',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    // A retry after Stripe's 24 hours: the refund that exists is answered, no second one is made.
    fake.reset();
    fake.answer(ok({ object: 'list', data: [refund({})] }));
    expect(
      (await gateway.refund('pi_3Test', { bookingId: 'bk_1', amount: 12_000, connected: true })).status,
    ).toBe('succeeded');
    expect(fake.requests).toHaveLength(1);
    // After a failed refund, another under a key of its own.
    fake.reset();
    fake.answer(ok({ object: 'list', data: [refund({ status: 'failed' })] }), ok(refund({ id: 're_2' })));
    await gateway.refund('pi_3Test', { bookingId: 'bk_1', amount: 12_000, connected: true });
    expect(fake.requests[1]!.headers['idempotency-key']).toBe('booking-bk_1-refund-2');
  });

  it('creates a connected account with controller properties, JP, card payments and transfers, manual payouts', async () => {
    fake.answer(
      ok({
        id: 'acct_1Host',
        object: 'account',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['external_account'],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        metadata: { hostId: 'host-1' },
      }),
    );
    const account = await gateway.createConnectedAccount({
      hostId: 'host-1',
      email: 'host@example.com',
      businessName: 'Setouchi Guides',
    });
    expect(account).toMatchObject({ id: 'acct_1Host', currentlyDue: ['external_account'], hostId: 'host-1' });
    const [req] = fake.requests;
    expect(req!.headers['idempotency-key']).toBe('host-host-1-account');
    expect(Object.fromEntries(req!.form)).toMatchObject({
      country: 'JP',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'controller[requirement_collection]': 'stripe',
      'controller[stripe_dashboard][type]': 'express',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'settings[payouts][schedule][interval]': 'manual',
      'metadata[hostId]': 'host-1',
    });
  });

  it("pays out from the host's account (Stripe-Account), keyed by our payout id", async () => {
    fake.answer(
      ok({
        id: 'po_1',
        object: 'payout',
        amount: 8_500,
        status: 'pending',
        arrival_date: 1_800_000_000,
        failure_message: null,
      }),
    );
    const payout = await gateway.createPayout({ accountId: 'acct_1Host', amount: 8_500, payoutId: 'p-1' });
    expect(payout).toEqual({
      id: 'po_1',
      status: 'pending',
      arrivalDate: new Date(1_800_000_000_000).toISOString(),
      failureMessage: null,
    });
    const [req] = fake.requests;
    expect(req!.headers['stripe-account']).toBe('acct_1Host');
    expect(req!.headers['idempotency-key']).toBe('payout-p-1');
    expect(Object.fromEntries(req!.form)).toEqual({
      amount: '8500',
      currency: 'jpy',
      'metadata[payoutId]': 'p-1',
    });
  });

  it('keeps the request id of a failure for the logs', async () => {
    fake.answer(stripeError(500, { type: 'api_error', message: 'boom' }, { 'request-id': 'req_123' }));
    expect((await rejection(gateway.retrieve('pi_3Test'))).message).toBe(
      'The payment provider failed: StripeAPIError (request req_123)',
    );
  });
});

describe('encodeStripeForm', () => {
  it("writes nested objects and arrays in Stripe's bracket notation and null as an empty value", () => {
    const form = new URLSearchParams(
      encodeStripeForm({
        amount: 1200,
        metadata: { bookingId: 'bk 1', note: 'a&b=c' },
        payment_method_types: ['card', 'konbini'],
        description: null,
        receipt_email: undefined,
      }),
    );
    expect([...form.entries()]).toEqual([
      ['amount', '1200'],
      ['metadata[bookingId]', 'bk 1'],
      ['metadata[note]', 'a&b=c'],
      ['payment_method_types[0]', 'card'],
      ['payment_method_types[1]', 'konbini'],
      ['description', ''],
    ]);
  });
});

describe('verifyStripeWebhook', () => {
  const secret = 'whsec_test_secret';
  const now = 1_746_057_600; // 2025-05-01T00:00:00Z
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.amount_capturable_updated',
    created: now - 5,
    data: { object: intent({ status: 'requires_capture', amount_capturable: 24_000 }) },
  });
  const sign = (body: string, timestamp: number, key = secret) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key, timestamp });

  async function validationError(run: () => unknown): Promise<DomainError> {
    return rejection(Promise.resolve().then(run));
  }

  it('returns the event of a correctly signed payload', () => {
    const event = verifyStripeWebhook(payload, sign(payload, now - 10), secret, now);
    expect(event.id).toBe('evt_1');
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect(event.data.object).toMatchObject({ id: 'pi_3Test', metadata: { bookingId: 'bk_1' } });
  });

  it('accepts the raw body as bytes', () => {
    const event = verifyStripeWebhook(Buffer.from(payload), sign(payload, now), secret, now);
    expect(event.id).toBe('evt_1');
  });

  it('rejects a signature made with another secret', async () => {
    const error = await validationError(() =>
      verifyStripeWebhook(payload, sign(payload, now, 'whsec_other'), secret, now),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Invalid Stripe webhook signature: the signature does not match the payload');
  });

  it('rejects a payload changed after signing', async () => {
    const tampered = payload.replace('24000', '1');
    const error = await validationError(() => verifyStripeWebhook(tampered, sign(payload, now), secret, now));
    expect(error.code).toBe('validation_failed');
  });

  it('rejects a timestamp older than 300 seconds, and accepts one exactly at the limit', async () => {
    const old = now - WEBHOOK_TOLERANCE_SECONDS - 1;
    const error = await validationError(() => verifyStripeWebhook(payload, sign(payload, old), secret, now));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Invalid Stripe webhook signature: the timestamp is older than 300 seconds');
    const atLimit = now - WEBHOOK_TOLERANCE_SECONDS;
    expect(verifyStripeWebhook(payload, sign(payload, atLimit), secret, now).id).toBe('evt_1');
  });

  it('rejects a missing header and a signed body that is not an event', async () => {
    expect((await validationError(() => verifyStripeWebhook(payload, undefined, secret, now))).message).toBe(
      'Missing Stripe-Signature header',
    );
    const notAnEvent = JSON.stringify({ hello: 'world' });
    const error = await validationError(() =>
      verifyStripeWebhook(notAnEvent, sign(notAnEvent, now), secret, now),
    );
    expect(error.message).toBe('Invalid Stripe webhook payload: not an event');
  });
  it('accepts any matching v1 signature of several (a secret being rolled), and ignores other schemes', async () => {
    const good = sign(payload, now).split(',');
    const timestamp = good.find((part) => part.startsWith('t='))!;
    const v1 = good.find((part) => part.startsWith('v1='))!;
    const other = sign(payload, now, 'whsec_old')
      .split(',')
      .find((part) => part.startsWith('v1='))!;
    expect(verifyStripeWebhook(payload, `${timestamp},${other},${v1}`, secret, now).id).toBe('evt_1');
    const v0Only = `${timestamp},v0=${v1.slice(3)}`;
    const error = await validationError(() => verifyStripeWebhook(payload, v0Only, secret, now));
    expect(error.message).toBe('Invalid Stripe webhook signature: the signature does not match the payload');
  });
});
