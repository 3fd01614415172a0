/**
 * The host's booking list after the audit (issue 21), over real HTTP through the local server with real tokens: an
 * inverted date range is refused with a Japanese field message (item 11), the list narrows to one experience
 * (`experienceId`, also with dates and status), and the manifest's check-in tick is stored on approved bookings of
 * the host only.
 */
import type { Booking, Host } from '../../../functions/domain/entities';
import { DEMO_HOST, SEED_HOST_PASSWORD, SEED_HOSTS } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  call,
  freeSlots,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let demo: { token: string; host: Host };
let otherToken: string;

const OTHER_HOST = SEED_HOSTS.find((h) => h.email !== DEMO_HOST.email)!;

beforeAll(async () => {
  world = await startApiWorld('host-bookings-audit-');
  const token = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  demo = { token, host: (await call<Host>(world, 'GET', '/api/host/me', undefined, bearer(token))).body };
  otherToken = await signIn(world, 'host', OTHER_HOST.email, SEED_HOST_PASSWORD);
});
afterAll(async () => {
  await world?.stop();
});

const as = <T = unknown>(token: string, method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(token));
const ids = (items: Booking[]) => items.map((b) => b.id).sort();

/** Two experiences of the demo host with one pending request each, on the first free slot. */
async function twoExperiencesWithRequests() {
  const first = await addExperience(world, { hostId: demo.host.id });
  const second = await addExperience(world, { hostId: demo.host.id });
  const slotA = (await freeSlots(world, first.id))[0]!;
  const slotB = (await freeSlots(world, second.id))[0]!;
  const a = await pendingBooking(world, first.id, slotA);
  const b = await pendingBooking(world, second.id, slotB);
  return { first, second, slotA, slotB, a: a.created.bookingId, b: b.created.bookingId };
}

describe('the date filter (issue 21 item 11)', () => {
  it('answers 400 with a Japanese field message when from is after to, and accepts a one-day range', async () => {
    const res = await as<ErrorBody>(demo.token, 'GET', '/api/host/bookings?from=2030-05-10&to=2030-05-01');
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.to).toBe('「まで」の日付は「から」の日付以降にしてください');
    expect(res.body.error.message).toMatch(/[ぁ-んァ-ン一-龯]/);

    const bad = await as<ErrorBody>(demo.token, 'GET', '/api/host/bookings?from=2030-13-40');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.from).toBe('日付を yyyy-MM-dd の形式で指定してください');

    const same = await as(demo.token, 'GET', '/api/host/bookings?from=2030-05-01&to=2030-05-01');
    expect(same.status).toBe(200);
  });
});

describe('the list of one experience (experienceId)', () => {
  it('lists only that experience, paged or by tour dates, with the status filter too', async () => {
    const { first, second, slotA, a, b } = await twoExperiencesWithRequests();

    const all = await as<{ items: Booking[] }>(demo.token, 'GET', '/api/host/bookings?limit=100');
    expect(ids(all.body.items)).toEqual(expect.arrayContaining([a, b]));

    const onlyFirst = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?experienceId=${first.id}`,
    );
    expect(onlyFirst.status).toBe(200);
    expect(ids(onlyFirst.body.items)).toEqual([a]);

    const secondPending = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?experienceId=${second.id}&status=pending`,
    );
    expect(ids(secondPending.body.items)).toEqual([b]);
    const secondApproved = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?experienceId=${second.id}&status=approved`,
    );
    expect(secondApproved.body.items).toEqual([]);

    const firstOnItsDay = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?experienceId=${first.id}&from=${slotA.date}&to=${slotA.date}`,
    );
    expect(ids(firstOnItsDay.body.items)).toEqual([a]);

    // Another host asking for this experience sees nothing of it.
    const foreign = await as<{ items: Booking[] }>(
      otherToken,
      'GET',
      `/api/host/bookings?experienceId=${first.id}`,
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body.items).toEqual([]);

    const malformed = await as<ErrorBody>(demo.token, 'GET', '/api/host/bookings?experienceId=../x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields?.experienceId).toBe('体験の指定が正しくありません');
  });
});

describe('the check-in tick (POST /api/host/bookings/{id}/check-in)', () => {
  it('ticks and unticks an approved booking of the host; refuses others, unapproved ones and bad bodies', async () => {
    const { a } = await twoExperiencesWithRequests();
    const path = `/api/host/bookings/${a}/check-in`;

    const early = await as<ErrorBody>(demo.token, 'POST', path, { checkedIn: true });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('承認済みの予約だけチェックインできます。');

    expect((await as(demo.token, 'POST', `/api/host/bookings/${a}/approve`)).status).toBe(200);

    const foreign = await as<ErrorBody>(otherToken, 'POST', path, { checkedIn: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('予約が見つかりませんでした。');
    const unknown = await as<ErrorBody>(demo.token, 'POST', '/api/host/bookings/no-such-booking/check-in', {
      checkedIn: true,
    });
    expect(unknown.status).toBe(404);

    for (const body of [{}, { checkedIn: 'yes' }, { checkedIn: true, extra: 1 }]) {
      const res = await as<ErrorBody>(demo.token, 'POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    expect((await as<Booking>(demo.token, 'GET', `/api/host/bookings/${a}`)).body.checkedInAt ?? null).toBe(
      null,
    );

    const ticked = await as<Booking>(demo.token, 'POST', path, { checkedIn: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ id: a, status: 'approved' });
    expect(Date.parse(ticked.body.checkedInAt!)).not.toBeNaN();
    const reread = await as<Booking>(demo.token, 'GET', `/api/host/bookings/${a}`);
    expect(reread.body.checkedInAt).toBe(ticked.body.checkedInAt);

    const unticked = await as<Booking>(demo.token, 'POST', path, { checkedIn: false });
    expect(unticked.status).toBe(200);
    expect(unticked.body.checkedInAt).toBeNull();
    expect((await as<Booking>(demo.token, 'GET', `/api/host/bookings/${a}`)).body.checkedInAt).toBeNull();
  });
});
