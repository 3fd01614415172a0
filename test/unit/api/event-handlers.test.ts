/**
 * The EventBridge handlers' contract with their triggers: an infrastructure failure is thrown (so EventBridge and
 * the scheduler retry, and the dead-letter queue keeps what never succeeds), while a malformed event is dropped,
 * because no retry could ever fix it. DynamoDB is pointed at a closed port to fail for real.
 */
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import { resetGuestRuntime } from '../../../functions/adapters/runtime/guest-runtime';
import { handler as expireBookings } from '../../../functions/events/expire-bookings';
import { handler as paymentEvents } from '../../../functions/events/payment-events';

const UNREACHABLE = {
  STAGE: 'local',
  AWS_REGION: 'ap-northeast-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_MAX_ATTEMPTS: '1',
  TABLE_NAME: 'marketplace-test',
  // Port 9 (discard) is closed on the test machine: every call is refused at once.
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  PAYMENT_PROVIDER: 'local',
  SITE_URL: 'http://localhost:3000',
  MAIL_FROM: 'no-reply@example.com',
};

const envelope = (detail: unknown) => ({
  version: '0',
  id: 'delivery-1',
  'detail-type': 'payment_intent.amount_capturable_updated',
  source: 'aws.partner/stripe.com/ed_test',
  time: '2026-01-01T00:00:00Z',
  detail,
});

beforeEach(() => {
  for (const [name, value] of Object.entries(UNREACHABLE)) vi.stubEnv(name, value);
  vi.stubEnv('LOCAL_PAYMENT_STORE', '');
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  resetGuestRuntime();
  resetRuntimeAdapters();
});
afterEach(() => {
  resetGuestRuntime();
  resetRuntimeAdapters();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('payment-events handler', () => {
  it('throws when the table cannot be reached, so EventBridge delivers the event again', async () => {
    const event = envelope({
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      created: 1_767_225_600,
      data: { object: { id: 'pi_1', object: 'payment_intent', metadata: { bookingId: 'b1' } } },
    });
    await expect(paymentEvents(event)).rejects.toThrow();
    const logged = vi.mocked(console.error).mock.calls.map(([line]) => JSON.parse(String(line)) as object);
    expect(logged).toContainEqual(expect.objectContaining({ eventId: 'evt_1', outcome: 'failed' }));
  });

  it('drops an event whose detail is not a Stripe event, without touching the table', async () => {
    await expect(paymentEvents(envelope({ hello: 'world' }))).resolves.toEqual({ outcome: 'malformed' });
  });
});

describe('expire-bookings handler', () => {
  it('throws when the due bookings cannot be read, so the scheduler retries', async () => {
    await expect(expireBookings()).rejects.toThrow();
  });
});
