import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../../../functions/domain/errors';
import {
  CAPTURE_FAILED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  LocalPaymentGateway,
  USE_TEST_CARD_MESSAGE,
  paymentIntentIdFromClientSecret,
  type TestCard,
} from '../../../../functions/adapters/payments/local-payment-gateway';
import {
  InMemoryLocalPaymentStore,
  JsonFileLocalPaymentStore,
  type LocalPaymentStore,
} from '../../../../functions/adapters/payments/local-payment-store';
import { createPaymentGateway } from '../../../../functions/adapters/payments/create-payment-gateway';
import { StripePaymentGateway } from '../../../../functions/adapters/payments/stripe-payment-gateway';
import type {
  CreateAuthorizationRequest,
  PaymentEventPublisher,
  StripeLikeEvent,
} from '../../../../functions/use-cases/ports';

/** 2025-05-01 09:00 in Tokyo. */
const NOW = new Date('2025-05-01T00:00:00Z');

class RecordingPublisher implements PaymentEventPublisher {
  readonly events: StripeLikeEvent[] = [];
  async publish(event: StripeLikeEvent): Promise<void> {
    this.events.push(event);
  }
  types(): string[] {
    return this.events.map((e) => e.type);
  }
}

function makeGateway(store: LocalPaymentStore = new InMemoryLocalPaymentStore()) {
  const events = new RecordingPublisher();
  const gateway = new LocalPaymentGateway({ store, events, now: () => NOW });
  return { gateway, events, store };
}

const request = (bookingId = 'bk_1', amount = 24_000): CreateAuthorizationRequest => ({
  bookingId,
  amount,
  currency: 'JPY',
  description: 'ABC123 · Tea ceremony',
  metadata: { reference: 'ABC123' },
  customerEmail: 'guest@example.com',
});

const goodCard: TestCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const declinedCard: TestCard = { ...goodCard, number: '4000 0000 0000 0002' };

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

describe('LocalPaymentGateway', () => {
  it('creates a manual-capture intent waiting for a card, with a Stripe-style id and client secret', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    expect(gateway.provider).toBe('local');
    expect(auth.status).toBe('requires_payment_method');
    expect(auth.paymentIntentId).toMatch(/^pi_local_[0-9A-Za-z]{24}$/);
    expect(auth.clientSecret.startsWith(`${auth.paymentIntentId}_secret_`)).toBe(true);
    expect(paymentIntentIdFromClientSecret(auth.clientSecret)).toBe(auth.paymentIntentId);
    expect(await gateway.retrieve(auth.paymentIntentId)).toEqual({
      id: auth.paymentIntentId,
      status: 'requires_payment_method',
      amount: 24_000,
      amountCapturable: 0,
      currency: 'JPY',
      bookingId: 'bk_1',
      amountRefunded: 0,
    });
    expect(events.events).toEqual([]);
  });

  it('refunds a captured payment once per booking, even when asked again with another amount', async () => {
    let failing = false;
    const events = new RecordingPublisher();
    const gateway = new LocalPaymentGateway({
      store: new InMemoryLocalPaymentStore(),
      events,
      now: () => NOW,
      refundsFail: () => failing,
    });
    const auth = await gateway.createAuthorization(request());
    expect(
      (await rejection(gateway.refund(auth.paymentIntentId, { bookingId: 'bk_1', amount: 100 }))).code,
    ).toBe('state_conflict');
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    await gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' });
    expect(
      (await rejection(gateway.refund(auth.paymentIntentId, { bookingId: 'bk_1', amount: 24_001 }))).code,
    ).toBe('validation_failed');
    failing = true;
    expect(
      (await rejection(gateway.refund(auth.paymentIntentId, { bookingId: 'bk_1', amount: 5000 }))).code,
    ).toBe('payment_failed');
    failing = false;
    const first = await gateway.refund(auth.paymentIntentId, { bookingId: 'bk_1', amount: 5000 });
    const again = await gateway.refund(auth.paymentIntentId, { bookingId: 'bk_1', amount: 24_000 });
    expect(again).toEqual(first);
    expect((await gateway.retrieve(auth.paymentIntentId)).amountRefunded).toBe(5000);
    expect(events.events.filter((e) => e.type === 'charge.refunded')).toHaveLength(1);
  });

  it('returns the same intent when asked twice for one booking, even concurrently', async () => {
    const { gateway } = makeGateway();
    const [a, b] = await Promise.all([
      gateway.createAuthorization(request()),
      gateway.createAuthorization(request()),
    ]);
    expect(b).toEqual(a);
    const other = await gateway.createAuthorization(request('bk_2'));
    expect(other.paymentIntentId).not.toBe(a.paymentIntentId);
    expect(other.clientSecret).not.toBe(a.clientSecret);
  });

  it('refuses to reuse a booking id with another amount, like an idempotency-key mismatch', async () => {
    const { gateway } = makeGateway();
    await gateway.createAuthorization(request('bk_1', 24_000));
    expect((await rejection(gateway.createAuthorization(request('bk_1', 12_000)))).code).toBe(
      'payment_failed',
    );
  });

  it('takes ids and secrets from the injected random source', async () => {
    let counter = 0;
    const random = (size: number) => Uint8Array.from({ length: size }, () => counter++ % 62);
    const gateway = new LocalPaymentGateway({
      store: new InMemoryLocalPaymentStore(),
      events: new RecordingPublisher(),
      random,
      now: () => NOW,
    });
    const auth = await gateway.createAuthorization(request());
    expect(auth.paymentIntentId).toBe('pi_local_0123456789ABCDEFGHIJKLMN');
  });

  it('authorises 4242 4242 4242 4242 and publishes amount_capturable_updated with Stripe field names', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    const view = await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard, {
      clientSecret: auth.clientSecret,
    });
    expect(view).toMatchObject({ status: 'requires_capture', amountCapturable: 24_000 });
    expect((await gateway.retrieve(auth.paymentIntentId)).status).toBe('requires_capture');

    expect(events.events).toHaveLength(1);
    const event = events.events[0]!;
    expect(event.id).toMatch(/^evt_local_[0-9A-Za-z]{24}$/);
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect(event.created).toBe(NOW.getTime() / 1000);
    expect(event.data.object).toMatchObject({
      id: auth.paymentIntentId,
      object: 'payment_intent',
      amount: 24_000,
      amount_capturable: 24_000,
      amount_received: 0,
      currency: 'jpy',
      status: 'requires_capture',
      capture_method: 'manual',
      metadata: { bookingId: 'bk_1', reference: 'ABC123' },
      client_secret: auth.clientSecret,
      last_payment_error: null,
    });
  });

  it('answers a repeated confirmation of an authorised intent like the first, without a second event', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    const again = await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    expect(again.status).toBe('requires_capture');
    expect(events.types()).toEqual(['payment_intent.amount_capturable_updated']);
  });

  it("declines 4000 0000 0000 0002 with Stripe's message, leaves the intent retryable and publishes payment_failed", async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    const error = await rejection(gateway.confirmWithTestCard(auth.paymentIntentId, declinedCard));
    expect(error.code).toBe('card_declined');
    expect(error.message).toBe(CARD_DECLINED_MESSAGE);
    expect((await gateway.retrieve(auth.paymentIntentId)).status).toBe('requires_payment_method');
    expect(events.types()).toEqual(['payment_intent.payment_failed']);
    expect(events.events[0]!.data.object).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });

    // The guest tries again with a good card: authorised, and the old error is gone.
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    expect(events.types()).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.amount_capturable_updated',
    ]);
    expect(events.events[1]!.data.object.last_payment_error).toBeNull();
  });

  it.each([
    ['another card number', { number: '5555 5555 5555 4444' }, USE_TEST_CARD_MESSAGE, 'number'],
    ['letters in the number', { number: '4242-4242-4242-4242' }, USE_TEST_CARD_MESSAGE, 'number'],
    [
      'an expiry month in the past',
      { expMonth: 4, expYear: 2025 },
      "Your card's expiration date is in the past.",
      'expiry',
    ],
    [
      'an expiry year in the past (two digits)',
      { expMonth: 12, expYear: 24 },
      "Your card's expiration date is in the past.",
      'expiry',
    ],
    ['month 13', { expMonth: 13 }, "Your card's expiration date is invalid.", 'expiry'],
    ['a two-digit security code', { cvc: '12' }, "Your card's security code is incomplete.", 'cvc'],
    ['letters in the security code', { cvc: '12a' }, "Your card's security code is incomplete.", 'cvc'],
  ])('rejects %s with a validation error and changes nothing', async (_label, patch, message, field) => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    const error = await rejection(
      gateway.confirmWithTestCard(auth.paymentIntentId, { ...goodCard, ...patch }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ [field]: message });
    expect((await gateway.retrieve(auth.paymentIntentId)).status).toBe('requires_payment_method');
    expect(events.events).toEqual([]);
  });

  it('accepts a card expiring this month (Tokyo) and a two-digit year', async () => {
    const { gateway } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    const view = await gateway.confirmWithTestCard(auth.paymentIntentId, {
      ...goodCard,
      expMonth: 5,
      expYear: 25,
    });
    expect(view.status).toBe('requires_capture');
  });

  it('refuses a confirmation with the wrong client secret or for an unknown intent', async () => {
    const { gateway } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    const wrongSecret = gateway.confirmWithTestCard(auth.paymentIntentId, goodCard, { clientSecret: 'nope' });
    expect((await rejection(wrongSecret)).code).toBe('not_found');
    expect((await rejection(gateway.confirmWithTestCard('pi_missing', goodCard))).code).toBe('not_found');
    expect((await rejection(gateway.retrieve('pi_missing'))).code).toBe('not_found');
  });

  it('captures an authorised intent once and publishes payment_intent.succeeded', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    expect(await gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('succeeded');
    expect(await gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('succeeded');
    expect(events.types()).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
    expect(events.events[1]!.data.object).toMatchObject({
      status: 'succeeded',
      amount_received: 24_000,
      amount_capturable: 0,
    });
    expect(await gateway.retrieve(auth.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountCapturable: 0,
    });
  });

  it('authorises the capture-fails test card, whose capture then fails and leaves the authorisation in place', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    await gateway.confirmWithTestCard(auth.paymentIntentId, { ...goodCard, number: '4000 0000 0000 0341' });
    const error = await rejection(gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' }));
    expect(error).toMatchObject({ code: 'payment_failed', message: CAPTURE_FAILED_MESSAGE });
    expect(await gateway.retrieve(auth.paymentIntentId)).toMatchObject({ status: 'requires_capture' });
    expect(events.types()).toEqual(['payment_intent.amount_capturable_updated']);
    // It can still be released, as a denial or the expiry job would.
    expect(await gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('canceled');
  });

  it('refuses to capture an intent that was never authorised', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    expect((await rejection(gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' }))).code).toBe(
      'state_conflict',
    );
    expect(events.events).toEqual([]);
  });

  it('cancels an authorisation, and a second cancel is a success without a second event', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    expect(await gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_1', reason: 'abandoned' })).toBe(
      'canceled',
    );
    expect(await gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('canceled');
    expect(events.types()).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.canceled']);
    expect(events.events[1]!.data.object).toMatchObject({
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: 'abandoned',
    });
    // A canceled intent can be neither captured nor confirmed.
    expect((await rejection(gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' }))).code).toBe(
      'state_conflict',
    );
    expect((await rejection(gateway.confirmWithTestCard(auth.paymentIntentId, goodCard))).code).toBe(
      'state_conflict',
    );
  });

  it('cancels an intent the guest never confirmed (a lapsed hold)', async () => {
    const { gateway, events } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    expect(await gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('canceled');
    expect(events.types()).toEqual(['payment_intent.canceled']);
  });

  it('refuses to cancel a captured payment', async () => {
    const { gateway } = makeGateway();
    const auth = await gateway.createAuthorization(request());
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    await gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' });
    expect((await rejection(gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_1' }))).code).toBe(
      'state_conflict',
    );
  });

  it("does not let one booking capture or cancel another booking's intent", async () => {
    const { gateway } = makeGateway();
    const auth = await gateway.createAuthorization(request('bk_1'));
    await gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);
    expect((await rejection(gateway.capture(auth.paymentIntentId, { bookingId: 'bk_2' }))).code).toBe(
      'not_found',
    );
    expect((await rejection(gateway.cancel(auth.paymentIntentId, { bookingId: 'bk_2' }))).code).toBe(
      'not_found',
    );
    expect((await gateway.retrieve(auth.paymentIntentId)).status).toBe('requires_capture');
  });
});

describe('LocalPaymentGateway connected accounts', () => {
  it("answers 'not found' for ids that are only names on every object's prototype", async () => {
    const { gateway } = makeGateway();
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect((await rejection(gateway.onboardingLink(id, 'token'))).code).toBe('not_found');
      expect((await rejection(gateway.retrieveConnectedAccount(id))).code).toBe('not_found');
    }
    const { id } = await gateway.createConnectedAccount({
      hostId: 'host-1',
      email: 'host@example.com',
      businessName: 'Dogo Tours',
    });
    for (const token of ['constructor', '__proto__', '']) {
      expect(await gateway.onboardingLink(id, token)).toMatchObject({ link: null, lapsedTo: null });
    }
  });
});

describe('JsonFileLocalPaymentStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-payments-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps intents across a restart (a new store and gateway on the same file)', async () => {
    const path = join(dir, 'nested', 'payments.json');
    const first = makeGateway(new JsonFileLocalPaymentStore(path));
    const auth = await first.gateway.createAuthorization(request());
    await first.gateway.confirmWithTestCard(auth.paymentIntentId, goodCard);

    const second = makeGateway(new JsonFileLocalPaymentStore(path));
    expect(await second.gateway.retrieve(auth.paymentIntentId)).toMatchObject({
      status: 'requires_capture',
      bookingId: 'bk_1',
    });
    expect(await second.gateway.createAuthorization(request())).toEqual({
      ...auth,
      status: 'requires_capture',
    });
    expect(await second.gateway.capture(auth.paymentIntentId, { bookingId: 'bk_1' })).toBe('succeeded');

    const file = JSON.parse(await readFile(path, 'utf8')) as { intents: Record<string, { status: string }> };
    expect(file.intents[auth.paymentIntentId]?.status).toBe('succeeded');
    // Atomic writes leave no temporary files behind.
    expect(await readdir(join(dir, 'nested'))).toEqual(['payments.json']);
  });

  it('loses no intent when many are written at once', async () => {
    const path = join(dir, 'payments.json');
    const { gateway } = makeGateway(new JsonFileLocalPaymentStore(path));
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gateway.createAuthorization(request(`bk_${i}`))),
    );
    const reread = new JsonFileLocalPaymentStore(path);
    for (const [i, auth] of created.entries()) {
      expect((await reread.findByBookingId(`bk_${i}`))?.id).toBe(auth.paymentIntentId);
    }
  });

  it('refuses a file that is not a payment store instead of overwriting it', async () => {
    const path = join(dir, 'payments.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path, '{"something":"else"}');
    await expect(new JsonFileLocalPaymentStore(path).get('pi_x')).rejects.toThrow(
      /not a local payment store/,
    );
  });
});

describe('createPaymentGateway', () => {
  const events = new RecordingPublisher();
  it('chooses Stripe when a secret key is configured and the local gateway otherwise', () => {
    expect(createPaymentGateway({ stripeSecretKey: 'sk_test_x', localEvents: events })).toBeInstanceOf(
      StripePaymentGateway,
    );
    expect(createPaymentGateway({ stripeSecretKey: '', localEvents: events }).provider).toBe('local');
    expect(createPaymentGateway({ localEvents: events })).toBeInstanceOf(LocalPaymentGateway);
  });
});
