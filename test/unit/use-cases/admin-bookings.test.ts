import type { DomainError } from '../../../functions/domain/errors';
import type { Booking } from '../../../functions/domain/entities';
import { adminBookingsQuery } from '../../../functions/domain/schemas/admin';
import {
  EXPORT_MAX_ROWS,
  TEXT_SEARCH_MAX_READ,
  makeAdminBookings,
} from '../../../functions/use-cases/back-office/admin-bookings';
import { makeBookingDecisions } from '../../../functions/use-cases/back-office/booking-decisions';
import { createGuestHarness, type GuestHarness } from '../../support/fakes/guest-harness';
import { NOW, makeBooking, makeExperience, makeHost } from '../../support/fakes/fixtures';

let h: GuestHarness;
let admin: ReturnType<typeof makeAdminBookings>;

beforeEach(async () => {
  h = createGuestHarness();
  const decisions = makeBookingDecisions({ ...h.repos, ...h, notifications: h.notifications });
  admin = makeAdminBookings({ ...h.repos, decisions, clock: h.clock });
  await h.repos.hosts.create(
    makeHost({ id: 'setouchi', email: 's@example.com', businessName: 'Setouchi Guides' }),
  );
  await h.repos.hosts.create(
    makeHost({ id: 'uchiko', email: 'u@example.com', businessName: 'Uchiko Workshop' }),
  );
  await h.repos.experiences.create(
    makeExperience({ id: 'exp-1', hostId: 'setouchi', title: 'Dogo walk' }),
    [],
  );
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

let minute = 0;
/** A request received one minute after the previous one. */
function seed(overrides: Partial<Booking> = {}): Booking {
  const createdAt = new Date(NOW.getTime() + ++minute * 60_000).toISOString();
  const booking = makeBooking({
    status: 'pending',
    reference: `R${String(minute).padStart(5, '0')}`,
    hostId: 'setouchi',
    experienceId: 'exp-1',
    createdAt,
    ...overrides,
  });
  h.repos.bookings.seed(booking);
  return booking;
}

const list = (query: Record<string, string>) => admin.list(adminBookingsQuery.parse(query));

describe('the admin booking list', () => {
  it('shows requests newest first with their host, never a bare hold, filtered by status', async () => {
    const older = seed({ status: 'approved' });
    const newer = seed({ hostId: 'uchiko' });
    seed({ status: 'awaiting_payment' });
    const all = await list({});
    expect(all.items.map((b) => b.id)).toEqual([newer.id, older.id]);
    expect(all.items[0]?.host).toEqual({
      id: 'uchiko',
      businessName: 'Uchiko Workshop',
      email: 'u@example.com',
      suspended: false,
    });
    expect((await list({ status: 'approved' })).items.map((b) => b.id)).toEqual([older.id]);
    expect((await list({ status: 'awaiting_payment' })).items).toEqual([]);
  });

  it('finds a booking by its reference, in any case, within the status filter', async () => {
    seed();
    const target = seed({ reference: 'QX7Z2K', status: 'denied' });
    const page = await list({ q: 'qx7z2k' });
    expect(page).toMatchObject({ search: 'reference', items: [{ id: target.id }] });
    expect(page.cursor).toBeUndefined();
    expect((await list({ q: 'QX7Z2K', status: 'pending' })).items).toEqual([]);
  });

  it('does not find a hold by its reference', async () => {
    seed({ reference: 'HOLD01', status: 'awaiting_payment' });
    expect((await list({ q: 'HOLD01' })).items).toEqual([]);
  });

  it('searches six letters that are no reference as text', async () => {
    const tanaka = seed({ lastName: 'Tanaka' });
    seed({ lastName: 'Suzuki' });
    expect(await list({ q: 'TANAKA' })).toMatchObject({ search: 'text', items: [{ id: tanaka.id }] });
  });

  it("finds a guest's bookings by e-mail address, case-insensitively, with the status filter", async () => {
    const first = seed({ email: 'Emma@Example.com' });
    const second = seed({ email: 'emma@example.com', status: 'approved' });
    seed({ email: 'other@example.com' });
    expect((await list({ q: 'EMMA@example.com' })).items.map((b) => b.id)).toEqual([second.id, first.id]);
    expect((await list({ q: 'emma@example.com', status: 'approved' })).items.map((b) => b.id)).toEqual([
      second.id,
    ]);
  });

  it("matches text against the host's current business name, page after page", async () => {
    const ids = [seed().id, seed().id, seed().id];
    seed({ hostId: 'uchiko' });
    const first = await list({ q: 'setouchi', limit: '2' });
    expect(first.items.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.cursor).toBeDefined();
    const second = await list({ q: 'setouchi', limit: '2', cursor: first.cursor! });
    expect(second.items.map((b) => b.id)).toEqual([ids[0]]);
    expect(second.cursor).toBeUndefined();
  });

  it('reads a bounded number of bookings per text search and goes on from there with the cursor', async () => {
    const oldest = seed({ lastName: 'Needle' });
    for (let i = 0; i < TEXT_SEARCH_MAX_READ + 200; i++) seed();
    const first = await list({ q: 'needle' });
    expect(first).toMatchObject({ items: [], scanned: TEXT_SEARCH_MAX_READ, search: 'text' });
    expect(first.cursor).toBeDefined();
    const second = await list({ q: 'needle', cursor: first.cursor! });
    expect(second.items.map((b) => b.id)).toEqual([oldest.id]);
    expect(second.scanned).toBe(201);
    expect(second.cursor).toBeUndefined();
  });
});

describe('booking detail', () => {
  it('shows the booking with its experience as it is now and its host', async () => {
    const booking = seed();
    const view = await admin.get(booking.id);
    expect(view).toMatchObject({
      id: booking.id,
      experience: { id: 'exp-1', title: 'Dogo walk', publicationStatus: 'public' },
      host: { id: 'setouchi', businessName: 'Setouchi Guides' },
    });
    await h.repos.experiences.delete('exp-1');
    expect((await admin.get(booking.id)).experience).toBeNull();
  });

  it('answers the specification message for an unknown id and for a hold', async () => {
    const hold = seed({ status: 'awaiting_payment' });
    for (const id of ['nope', hold.id]) {
      expect(await rejection(admin.get(id))).toMatchObject({
        code: 'not_found',
        message: '予約が見つかりませんでした。',
      });
    }
  });
});

describe('deciding on behalf of a host', () => {
  it('denies a pending request with the reason, recorded as decided by the admin', async () => {
    const booking = seed();
    const view = await admin.deny(booking.id, '  Host unreachable  ', 'admin-1');
    expect(view).toMatchObject({
      status: 'denied',
      deniedMessage: 'Host unreachable',
      decidedBy: { role: 'admin', userId: 'admin-1' },
    });
    expect((await rejection(admin.deny(booking.id, 'again', 'admin-1'))).code).toBe('state_conflict');
  });
});

describe('CSV export', () => {
  it('holds every booking of the filter and search, across pages', async () => {
    for (let i = 0; i < 230; i++) seed({ lastName: i % 2 === 0 ? 'Even' : 'Odd' });
    const { csv, rows, fileName } = await admin.exportCsv({ q: 'even' });
    expect(rows).toBe(115);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(116);
    expect(fileName).toMatch(/^bookings-\d{8}-\d{4}\.csv$/);
  });

  it('refuses more rows than one file may hold, asking to narrow the filter', async () => {
    for (let i = 0; i <= EXPORT_MAX_ROWS; i++) seed();
    const error = await rejection(admin.exportCsv({}));
    expect(error).toMatchObject({
      code: 'validation_failed',
      message: 'CSVに出力できるのは10,000件までです。ステータスや検索語で絞り込んでください。',
    });
    expect((await admin.exportCsv({ status: 'approved' })).rows).toBe(0);
  });
});
