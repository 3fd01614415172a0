/**
 * `POST /api/local-seed/bulk` (issue 33) over real HTTP through the local server: what it writes is what the guest
 * catalogue, the host's booking list, the admin's booking search and the jobs then see, exactly as if the
 * experiences had been published and the bookings made and decided through the product; bad input is a 400.
 */
import { BULK_HOST_PASSWORD } from '../../../functions/api/local/bulk-seed';
import type { Booking } from '../../../functions/domain/entities';
import { addDays, todayInTokyo } from '../../../functions/domain/calendar';
import {
  bearer,
  call,
  demoAdminToken,
  localNow,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

interface Seeded {
  hostId: string;
  experienceIds: string[];
  bookingIds: string[];
}

const TAG = 'scale-test';
let world: ApiWorld;
let seeded: Seeded;
let now: Date;

beforeAll(async () => {
  world = await startApiWorld('bulk-seed-');
  now = await localNow(world);
  const res = await call<Seeded>(world, 'POST', '/api/local-seed/bulk', {
    experiences: 30,
    completedBookings: { count: 40, fromDay: -60, toDay: -2 },
    approvedBookings: { count: 20, fromDay: 3, toDay: 30 },
    tag: TAG,
  });
  expect(res.status, res.text).toBe(200);
  seeded = res.body;
}, 300_000);

afterAll(async () => {
  await world?.stop();
});

/** Every item of a cursor-paged list. */
async function everyItem<T>(path: string, headers: Record<string, string> = {}): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call<{ items: T[]; cursor?: string }>(
      world,
      'GET',
      `${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`,
      undefined,
      headers,
    );
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.cursor;
  } while (cursor);
  return items;
}

describe('POST /api/local-seed/bulk', () => {
  it('answers the new host, its experiences and its bookings', () => {
    expect(seeded.hostId).toEqual(expect.any(String));
    expect(seeded.experienceIds).toHaveLength(30);
    expect(new Set(seeded.experienceIds).size).toBe(30);
    expect(seeded.bookingIds).toHaveLength(60);
    expect(new Set(seeded.bookingIds).size).toBe(60);
  });

  it('publishes the experiences in the guest catalogue and on their pages', async () => {
    const cards = await everyItem<{ id: string; hostId: string; title: string }>(
      '/api/experiences?limit=100',
    );
    const ours = cards.filter((c) => c.hostId === seeded.hostId);
    expect(ours.map((c) => c.id).sort()).toEqual([...seeded.experienceIds].sort());
    const one = await call<{ id: string; title: string; durationMinutes: number }>(
      world,
      'GET',
      `/api/experiences/${seeded.experienceIds[0]}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.title).toContain(TAG);
    // Bookable: the synthetic experiences open days like any published experience.
    const availability = await call<{ dates: Record<string, string[]> }>(
      world,
      'GET',
      `/api/experiences/${seeded.experienceIds[0]}/availability?from=${addDays(todayInTokyo(now), 3)}&to=${addDays(todayInTokyo(now), 40)}`,
    );
    expect(availability.status).toBe(200);
    expect(Object.keys(availability.body.dates).length).toBeGreaterThan(0);
  });

  it("shows every booking in the host's own list, completed ones in the past and approved ones ahead", async () => {
    const token = await signIn(world, 'host', `${TAG}.host@example.com`, BULK_HOST_PASSWORD, {
      newPassword: 'BulkSeedHost#2026',
    });
    const items = await everyItem<Booking>('/api/host/bookings?limit=100', bearer(token));
    expect(items.map((b) => b.id).sort()).toEqual([...seeded.bookingIds].sort());
    const today = todayInTokyo(now);
    const completed = items.filter((b) => b.status === 'completed');
    const approved = items.filter((b) => b.status === 'approved');
    expect(completed).toHaveLength(40);
    expect(approved).toHaveLength(20);
    expect(completed.every((b) => b.date >= addDays(today, -60) && b.date <= addDays(today, -2))).toBe(true);
    expect(approved.every((b) => b.date >= addDays(today, 3) && b.date <= addDays(today, 30))).toBe(true);
    expect(new Set(items.map((b) => b.email))).toEqual(
      new Set(Array.from({ length: 60 }, (_, i) => `${TAG}.${i + 1}@example.com`)),
    );
  });

  it("finds the bookings in the admin's search by guest e-mail and by reference", async () => {
    const admin = await demoAdminToken(world);
    const byEmail = await call<{ items: { id: string; reference: string }[] }>(
      world,
      'GET',
      `/api/admin/bookings?q=${encodeURIComponent(`${TAG}.7@example.com`)}`,
      undefined,
      bearer(admin),
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.items).toHaveLength(1);
    const found = byEmail.body.items[0]!;
    expect(seeded.bookingIds).toContain(found.id);
    const byReference = await call<{ items: { id: string }[] }>(
      world,
      'GET',
      `/api/admin/bookings?q=${found.reference}`,
      undefined,
      bearer(admin),
    );
    expect(byReference.body.items.map((b) => b.id)).toEqual([found.id]);
  });

  it('holds the approved tours (their starts taken, earnings waiting) and settles old history', async () => {
    const approvedId = seeded.bookingIds[40]!;
    const booking = await world.repo.bookings.get(approvedId);
    expect(booking).toMatchObject({ status: 'approved', hostId: seeded.hostId });
    const slots = await world.repo.slots.listStates(booking!.experienceId, booking!.date, booking!.date);
    expect(slots.find((s) => s.time === booking!.time)?.booked).toBe(1);
    expect(await world.repo.money.earningsOf(approvedId)).toMatchObject({ status: 'upcoming' });
    // Tours of weeks ago were paid out long since: nothing of them is due to the payout job again.
    const history = await world.repo.bookings.get(seeded.bookingIds[0]!);
    expect(history!.date < addDays(todayInTokyo(now), -9)).toBe(true);
    expect(await world.repo.money.earningsOf(seeded.bookingIds[0]!)).toMatchObject({ status: 'paid' });
  });

  it('refuses a second seed with the same tag (its host exists) with a 409, not a 500', async () => {
    const res = await call<ErrorBody>(world, 'POST', '/api/local-seed/bulk', { experiences: 1, tag: TAG });
    expect(res.status).toBe(409);
  });

  it.each([
    ['no tag', { experiences: 1 }, 'tag'],
    ['a tag that cannot name an e-mail', { experiences: 1, tag: 'Not A Tag!' }, 'tag'],
    ['a negative count', { experiences: -1, tag: 'bad-1' }, 'experiences'],
    ['more than the maximum', { experiences: 50_001, tag: 'bad-2' }, 'experiences'],
    [
      'fromDay after toDay',
      { experiences: 1, approvedBookings: { count: 1, fromDay: 5, toDay: 2 }, tag: 'bad-3' },
      'approvedBookings.fromDay',
    ],
    [
      'completed tours in the future',
      { experiences: 1, completedBookings: { count: 1, fromDay: -3, toDay: 2 }, tag: 'bad-4' },
      'completedBookings.toDay',
    ],
    [
      'bookings without experiences',
      { approvedBookings: { count: 1, fromDay: 1, toDay: 1 }, tag: 'bad-5' },
      'experiences',
    ],
    ['a count that is not a number', { experiences: 'many', tag: 'bad-6' }, 'experiences'],
    ['an unknown field', { experiences: 1, hosts: 3, tag: 'bad-7' }, null],
  ])('answers 400 with a message for %s', async (_, body, field) => {
    const res = await call<ErrorBody>(world, 'POST', '/api/local-seed/bulk', body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toEqual(expect.any(String));
    if (field) expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call<ErrorBody>(world, 'POST', '/api/local-seed/bulk', '{not json');
    expect(res.status).toBe(400);
  });
});
