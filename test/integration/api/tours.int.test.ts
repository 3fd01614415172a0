/**
 * Tours as they are run, over real HTTP through the local stack (issue 30, DESIGN §4j, §6 wave-4 lines): the host
 * API takes `durationMinutes`, `startTimes` and `bufferMinutes` and refuses bad ones with a clear 400 in Japanese;
 * the guest API carries the length on cards and the experience and offers only starts whose tour ends by closing;
 * overlapping bookings stop at the capacity (20 concurrent requests for overlapping starts: exactly the capacity
 * succeed, the rest 409, never a 5xx); a capacity under what overlapping bookings use is a 409; a policy note
 * contradicting the rule is a 400; the approved mail's `.ics` ends at start + duration.
 */
import type { HostExperienceView } from '../../../functions/domain/back-office-views';
import { tokyoDateTimeToInstant } from '../../../functions/domain/calendar';
import type { ExperienceCard } from '../../../functions/domain/entities';
import type { HostSlotsView } from '../../../functions/domain/schemas/host-api';
import { CATEGORY_IDS } from '../../../scripts/seed/categories';
import { DEMO_ADMIN, DEMO_HOST } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  bookingBody,
  call,
  callFrom,
  createHostExperience,
  freeSlots,
  icsOf,
  icsUtc,
  outbox,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
let hostToken: string;
let adminToken: string;

beforeAll(async () => {
  world = await startApiWorld('api-tours-');
  hostToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});

const asHost = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(hostToken));

/** A day tour as the host's form sends it: 8 hours from 08:00, once a day, every day. */
function dayTourForm(overrides: Record<string, unknown> = {}) {
  return {
    title: `Island-hopping day ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Seventy kilometres of bridges and islands, lunch in Setoda.',
    price: '15000',
    mainImages: [],
    movie: null,
    detailHeading1: null,
    detailText1: null,
    detailHeading2: null,
    detailText2: null,
    postalCode: '794-2203',
    prefecture: '愛媛県',
    city: '今治市',
    district: '伯方町',
    streetAddress: '1-1',
    building: '',
    mapLat: 34.23,
    mapLng: 133.05,
    cancellationPolicy: null,
    thingsToKnowPrice: null,
    thingsToKnowItinerary: null,
    thingsToKnowClothes: null,
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public',
    durationMinutes: 480,
    availability: {
      defaultHours: { start: '08:00', end: '17:00' },
      allDay: false,
      regularHolidays: [],
      closedOnNationalHolidays: false,
      capacity: 1,
      startTimes: ['08:00'],
    },
    categoryIds: [CATEGORY_IDS.nature],
    ...overrides,
  };
}

const availabilityOf = async (experienceId: string) =>
  (
    await call<{ dates: Record<string, string[]> }>(
      world,
      'GET',
      `/api/experiences/${experienceId}/availability?from=2000-01-01&to=2100-12-31`,
    )
  ).body.dates;

/** The free starts of one date. */
const freeOn = async (experienceId: string, date: string) => (await availabilityOf(experienceId))[date] ?? [];

describe('the length and start times of a tour', () => {
  let tour: HostExperienceView;

  it('the host sets an 8-hour day tour with one start at 08:00; guests see its length and only that start', async () => {
    tour = await createHostExperience<HostExperienceView>(world, hostToken, dayTourForm());
    expect(tour.durationMinutes).toBe(480);
    expect(tour.availability.startTimes).toEqual(['08:00']);

    const detail = await call<{ durationMinutes: number }>(world, 'GET', `/api/experiences/${tour.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.durationMinutes).toBe(480);
    const cards = await call<{ items: ExperienceCard[] }>(world, 'GET', '/api/experiences?limit=100');
    expect(cards.body.items.find((c) => c.id === tour.id)?.durationMinutes).toBe(480);

    const dates = await availabilityOf(tour.id);
    expect(Object.keys(dates).length).toBeGreaterThan(50);
    expect(Object.values(dates).every((times) => times.length === 1 && times[0] === '08:00')).toBe(true);
  });

  it('hourly starts end by closing: a 3-hour tour open 09:00–17:00 starts 09:00 to 14:00', async () => {
    const experience = await addExperience(world, { durationMinutes: 180 });
    const [date, times] = Object.entries(await availabilityOf(experience.id))[0]!;
    expect(times).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);
    // A start the rule does not offer for this length is refused like a full one.
    const late = await call<ErrorBody>(
      world,
      'POST',
      '/api/bookings',
      bookingBody(experience.id, { date, time: '15:00' }),
    );
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('slot_unavailable');
  });

  it('experiences stored before tours had a length read as 60 minutes', async () => {
    const experience = await addExperience(world);
    const { durationMinutes: _dropped, ...legacy } = experience;
    await world.repo.experiences.update(legacy as typeof experience);
    const detail = await call<{ durationMinutes: number }>(world, 'GET', `/api/experiences/${experience.id}`);
    expect(detail.body.durationMinutes).toBe(60);
    const [, times] = Object.entries(await availabilityOf(experience.id))[0]!;
    expect(times).toHaveLength(8);
  });

  it.each([
    ['a duration of 0', { durationMinutes: 0 }, 'durationMinutes'],
    ['a duration of 7', { durationMinutes: 7 }, 'durationMinutes'],
    ['a duration of 1441', { durationMinutes: 1441 }, 'durationMinutes'],
    ['a duration that is text', { durationMinutes: 'eight hours' }, 'durationMinutes'],
    [
      'a start not on a quarter hour',
      { availability: { ...dayTourForm().availability, startTimes: ['08:10'] } },
      'availability.startTimes.0',
    ],
    [
      'a start outside the opening hours',
      { durationMinutes: 60, availability: { ...dayTourForm().availability, startTimes: ['06:00'] } },
      'availability.startTimes.0',
    ],
    [
      'a start whose tour would end after closing',
      { availability: { ...dayTourForm().availability, startTimes: ['08:00', '10:00'] } },
      'availability.startTimes.1',
    ],
    [
      'a buffer over 240',
      { availability: { ...dayTourForm().availability, bufferMinutes: 255 } },
      'availability.bufferMinutes',
    ],
    [
      'hours too short for the tour',
      { durationMinutes: 600, availability: { ...dayTourForm().availability, startTimes: [] } },
      'durationMinutes',
    ],
  ])('refuses %s with a 400 naming the field in Japanese', async (_label, change, field) => {
    const res = await asHost<ErrorBody>('POST', '/api/host/experiences', dayTourForm(change));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const message = res.body.error.fields?.[field];
    expect(message, JSON.stringify(res.body.error.fields)).toMatch(/[぀-ヿ一-鿿]/);
  });

  it('a policy note that states what the rule does not give is a 400 naming the conflict; one that agrees is saved', async () => {
    const rule = [{ daysBefore: 3, refundPercentage: 50 }];
    const refused = await asHost<ErrorBody>(
      'POST',
      '/api/host/experiences',
      dayTourForm({
        refundRule: rule,
        cancellationPolicy: '7日前まで全額返金。雨天時は前日にご連絡します。',
      }),
    );
    expect(refused.status).toBe(400);
    const message = refused.body.error.fields?.cancellationPolicy ?? '';
    expect(message).toContain('「7日前」');
    expect(message).toContain('「全額」');
    const saved = await asHost<HostExperienceView>(
      'POST',
      '/api/host/experiences',
      dayTourForm({
        publicationStatus: 'private',
        refundRule: rule,
        cancellationPolicy: '3日前まで50%返金。雨天時は前日にご連絡します。',
      }),
    );
    expect(saved.status).toBe(201);
  });
});

describe('one guide in one place', () => {
  it('a booked tour closes every start that would overlap it, buffer included, and frees them when it goes', async () => {
    const experience = await addExperience(world, {
      durationMinutes: 180,
      availability: {
        defaultHours: { start: '09:00', end: '17:00' },
        allDay: false,
        regularHolidays: [],
        capacity: 1,
        bufferMinutes: 60,
      },
    });
    const date = Object.keys(await availabilityOf(experience.id))[0]!;
    // The tour ends by closing; the guide's buffer may run past it.
    const all = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    expect(await freeOn(experience.id, date)).toEqual(all);
    const { created } = await pendingBooking(world, experience.id, { date, time: '10:00' });
    // 10:00–13:00 and the guide's hour after it: every start before 14:00 would overlap that.
    expect(await freeOn(experience.id, date)).toEqual(['14:00']);
    const overlapping = await call<ErrorBody>(
      world,
      'POST',
      '/api/bookings',
      bookingBody(experience.id, { date, time: '12:00' }),
    );
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error.code).toBe('slot_unavailable');

    const denied = await call(
      world,
      'POST',
      `/api/admin/bookings/${created.bookingId}/deny`,
      { reason: 'The guide is ill' },
      bearer(adminToken),
    );
    expect(denied.status).toBe(200);
    expect(await freeOn(experience.id, date)).toEqual(all);
  });

  it('20 concurrent requests for overlapping starts: exactly the capacity succeed, the rest 409, never a 5xx', async () => {
    const experience = await addExperience(world, {
      durationMinutes: 240,
      availability: {
        defaultHours: { start: '08:00', end: '18:00' },
        allDay: false,
        regularHolidays: [],
        capacity: 2,
      },
    });
    const date = Object.keys(await availabilityOf(experience.id))[0]!;
    // Every start from 08:00 to 11:00 covers 11:00–12:00.
    const starts = ['08:00', '09:00', '10:00', '11:00'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callFrom(
          `127.0.0.${(i % 8) + 2}`,
          world,
          'POST',
          '/api/bookings',
          bookingBody(experience.id, { date, time: starts[i % starts.length]! }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    const [day] = await world.repo.slots.listTourDays(experience.id, date, date);
    expect(day?.held['11:00']).toBe(2);
    expect(Math.max(...Object.values(day!.held))).toBe(2);
  });
});

describe('the host changes the capacity and the starts', () => {
  let experience: HostExperienceView;
  let date: string;

  beforeAll(async () => {
    experience = await createHostExperience<HostExperienceView>(
      world,
      hostToken,
      dayTourForm({
        durationMinutes: 120,
        availability: {
          defaultHours: { start: '09:00', end: '17:00' },
          allDay: false,
          regularHolidays: [],
          closedOnNationalHolidays: false,
          capacity: 2,
        },
      }),
    );
    date = Object.keys(await availabilityOf(experience.id))[0]!;
    // Two tours at once: 10:00–12:00 and 11:00–13:00.
    await pendingBooking(world, experience.id, { date, time: '10:00' });
    await pendingBooking(world, experience.id, { date, time: '11:00' });
  });

  it('shows each start as the span a tour occupies, with how many tours hold its busiest moment', async () => {
    const res = await asHost<HostSlotsView>(
      'GET',
      `/api/host/experiences/${experience.id}/slots?from=${date}&to=${date}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.durationMinutes).toBe(120);
    const day = res.body.days[date]!;
    expect(day.map((s) => `${s.time}–${s.end}`)).toEqual([
      '09:00–11:00',
      '10:00–12:00',
      '11:00–13:00',
      '12:00–14:00',
      '13:00–15:00',
      '14:00–16:00',
      '15:00–17:00',
    ]);
    const at = (time: string) => day.find((s) => s.time === time)!;
    expect(at('09:00')).toMatchObject({ booked: 0, inUse: 1 });
    expect(at('10:00')).toMatchObject({ booked: 1, inUse: 2 });
    expect(at('11:00')).toMatchObject({ booked: 1, inUse: 2 });
    expect(at('12:00')).toMatchObject({ booked: 0, inUse: 1 });
    expect(at('13:00')).toMatchObject({ booked: 0, inUse: 0 });
    // 10:00 and 11:00 would make three tours at 11:00–12:00; 09:00 and 12:00 meet only one of them.
    expect(await freeOn(experience.id, date)).toEqual(['09:00', '12:00', '13:00', '14:00', '15:00']);
  });

  it('refuses a capacity under what overlapping bookings already use (409, in Japanese), on the rule and on a start', async () => {
    const rule = await asHost<ErrorBody>('PATCH', `/api/host/experiences/${experience.id}`, {
      expectedUpdatedAt: experience.updatedAt,
      availability: { ...experience.availability, capacity: 1 },
    });
    expect(rule.status).toBe(409);
    expect(rule.body.error.message).toContain('2組の予約が重なっている');
    const start = await asHost<ErrorBody>('PUT', `/api/host/experiences/${experience.id}/slots`, {
      date,
      time: '10:00',
      capacity: 1,
    });
    expect(start.status).toBe(409);
    // A start whose tour touches only one of them may go down to 1.
    const later = await asHost('PUT', `/api/host/experiences/${experience.id}/slots`, {
      date,
      time: '12:00',
      capacity: 1,
    });
    expect(later.status).toBe(200);
    // Now full: 12:00–13:00 already holds the 11:00 tour.
    expect(await freeOn(experience.id, date)).toEqual(['09:00', '13:00', '14:00', '15:00']);
  });

  it('closing a start closes only that start; reopening it never lets a tour overlap past the capacity', async () => {
    const path = `/api/host/experiences/${experience.id}/slots`;
    expect((await asHost('PUT', path, { date, time: '14:00', blocked: true })).status).toBe(200);
    expect(await freeOn(experience.id, date)).toEqual(['09:00', '13:00', '15:00']);
    // The whole day closed, then one start reopened: only that one is offered again.
    expect((await asHost('PUT', path, { date, blocked: true })).status).toBe(200);
    expect(await freeOn(experience.id, date)).toEqual([]);
    expect((await asHost('PUT', path, { date, time: '10:00', blocked: false })).status).toBe(200);
    // 10:00–12:00 would be a third tour at 11:00–12:00: reopened, but still not offered.
    expect(await freeOn(experience.id, date)).toEqual([]);
    expect((await asHost('PUT', path, { date, time: '15:00', blocked: false })).status).toBe(200);
    expect(await freeOn(experience.id, date)).toEqual(['15:00']);
  });
});

describe('the calendar is right', () => {
  it("the approved mail's .ics ends at start + duration", async () => {
    const experience = await addExperience(world, {
      durationMinutes: 480,
      availability: {
        defaultHours: { start: '08:00', end: '17:00' },
        allDay: false,
        regularHolidays: [],
        capacity: 1,
        startTimes: ['08:00'],
      },
    });
    const slot: Slot = (await freeSlots(world, experience.id))[0]!;
    expect(slot.time).toBe('08:00');
    const { created } = await pendingBooking(world, experience.id, slot);
    const approved = await call(
      world,
      'POST',
      `/api/admin/bookings/${created.bookingId}/approve`,
      undefined,
      bearer(adminToken),
    );
    expect(approved.status).toBe(200);
    await world.stack.events.idle();
    const mail = (await outbox(world)).find(
      (m) => m.subject.startsWith('Booking confirmed') && m.subject.includes(created.reference),
    );
    const ics = icsOf(mail)!;
    const start = tokyoDateTimeToInstant(slot.date, '08:00');
    expect(ics.get('DTSTART')).toEqual([icsUtc(start)]);
    expect(ics.get('DTEND')).toEqual([icsUtc(new Date(start.getTime() + 8 * 3_600_000))]);
    expect(mail?.body.text).toContain('08:00–16:00');
    const lookup = await call<{ booking: { durationMinutes: number } }>(
      world,
      'POST',
      '/api/bookings/lookup',
      {
        email: mail!.destination.to[0],
        reference: created.reference,
      },
    );
    expect(lookup.body.booking.durationMinutes).toBe(480);
  });
});
