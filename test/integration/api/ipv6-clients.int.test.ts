/**
 * IPv6 clients over real HTTP (issue 29): the local stack plays CloudFront (`originSecret`), so each request carries
 * the origin secret and a `CloudFront-Viewer-Address`, exactly what the API trusts in AWS. An IPv6 client is keyed
 * by its /64, and the /64s of one /48 share the /48's limits, so a holder of a /48 cannot multiply the per-client
 * limits by switching /64s; another /48 is unaffected.
 */
import { randomUUID } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../../functions/api/http/client-address';
import { BOOKING_LIMITS, TOO_MANY_HOLDS_MESSAGE } from '../../../functions/use-cases/create-booking';
import {
  addExperience,
  bookingBody,
  call,
  startApiWorld,
  type ApiWorld,
  type CreatedBooking,
  type ErrorBody,
  type Slot,
} from './support';

const SECRET = `origin-${randomUUID()}`;
let world: ApiWorld;
let experienceIds: string[];
const slotsOf = new Map<string, Slot[]>();

const viewer = (address: string) => ({
  [ORIGIN_VERIFY_HEADER]: SECRET,
  [VIEWER_ADDRESS_HEADER]: `[${address}]:443`,
});

beforeAll(async () => {
  world = await startApiWorld('ipv6-clients-', { limits: 'product', originSecret: SECRET });
  // Experiences of their own, so the per-experience cap is never what refuses here.
  experienceIds = [];
  for (let i = 0; i < 3; i++) {
    const { id } = await addExperience(world);
    experienceIds.push(id);
    const open = await call<{ dates: Record<string, string[]> }>(
      world,
      'GET',
      `/api/experiences/${id}/availability?from=2000-01-01&to=2100-12-31`,
      undefined,
      viewer('2001:db8:ffff::1'),
    );
    slotsOf.set(
      id,
      Object.entries(open.body.dates).flatMap(([date, times]) => times.map((time) => ({ date, time }))),
    );
  }
});
afterAll(async () => {
  await world?.stop();
});

let next = 0;
/** A hold from the viewer `address`, spread over the test's experiences. */
function hold(address: string) {
  const experienceId = experienceIds[next++ % experienceIds.length]!;
  const body = bookingBody(experienceId, slotsOf.get(experienceId)!.shift()!);
  body.guest.email = `v6.${randomUUID().slice(0, 8)}@example.com`;
  return call<CreatedBooking & ErrorBody>(world, 'POST', '/api/bookings', body, viewer(address));
}

describe('IPv6 clients behind CloudFront', () => {
  it('refuses a request without the origin secret (the stack plays CloudFront)', async () => {
    const res = await call<ErrorBody>(world, 'GET', '/api/categories');
    expect(res.status).toBe(403);
    expect((await call(world, 'GET', '/api/categories', undefined, viewer('2001:db8:1::1'))).status).toBe(
      200,
    );
  });

  it(`counts the /64s of one /48 together: ${BOOKING_LIMITS.network.openHolds} unpaid holds, then 429; another /48 books`, async () => {
    const perClient = BOOKING_LIMITS.openHolds;
    const perNetwork = BOOKING_LIMITS.network.openHolds;
    // One /64 is still one client: its own limit first.
    for (let i = 0; i < perClient; i++) {
      expect((await hold(`2001:db8:77:1::${i + 1}`)).status).toBe(201);
    }
    expect((await hold('2001:db8:77:1::ff')).status).toBe(429);
    // Other /64s of the same /48 hold the rest of the /48's allowance, then are refused too.
    let held = perClient;
    for (let subnet = 2; held < perNetwork; subnet++) {
      for (let i = 0; i < perClient && held < perNetwork; i++, held++) {
        expect((await hold(`2001:db8:77:${subnet.toString(16)}::${i + 1}`)).status).toBe(201);
      }
    }
    const refused = await hold('2001:db8:77:abcd::1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'too_many_requests', message: TOO_MANY_HOLDS_MESSAGE });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another /48 is another holder.
    expect((await hold('2001:db8:78:1::1')).status).toBe(201);
  });
});
