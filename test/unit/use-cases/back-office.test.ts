/**
 * The host back-office use cases over in-memory repositories, the local payment gateway and recording fakes:
 * images published and deleted at the right moments, approve/deny with capture and release in the right order,
 * the availability editor's limits, the dashboard and the host reminder.
 */
import { DomainError } from '../../../functions/domain/errors';
import type { BookingActor, Experience } from '../../../functions/domain/entities';
import {
  makeHostUseCases,
  type HostUseCaseDeps,
} from '../../../functions/use-cases/back-office/host-use-cases';
import type { GuestPageChange } from '../../../functions/use-cases/refresh-guest-pages';
import type { ImageStore } from '../../../functions/use-cases/ports';
import { BOOKABLE_DATE, BOOKABLE_TIME, makeExperience, makeHost, nextId } from '../../support/fakes/fixtures';
import { createGuestHarness, GOOD_CARD, type GuestHarness } from '../../support/fakes/guest-harness';

/** An image store that publishes any key of the host's own prefix and remembers what it published and deleted. */
class FakeImageStore implements ImageStore {
  readonly published: string[] = [];
  readonly removed: string[] = [];
  readonly refuse = new Set<string>();
  async createUpload(input: { hostId: string; purpose: string }) {
    return { key: `uploads/${input.hostId}/${nextId('upload')}`, url: 'https://upload.example', fields: {} };
  }
  async publish(input: { hostId: string; key: string }): Promise<string> {
    if (this.refuse.has(input.key)) {
      throw new DomainError('validation_failed', 'アップロードしたファイルの検証に失敗しました');
    }
    const url = `/images/p/${input.key.split('/').at(-1)}.webp`;
    this.published.push(url);
    return url;
  }
  async remove(urls: string[]): Promise<void> {
    this.removed.push(...urls);
  }
  async copy(url: string): Promise<string> {
    return url.startsWith('/images/p/') ? `/images/p/${nextId('copy')}.webp` : url;
  }
}

const HOST = makeHost({ id: 'host-1', email: 'host@example.com' });
const OTHER = makeHost({ id: 'host-2', email: 'other@example.com' });
const asHost: BookingActor = { role: 'host', userId: HOST.id };

let guest: GuestHarness;
let images: FakeImageStore;
let host: ReturnType<typeof makeHostUseCases>;
let hostDeps: HostUseCaseDeps;

beforeEach(async () => {
  guest = createGuestHarness();
  images = new FakeImageStore();
  hostDeps = {
    ...guest.repos,
    counters: {
      read: async () => 0,
      adminDashboard: async () => ({ totalBookings: 0, bookingsThisMonth: 0, totalHosts: 0 }),
      hostDashboard: async () => ({ totalBookings: 7, bookingsThisMonth: 3 }),
    },
    images,
    payments: guest.payments,
    notifications: guest.notifications,
    logger: guest.logger,
    rateLimiter: guest.rateLimiter,
    clock: guest.clock,
    baseUrl: 'https://ehime.example.jp',
    newId: () => nextId('exp'),
  } as HostUseCaseDeps;
  host = makeHostUseCases(hostDeps);
  await guest.repos.hosts.create(HOST);
  await guest.repos.hosts.create(OTHER);
  await guest.repos.categories.put({ id: 'cat-nature', name: 'Nature', isActive: true });
});

async function stored(overrides: Partial<Experience> = {}): Promise<Experience> {
  const experience = makeExperience({ hostId: HOST.id, ...overrides });
  await guest.repos.experiences.create(experience, []);
  return experience;
}

/** A guest's authorised request for the experience: `pending`, its card authorised. */
async function request(experience: Experience, time = BOOKABLE_TIME) {
  const created = await guest.createBooking({
    experienceId: experience.id,
    date: BOOKABLE_DATE,
    time,
    guests: 2,
    language: 'en',
    guestLocale: 'en',
    guest: {
      firstName: 'Emma',
      lastName: 'Stone',
      email: 'emma@example.com',
      phone: '+44 20 7946 0000',
      nationality: 'United Kingdom',
      specialRequests: null,
    },
  });
  const intentId = created.payment.clientSecret.split('_secret_')[0]!;
  await guest.payments.confirmWithTestCard(intentId, GOOD_CARD);
  await guest.confirmPayment(created.bookingId);
  guest.mailer.sent.length = 0;
  return (await guest.repos.bookings.get(created.bookingId))!;
}

const formOf = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sunset kayak',
  price: 9000,
  postalCode: '790-0001',
  prefecture: 'Ehime',
  city: 'Matsuyama',
  district: 'Ichibancho',
  streetAddress: '1-1',
  participantsMin: 1,
  participantsMax: 3,
  mainImages: [],
  categoryIds: ['cat-nature'],
  ...overrides,
});

describe('a host under review (DESIGN §4d)', () => {
  beforeEach(async () => {
    await guest.repos.hosts.update({ ...HOST, reviewStatus: 'underReview' });
  });

  it('prepares a private experience but cannot publish one, new or existing, until approved', async () => {
    const draft = await host.experiences.create(HOST.id, formOf());
    expect(draft.publicationStatus).toBe('private');
    const refused = await host.experiences
      .create(HOST.id, formOf({ publicationStatus: 'public' }))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'host_under_review', message: expect.stringContaining('審査中') });
    const ready = await stored({ publicationStatus: 'private' });
    const edit = await host.experiences
      .update(HOST.id, ready.id, { expectedUpdatedAt: ready.updatedAt, publicationStatus: 'public' })
      .catch((e: unknown) => e);
    expect(edit).toMatchObject({ code: 'host_under_review' });
    expect((await guest.repos.experiences.get(ready.id))?.publicationStatus).toBe('private');

    await guest.repos.hosts.update({ ...HOST, reviewStatus: 'approved' });
    const published = await host.experiences.update(HOST.id, ready.id, {
      expectedUpdatedAt: ready.updatedAt,
      publicationStatus: 'public',
    });
    expect(published.publicationStatus).toBe('public');
  });

  it('names its review status on the account; a host stored without one is approved', async () => {
    expect((await host.account.requireHost(HOST.id)).reviewStatus).toBe('underReview');
    expect((await host.account.requireHost(OTHER.id)).reviewStatus).toBe('approved');
  });
});

describe('experiences and their images', () => {
  it('publishes the uploads a new experience names, in their order', async () => {
    const created = await host.experiences.create(
      HOST.id,
      formOf({
        mainImages: [`uploads/${HOST.id}/a`, `uploads/${HOST.id}/b`],
        detailImage1: `uploads/${HOST.id}/c`,
      }),
    );
    expect(created.mainImages).toEqual(['/images/p/a.webp', '/images/p/b.webp']);
    expect(created.detailImage1).toBe('/images/p/c.webp');
    expect(created.categoryIds).toEqual(['cat-nature']);
  });

  it("refuses another host's upload on its field and publishes nothing", async () => {
    const error = await host.experiences
      .create(HOST.id, formOf({ mainImages: [`uploads/${HOST.id}/a`, `uploads/${OTHER.id}/x`] }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'validation_failed',
      fields: { 'mainImages.1': expect.any(String) },
    });
    expect(images.published).toEqual([]);
  });

  it('deletes what it published when one image of the save is refused', async () => {
    images.refuse.add(`uploads/${HOST.id}/bad`);
    const keys = ['a', 'b', 'c', 'bad'].map((k) => `uploads/${HOST.id}/${k}`);
    const error = await host.experiences
      .create(HOST.id, formOf({ mainImages: keys }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'validation_failed',
      fields: { 'mainImages.3': expect.any(String) },
    });
    expect(images.removed.sort()).toEqual(images.published.sort());
    expect(await guest.repos.experiences.listByHost(HOST.id)).toEqual({ items: [] });
  });

  it('keeps the images it shows, adds new uploads and deletes removed images only after the save', async () => {
    const experience = await stored({ mainImages: ['/images/p/old-1.webp', '/images/p/old-2.webp'] });
    const saved = await host.experiences.update(HOST.id, experience.id, {
      expectedUpdatedAt: experience.updatedAt,
      mainImages: [`uploads/${HOST.id}/new`, '/images/p/old-2.webp'],
    });
    expect(saved.mainImages).toEqual(['/images/p/new.webp', '/images/p/old-2.webp']);
    expect(images.removed).toEqual(['/images/p/old-1.webp']);
  });

  it('announces whether an edit changed what its card shows: home, the list and the sitemap re-render only then (issue 33)', async () => {
    const announced: GuestPageChange[] = [];
    const withPages = makeHostUseCases({
      ...hostDeps,
      pageEvents: { changed: async (change: GuestPageChange) => void announced.push(change) },
    } as HostUseCaseDeps);
    let experience = await stored();
    experience = await withPages.experiences.update(HOST.id, experience.id, {
      expectedUpdatedAt: experience.updatedAt,
      detailText1: 'A longer story of the brewery',
    });
    experience = await withPages.experiences.update(HOST.id, experience.id, {
      expectedUpdatedAt: experience.updatedAt,
      price: experience.price + 500,
    });
    expect(announced).toEqual([
      { kind: 'experience', experienceId: experience.id, cardChanged: false },
      { kind: 'experience', experienceId: experience.id, cardChanged: true },
    ]);
  });

  it('refuses a stale edit before publishing anything', async () => {
    const experience = await stored();
    const error = await host.experiences
      .update(HOST.id, experience.id, {
        expectedUpdatedAt: '2020-01-01T00:00:00.000Z',
        mainImages: [`uploads/${HOST.id}/new`],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'stale' });
    expect(images.published).toEqual([]);
  });

  it("answers another host's experience as not found", async () => {
    const experience = await stored();
    await expect(host.experiences.get(OTHER.id, experience.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.experiences.delete(OTHER.id, experience.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses to delete while a request waits, and deletes images and future slots once it is decided', async () => {
    const experience = await stored({ mainImages: ['/images/p/x.webp'] });
    const booking = await request(experience);
    await expect(host.experiences.delete(HOST.id, experience.id)).rejects.toMatchObject({
      code: 'state_conflict',
    });
    await host.decisions.deny(booking.id, 'Closed', asHost);
    await guest.repos.slots.setOverride(experience.id, BOOKABLE_DATE, '12:00', { blocked: true });
    await host.experiences.delete(HOST.id, experience.id);
    expect(await guest.repos.experiences.get(experience.id)).toBeNull();
    expect(await guest.repos.slots.listStates(experience.id, '2000-01-01', '2100-01-01')).toEqual([]);
    expect(images.removed).toEqual(['/images/p/x.webp']);
    expect((await guest.repos.bookings.get(booking.id))?.experienceTitle).toBe(experience.title);
  });
});

describe('approve and deny', () => {
  it('captures, then approves, recording who decided, and mails the guest once', async () => {
    const booking = await request(await stored());
    const approved = await host.decisions.approve(booking.id, asHost);
    expect(approved).toMatchObject({ status: 'approved', deadline: null, decidedBy: asHost });
    expect((await guest.payments.retrieve(booking.paymentIntentId!)).status).toBe('succeeded');
    expect(guest.mailer.to('emma@example.com')).toHaveLength(1);
  });

  it('leaves the request pending when the capture fails', async () => {
    const booking = await request(await stored());
    const capture = vi
      .spyOn(guest.payments, 'capture')
      .mockRejectedValueOnce(new DomainError('payment_failed', 'boom'));
    const error = await host.decisions.approve(booking.id, asHost).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'payment_failed', message: '決済の確定に失敗しました。' });
    expect((await guest.repos.bookings.get(booking.id))?.status).toBe('pending');
    expect(guest.mailer.sent).toEqual([]);
    capture.mockRestore();
  });

  it('answers 409 when the authorisation is gone (the expiry job cancelled it first)', async () => {
    const booking = await request(await stored());
    await guest.payments.cancel(booking.paymentIntentId!, { bookingId: booking.id });
    await expect(host.decisions.approve(booking.id, asHost)).rejects.toMatchObject({
      code: 'state_conflict',
    });
  });

  it('denies first, then releases the card and the slot, and tells the guest why', async () => {
    const experience = await stored();
    const booking = await request(experience);
    const denied = await host.decisions.deny(booking.id, '  Typhoon warning  ', asHost);
    expect(denied).toMatchObject({ status: 'denied', deniedMessage: 'Typhoon warning', decidedBy: asHost });
    expect(guest.repos.slots.booked(experience.id, BOOKABLE_DATE, BOOKABLE_TIME)).toBe(0);
    expect((await guest.payments.retrieve(booking.paymentIntentId!)).status).toBe('canceled');
    const [mail] = guest.mailer.to('emma@example.com');
    expect(mail?.text).toContain('Typhoon warning');
  });

  it('lets an admin decide any request and a host only their own; a bare hold is no request', async () => {
    const booking = await request(await stored());
    await expect(
      host.decisions.approve(booking.id, { role: 'host', userId: OTHER.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    const admin: BookingActor = { role: 'admin', userId: 'admin-1' };
    expect((await host.decisions.approve(booking.id, admin)).decidedBy).toEqual(admin);
    await expect(host.decisions.deny(booking.id, 'x', asHost)).rejects.toMatchObject({
      code: 'state_conflict',
    });

    const hold = await guest.createBooking({
      experienceId: (await stored()).id,
      date: BOOKABLE_DATE,
      time: '11:00',
      guests: 1,
      language: 'en',
      guestLocale: 'en',
      guest: {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        phone: '+81 90 1234 5678',
        nationality: 'Japan',
        specialRequests: null,
      },
    });
    await expect(host.decisions.approve(hold.bookingId, asHost)).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.bookings.get(HOST.id, hold.bookingId)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('availability editor', () => {
  it('never sets a capacity below what is booked, and only on an hour the rule has', async () => {
    const experience = await stored();
    await request(experience);
    await expect(
      host.slots.set(HOST.id, experience.id, { date: BOOKABLE_DATE, time: BOOKABLE_TIME, capacity: 0 }),
    ).rejects.toMatchObject({ code: 'state_conflict' });
    await expect(
      host.slots.set(HOST.id, experience.id, { date: BOOKABLE_DATE, time: '20:00', blocked: true }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    const view = await host.slots.set(HOST.id, experience.id, {
      date: BOOKABLE_DATE,
      time: '12:00',
      capacity: 3,
    });
    expect(view.days[BOOKABLE_DATE]?.find((s) => s.time === '12:00')).toEqual({
      time: '12:00',
      end: '13:00',
      capacity: 3,
      booked: 0,
      inUse: 0,
      blocked: false,
    });
  });

  it('refuses a start capacity under what overlapping tours hold, a rule capacity too, naming when', async () => {
    const experience = await stored({
      durationMinutes: 180,
      availability: { ...makeExperience().availability, capacity: 2 },
    });
    await request(experience, '10:00');
    await request(experience, '11:00');
    // 11:00 sees both tours between 11:00 and 13:00.
    await expect(
      host.slots.set(HOST.id, experience.id, { date: BOOKABLE_DATE, time: '11:00', capacity: 1 }),
    ).rejects.toMatchObject({ code: 'state_conflict' });
    // 14:00 (until 17:00) overlaps neither: its capacity may go to 1.
    await host.slots.set(HOST.id, experience.id, { date: BOOKABLE_DATE, time: '14:00', capacity: 1 });
    const current = await host.experiences.get(HOST.id, experience.id);
    await expect(
      host.experiences.update(HOST.id, experience.id, {
        expectedUpdatedAt: current.updatedAt,
        availability: { ...current.availability, capacity: 1 },
      }),
    ).rejects.toMatchObject({
      code: 'state_conflict',
      fields: { 'availability.capacity': expect.stringMatching(/11:00 には既に2組の予約が重なっている/) },
    });
  });

  it('closes every day of a range whole, and refuses ranges longer than three months', async () => {
    const experience = await stored();
    const view = await host.slots.set(HOST.id, experience.id, {
      date: '2025-06-10',
      toDate: '2025-06-12',
      blocked: true,
    });
    expect(Object.keys(view.days)).toEqual(['2025-06-10', '2025-06-11', '2025-06-12']);
    expect(
      Object.values(view.days)
        .flat()
        .every((s) => s.blocked),
    ).toBe(true);
    const days = await guest.repos.slots.listTourDays(experience.id, '2025-06-10', '2025-06-12');
    expect(days.map((d) => [d.date, d.closed])).toEqual([
      ['2025-06-10', true],
      ['2025-06-11', true],
      ['2025-06-12', true],
    ]);
    // Reopening one start of a closed day opens that start alone.
    const reopened = await host.slots.set(HOST.id, experience.id, {
      date: '2025-06-11',
      time: '10:00',
      blocked: false,
    });
    expect(reopened.days['2025-06-11']?.filter((s) => !s.blocked).map((s) => s.time)).toEqual(['10:00']);
    await expect(host.slots.list(HOST.id, experience.id, '2025-01-01', '2025-12-31')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('dashboard and reminders', () => {
  it('counts pending and upcoming requests and names the nearest deadline', async () => {
    const experience = await stored();
    const first = await request(experience, '10:00');
    guest.advanceMinutes(60);
    const second = await request(experience, '11:00');
    await host.decisions.approve(second.id, asHost);
    const dashboard = await host.bookings.dashboard(HOST);
    expect(dashboard).toMatchObject({
      email: HOST.email,
      counts: { thisMonth: 3, pending: 1, upcoming: 1 },
      nearestDeadline: { bookingId: first.id, reference: first.reference, deadline: first.deadline },
    });
    expect(dashboard.latestBookings.map((b) => b.id)).toEqual([second.id, first.id]);
  });

  it('reminds the host once, only in the last 12 hours before the deadline', async () => {
    const booking = await request(await stored());
    expect(await guest.remindHosts()).toEqual({ reminded: 0 });
    guest.advanceMinutes(36 * 60 + 1);
    expect(await guest.remindHosts()).toEqual({ reminded: 1 });
    expect(await guest.remindHosts()).toEqual({ reminded: 0 });
    const mails = guest.mailer.to(HOST.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(booking.reference);
  });

  it('does not remind a suspended host, who cannot answer (an admin does)', async () => {
    await request(await stored());
    await guest.repos.hosts.suspend(HOST.id, {
      suspendedAt: guest.clock().toISOString(),
      suspendedBy: 'admin-1',
      reason: null,
    });
    guest.advanceMinutes(36 * 60 + 1);
    expect(await guest.remindHosts()).toEqual({ reminded: 0 });
    expect(guest.mailer.to(HOST.email)).toEqual([]);
  });
});

describe('the account', () => {
  it('refuses an account without a host profile, and keeps unsent profile fields', async () => {
    await expect(host.account.requireHost('nobody')).rejects.toMatchObject({ code: 'not_a_host' });
    const saved = await host.account.updateProfile(HOST.id, { introduction: 'Hello' });
    expect(saved).toMatchObject({
      introduction: 'Hello',
      businessName: HOST.businessName,
      email: HOST.email,
    });
  });

  it('points the profile at the new avatar first, then deletes the older one', async () => {
    await guest.repos.hosts.update({ ...HOST, avatarUrl: '/images/p/old.webp' });
    const saved = await host.account.setAvatar(HOST.id, `uploads/${HOST.id}/face`);
    expect(saved.avatarUrl).toBe('/images/p/face.webp');
    expect(images.removed).toEqual(['/images/p/old.webp']);
  });
});
