/**
 * The host back-office API over real HTTP through the local server, with real tokens of the local pools: who may
 * call what (no token, an admin's token, an account without a host profile, another host's ids), the profile,
 * experiences with publication kept in step with the guest catalogue, the availability editor, and requests
 * approved and denied with the card captured or released.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_TEST_CARDS } from '../../../functions/adapters/payments/local-payment-gateway';
import { routes } from '../../../functions/api/routes';
import type { HostDashboardView, HostExperienceListItem } from '../../../functions/domain/back-office-views';
import type { Booking, Host } from '../../../functions/domain/entities';
import type { HostExperienceView } from '../../../functions/domain/back-office-views';
import type { HostSlotsView } from '../../../functions/domain/schemas/host-api';
import { BACK_OFFICE_INVALID_REQUEST } from '../../../functions/domain/validation';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';
import { DEMO_ADMIN, DEMO_HOST, SEED_HOST_PASSWORD, SEED_HOSTS } from '../../../scripts/seed/hosts';
import { CATEGORY_IDS } from '../../../scripts/seed/categories';
import {
  bearer,
  bookingBody,
  call,
  createBooking,
  createHostExperience,
  freeSlots,
  mailsAbout,
  payWithCard,
  pendingBooking,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
} from './support';

let world: ApiWorld;
let demo: { token: string; host: Host };
let other: { token: string; host: Host };
let adminToken: string;

const OTHER_HOST = SEED_HOSTS.find((h) => h.email !== DEMO_HOST.email)!;

beforeAll(async () => {
  world = await startApiWorld('host-api-');
  const demoToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
  const otherToken = await signIn(world, 'host', OTHER_HOST.email, SEED_HOST_PASSWORD);
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
  demo = { token: demoToken, host: (await as(demoToken, 'GET', '/api/host/me')).body as Host };
  other = { token: otherToken, host: (await as(otherToken, 'GET', '/api/host/me')).body as Host };
});
afterAll(async () => {
  await world?.stop();
});

function as<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  return call<T>(world, method, path, body, bearer(token));
}

/** The create form as the SPA sends it: every section, a rule, categories, published. */
function experienceForm(overrides: Record<string, unknown> = {}) {
  return {
    title: `Citrus picking ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Pick mikan in the terraced orchards above the Seto Inland Sea.',
    price: '12000',
    mainImages: [],
    movie: 'https://www.youtube.com/watch?v=abc123',
    detailHeading1: 'The orchard',
    detailText1: 'Terraces facing the sea.',
    detailHeading2: null,
    detailText2: null,
    postalCode: '799-3111',
    prefecture: '愛媛県',
    city: '伊予市',
    district: '双海町',
    streetAddress: '1-2-3',
    building: '',
    mapLat: 33.75,
    mapLng: 132.55,
    cancellationPolicy: 'Free cancellation up to 7 days before.',
    thingsToKnowPrice: 'Includes a box of mikan.',
    thingsToKnowItinerary: null,
    thingsToKnowClothes: 'Shoes for slopes.',
    thingsToKnowNote: null,
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public',
    availability: {
      defaultHours: { start: '09:00', end: '12:00' },
      allDay: false,
      regularHolidays: ['wednesday'],
      closedOnNationalHolidays: true,
      capacity: 1,
    },
    categoryIds: [CATEGORY_IDS.nature],
    ...overrides,
  };
}

async function createExperience(token = demo.token, overrides: Record<string, unknown> = {}) {
  return createHostExperience<HostExperienceView>(world, token, experienceForm(overrides));
}

/** The experience as if a photo had been uploaded with it (the photo pipeline has its own tests). */
async function withImage(experience: HostExperienceView): Promise<HostExperienceView> {
  const { categoryIds, ...stored } = experience;
  const updated = { ...stored, mainImages: ['/images/seed/photo-of-the-orchard.jpg'] };
  await world.repo.experiences.update(updated);
  return { ...updated, categoryIds };
}

const guestListIds = async () =>
  (
    (await call<{ items: { id: string }[] }>(world, 'GET', '/api/experiences?limit=100')).body.items ?? []
  ).map((c) => c.id);

describe('who may call the host API', () => {
  const hostRoutes = routes.filter((r) => r.group === 'host-api');
  const pathOf = (path: string) => path.replace('{id}', 'some-id');

  it('declares every route of the contract behind the host authorizer', () => {
    expect(hostRoutes).toHaveLength(26);
    expect(hostRoutes.every((r) => r.auth === 'host')).toBe(true);
  });

  it.each(hostRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 without a token, with an admin token and with a forged one',
    async (_name, route) => {
      for (const headers of [{}, bearer(adminToken), bearer(`${demo.token.slice(0, -4)}AAAA`)]) {
        const res = await call(world, route.method, pathOf(route.path), undefined, headers);
        expect(res.status).toBe(401);
      }
    },
  );

  it('answers 403 not_a_host to a host-pool account without a host profile, on every route', async () => {
    const cognito = new CognitoIdentityProviderClient({
      endpoint: world.stack.config.cognitoEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const email = `no-profile-${Date.now()}@example.com`;
    const pool = world.stack.config.hostPool.userPoolId;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: pool,
        Username: email,
        UserAttributes: [{ Name: 'email', Value: email }],
        MessageAction: 'SUPPRESS',
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool,
        Username: email,
        Password: 'Passw0rd!x',
        Permanent: true,
      }),
    );
    cognito.destroy();
    const token = await signIn(world, 'host', email, 'Passw0rd!x');
    const me = await as<ErrorBody>(token, 'GET', '/api/host/me');
    expect(me.status).toBe(403);
    expect(me.body.error).toEqual({
      code: 'not_a_host',
      message: 'このアカウントはホスト権限を持っていません。',
    });
    const created = await as<ErrorBody>(token, 'POST', '/api/host/experiences', experienceForm());
    expect(created.status).toBe(403);
    expect((await as(token, 'GET', '/api/host/dashboard')).status).toBe(403);
  });
});

describe('isolation: another host sees nothing and changes nothing', () => {
  it('answers 404 on every route with an id of the first host, and leaves everything as it was', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created } = await pendingBooking(world, experience.id, slot);
    const before = {
      experience: (await as(demo.token, 'GET', `/api/host/experiences/${experience.id}`)).body,
      booking: (await as(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`)).body,
    };

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/host/experiences/${experience.id}`],
      [
        'PATCH',
        `/api/host/experiences/${experience.id}`,
        { expectedUpdatedAt: experience.updatedAt, title: 'Mine' },
      ],
      ['DELETE', `/api/host/experiences/${experience.id}`],
      ['GET', `/api/host/experiences/${experience.id}/slots?from=${slot.date}&to=${slot.date}`],
      ['PUT', `/api/host/experiences/${experience.id}/slots`, { date: slot.date, blocked: true }],
      ['GET', `/api/host/bookings/${created.bookingId}`],
      ['POST', `/api/host/bookings/${created.bookingId}/approve`],
      ['POST', `/api/host/bookings/${created.bookingId}/deny`, { reason: 'Not mine' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await as<ErrorBody>(other.token, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    // The other host's lists do not show it either.
    const otherExperiences = await as<{ items: HostExperienceListItem[] }>(
      other.token,
      'GET',
      '/api/host/experiences',
    );
    expect(otherExperiences.body.items.map((e) => e.id)).not.toContain(experience.id);
    const otherBookings = await as<{ items: Booking[] }>(other.token, 'GET', '/api/host/bookings');
    expect(otherBookings.body.items.map((b) => b.id)).not.toContain(created.bookingId);

    expect((await as(demo.token, 'GET', `/api/host/experiences/${experience.id}`)).body).toEqual(
      before.experience,
    );
    expect((await as(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`)).body).toEqual(
      before.booking,
    );
    expect(await freeSlots(world, experience.id)).not.toContainEqual(slot);
  });
});

describe('profile', () => {
  it('shows the host and saves only the fields sent, checked with the specification rules', async () => {
    const me = await as<Host>(demo.token, 'GET', '/api/host/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: demo.host.id, email: DEMO_HOST.email });
    const changed = await as<Host>(demo.token, 'PATCH', '/api/host/me', {
      introduction: '  Guides of Dogo.  ',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      introduction: 'Guides of Dogo.',
      businessName: me.body.businessName,
    });
    const blank = await as<ErrorBody>(demo.token, 'PATCH', '/api/host/me', { businessName: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ businessName: 'Please enter the business name' });
    const unknown = await as<ErrorBody>(demo.token, 'PATCH', '/api/host/me', { email: 'x@example.com' });
    expect(unknown.status).toBe(400);
    expect((await as<Host>(demo.token, 'GET', '/api/host/me')).body).toEqual(changed.body);
  });

  it('changes languages, phone, website and business description, with Japanese field messages', async () => {
    const before = (await as<Host>(demo.token, 'GET', '/api/host/me')).body;
    const bad = await as<ErrorBody>(demo.token, 'PATCH', '/api/host/me', {
      languages: [],
      phone: '12',
      website: 'javascript:alert(1)',
      businessDescription: 'x'.repeat(4001),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      languages: '対応言語を1つ以上選択してください',
      phone: '有効な電話番号を入力してください（例: 089-123-4567、+81 89-123-4567）',
      website: 'http:// または https:// で始まるURLを入力してください',
      businessDescription: '4000文字以内で入力してください',
    });
    expect((await as<Host>(demo.token, 'GET', '/api/host/me')).body).toEqual(before);

    const saved = await as<Host>(demo.token, 'PATCH', '/api/host/me', {
      languages: ['english', 'japanese', 'english'],
      phone: '089-123-4567',
      website: ' https://dogo-guides.example.jp/ ',
      businessDescription: 'Walking tours of Dogo Onsen.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      languages: ['english', 'japanese'],
      phone: '+81 89 123 4567',
      website: 'https://dogo-guides.example.jp/',
      businessDescription: 'Walking tours of Dogo Onsen.',
      businessName: before.businessName,
      introduction: before.introduction,
    });
    // Another field's change keeps them; a blank clears the optional ones.
    const cleared = await as<Host>(demo.token, 'PATCH', '/api/host/me', { website: '', phone: '' });
    expect(cleared.body).toMatchObject({ website: null, phone: null, languages: ['english', 'japanese'] });
    expect((await as<Host>(demo.token, 'GET', '/api/host/me')).body).toEqual(cleared.body);
  });
});

describe('experiences', () => {
  it('creates every field of the form, lists it first, and publishes it to guests at once', async () => {
    const experience = await createExperience();
    expect(experience).toMatchObject({
      hostId: demo.host.id,
      price: 12000,
      prefecture: 'Ehime',
      building: null,
      categoryIds: [CATEGORY_IDS.nature],
      availability: { regularHolidays: ['wednesday'], closedOnNationalHolidays: true, capacity: 1 },
    });
    const list = await as<{ items: HostExperienceListItem[] }>(demo.token, 'GET', '/api/host/experiences');
    expect(list.body.items[0]).toEqual({
      id: experience.id,
      title: experience.title,
      image: expect.stringContaining('photo-of-the-orchard'),
      publicationStatus: 'public',
      price: 12000,
      createdAt: experience.createdAt,
    });
    expect(await guestListIds()).toContain(experience.id);
    expect((await call(world, 'GET', `/api/experiences/${experience.id}`)).status).toBe(200);
  });

  it('applies one rule on create and edit: a private draft may lack a photo and a price, publishing may not', async () => {
    const refused = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ price: '0', mainImages: [] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(BACK_OFFICE_INVALID_REQUEST);
    expect(refused.body.error.fields).toEqual({
      mainImages: '公開するには画像を1枚以上登録してください',
      price: '公開するには1円以上の料金を入力してください',
    });

    const draft = await as<HostExperienceView>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ price: '0', mainImages: [], publicationStatus: 'private' }),
    );
    expect(draft.status).toBe(201);
    expect(await guestListIds()).not.toContain(draft.body.id);
    // The draft saves while private (what edit refused before), and publishing it asks for the same two things.
    const saved = await as<HostExperienceView>(
      demo.token,
      'PATCH',
      `/api/host/experiences/${draft.body.id}`,
      {
        expectedUpdatedAt: draft.body.updatedAt,
        title: 'Mikan picking (draft)',
      },
    );
    expect(saved.status).toBe(200);
    const publish = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${draft.body.id}`, {
      expectedUpdatedAt: saved.body.updatedAt,
      publicationStatus: 'public',
    });
    expect(publish.status).toBe(400);
    expect(publish.body.error.fields).toEqual(refused.body.error.fields);
    expect(await guestListIds()).not.toContain(draft.body.id);
  });

  it('answers in Japanese what to change: participants over 1,000, a slot capacity over 100', async () => {
    const experience = await createExperience();
    const tooMany = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${experience.id}`, {
      expectedUpdatedAt: experience.updatedAt,
      participantsMax: 1001,
      price: '１２，０００',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ participantsMax: '参加人数は1,000人以下で入力してください' });
    const slot = (await freeSlots(world, experience.id))[0]!;
    const capacity = await as<ErrorBody>(demo.token, 'PUT', `/api/host/experiences/${experience.id}/slots`, {
      date: slot.date,
      time: slot.time,
      capacity: 1000,
    });
    expect(capacity.status).toBe(400);
    expect(capacity.body.error).toMatchObject({
      message: BACK_OFFICE_INVALID_REQUEST,
      fields: { capacity: '受付数は0〜100の整数で入力してください' },
    });
  });

  it('answers the form errors by field, in the create screen wording, and creates nothing', async () => {
    const before = (await as<{ items: unknown[] }>(demo.token, 'GET', '/api/host/experiences')).body.items
      .length;
    const res = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({
        title: ' ',
        price: '-1',
        participantsMin: 3,
        participantsMax: 2,
        categoryIds: ['nope'],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      title: 'タイトルを入力してください',
      price: '0以上の数値を入力してください',
      participantsMax: '最大人数は最少人数以上にしてください',
    });
    const unknownCategory = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ categoryIds: ['no-such-category'], publicationStatus: 'private' }),
    );
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.fields).toHaveProperty('categoryIds');
    const after = (await as<{ items: unknown[] }>(demo.token, 'GET', '/api/host/experiences')).body.items
      .length;
    expect(after).toBe(before);
  });

  it('saves only the changed fields, replaces categories, refuses a stale save, and unpublishes at once', async () => {
    // The edit screen requires a main image: this one has the image it was given earlier.
    const experience = await withImage(await createExperience());
    const saved = await as<HostExperienceView>(
      demo.token,
      'PATCH',
      `/api/host/experiences/${experience.id}`,
      {
        expectedUpdatedAt: experience.updatedAt,
        title: 'Mikan picking at sunset',
        categoryIds: [CATEGORY_IDS.gourmetAndGastronomy, CATEGORY_IDS.interactionWithLocals],
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'Mikan picking at sunset',
      description: experience.description,
      price: 12000,
      categoryIds: [CATEGORY_IDS.gourmetAndGastronomy, CATEGORY_IDS.interactionWithLocals],
    });
    expect(saved.body.updatedAt > experience.updatedAt).toBe(true);

    // A second screen still holding the first version.
    const stale = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${experience.id}`, {
      expectedUpdatedAt: experience.updatedAt,
      title: 'Overwritten?',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale');
    expect(
      (await as<HostExperienceView>(demo.token, 'GET', `/api/host/experiences/${experience.id}`)).body.title,
    ).toBe('Mikan picking at sunset');

    // The edit screen's rules apply to the saved whole, in its Japanese wording.
    const invalid = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${experience.id}`, {
      expectedUpdatedAt: saved.body.updatedAt,
      participantsMin: 9,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toMatchObject({
      participantsMin: '最少人数は最大人数以下にしてください',
    });
    const unknownField = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${experience.id}`, {
      expectedUpdatedAt: saved.body.updatedAt,
      hostId: other.host.id,
    });
    expect(unknownField.status).toBe(400);

    const hidden = await as<HostExperienceView>(
      demo.token,
      'PATCH',
      `/api/host/experiences/${experience.id}`,
      {
        expectedUpdatedAt: saved.body.updatedAt,
        publicationStatus: 'private',
      },
    );
    expect(hidden.status).toBe(200);
    expect(await guestListIds()).not.toContain(experience.id);
    expect((await call(world, 'GET', `/api/experiences/${experience.id}`)).status).toBe(404);
    const guestCategory = await call<{ items: { id: string }[] }>(
      world,
      'GET',
      `/api/experiences?categories=${CATEGORY_IDS.gourmetAndGastronomy}`,
    );
    expect(guestCategory.body.items.map((c) => c.id)).not.toContain(experience.id);
  });

  it('refuses an image that is not one of the host uploads, and keeps the experience as it was', async () => {
    const experience = await createExperience();
    for (const ref of ['/images/seed/someone-else.svg', `uploads/${other.host.id}/x`, 'uploads/../../etc']) {
      const res = await as<ErrorBody>(demo.token, 'PATCH', `/api/host/experiences/${experience.id}`, {
        expectedUpdatedAt: experience.updatedAt,
        mainImages: [ref],
      });
      expect(res.status, ref).toBe(400);
      expect(res.body.error.fields).toHaveProperty('mainImages.0');
    }
    expect(
      (await as<HostExperienceView>(demo.token, 'GET', `/api/host/experiences/${experience.id}`)).body,
    ).toEqual(experience);
  });

  it('refuses to delete while a request is open, then deletes experience, card and future slots', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created } = await pendingBooking(world, experience.id, slot);
    const refused = await as<ErrorBody>(demo.token, 'DELETE', `/api/host/experiences/${experience.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('非公開');
    expect(await guestListIds()).toContain(experience.id);

    const denied = await as(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/deny`, {
      reason: 'Closed',
    });
    expect(denied.status).toBe(200);
    const blocked = (await freeSlots(world, experience.id))[1]!;
    await as(demo.token, 'PUT', `/api/host/experiences/${experience.id}/slots`, {
      date: blocked.date,
      blocked: true,
    });

    const deleted = await as(demo.token, 'DELETE', `/api/host/experiences/${experience.id}`);
    expect(deleted.status).toBe(204);
    expect((await as(demo.token, 'GET', `/api/host/experiences/${experience.id}`)).status).toBe(404);
    expect((await call(world, 'GET', `/api/experiences/${experience.id}`)).status).toBe(404);
    expect(await guestListIds()).not.toContain(experience.id);
    expect(await world.repo.slots.listStates(experience.id, '2000-01-01', '2100-12-31')).toEqual([]);
    // The denied request keeps the title and price it was made with.
    const past = await as<Booking>(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`);
    expect(past.body).toMatchObject({
      experienceTitle: experience.title,
      unitPrice: 12000,
      status: 'denied',
    });
    expect((await as(demo.token, 'DELETE', `/api/host/experiences/${experience.id}`)).status).toBe(404);
  });
});

describe('availability editor', () => {
  it('never hides a booking when the hours or holidays change: its slot stays listed, outsideRule', async () => {
    const experience = await createExperience();
    const slots = await freeSlots(world, experience.id);
    const early = slots.find((s) => s.time === '09:00')!;
    const { created } = await pendingBooking(world, experience.id, early);
    const weekday = new Date(`${early.date}T00:00:00Z`)
      .toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
      .toLowerCase();
    // The opening moves to 10:00 and the booked day becomes a regular holiday.
    const saved = await as<HostExperienceView>(
      demo.token,
      'PATCH',
      `/api/host/experiences/${experience.id}`,
      {
        expectedUpdatedAt: experience.updatedAt,
        availability: {
          ...experience.availability,
          defaultHours: { start: '10:00', end: '12:00' },
          regularHolidays: [weekday],
        },
      },
    );
    expect(saved.status, saved.text).toBe(200);
    const view = await as<HostSlotsView>(
      demo.token,
      'GET',
      `/api/host/experiences/${experience.id}/slots?from=${early.date}&to=${early.date}`,
    );
    expect(view.body.days[early.date]).toEqual([
      { time: '09:00', end: '10:00', capacity: 1, booked: 1, inUse: 1, blocked: true, outsideRule: true },
    ]);
    // Still in the host's list, still decidable; guests cannot book the hour again.
    const list = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?status=pending&from=${early.date}&to=${early.date}`,
    );
    expect(list.body.items.map((b) => b.id)).toContain(created.bookingId);
    expect(await freeSlots(world, experience.id)).not.toContainEqual(early);
    const approved = await as<Booking>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const after = await as<HostSlotsView>(
      demo.token,
      'GET',
      `/api/host/experiences/${experience.id}/slots?from=${early.date}&to=${early.date}`,
    );
    expect(after.body.days[early.date]).toEqual(view.body.days[early.date]);
  });

  it('shows the derived slots with their counters, and closes and reopens a slot, a day and a range', async () => {
    const experience = await createExperience();
    const slots = await freeSlots(world, experience.id);
    const first = slots[0]!;
    const { created } = await pendingBooking(world, experience.id, first);
    const view = await as<HostSlotsView>(
      demo.token,
      'GET',
      `/api/host/experiences/${experience.id}/slots?from=${first.date}&to=${first.date}`,
    );
    expect(view.status).toBe(200);
    expect(view.body.timeZone).toBe('Asia/Tokyo');
    expect(view.body.days[first.date]).toEqual([
      // Each start with its tour's end (an hour, the form's default length) and the tours holding its time.
      ...['09:00', '10:00', '11:00'].map((time, i) => ({
        time,
        end: `1${i}:00`,
        capacity: 1,
        booked: first.time === time ? 1 : 0,
        inUse: first.time === time ? 1 : 0,
        blocked: false,
      })),
    ]);

    const path = `/api/host/experiences/${experience.id}/slots`;
    const free = slots.find((s) => s.date === first.date && s.time !== first.time)!;
    const closed = await as<HostSlotsView>(demo.token, 'PUT', path, {
      date: free.date,
      time: free.time,
      blocked: true,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.days[free.date]?.find((s) => s.time === free.time)?.blocked).toBe(true);
    expect(await freeSlots(world, experience.id)).not.toContainEqual(free);
    await as(demo.token, 'PUT', path, { date: free.date, time: free.time, blocked: false });
    expect(await freeSlots(world, experience.id)).toContainEqual(free);

    // Capacity: never below what is booked, and only on an hour the rule has.
    const below = await as<ErrorBody>(demo.token, 'PUT', path, {
      date: first.date,
      time: first.time,
      capacity: 0,
    });
    expect(below.status).toBe(409);
    const raised = await as<HostSlotsView>(demo.token, 'PUT', path, {
      date: first.date,
      time: first.time,
      capacity: 2,
    });
    expect(raised.body.days[first.date]?.find((s) => s.time === first.time)).toMatchObject({
      capacity: 2,
      booked: 1,
    });
    expect(await freeSlots(world, experience.id)).toContainEqual(first);
    const outside = await as<ErrorBody>(demo.token, 'PUT', path, {
      date: first.date,
      time: '20:00',
      capacity: 3,
    });
    expect(outside.status).toBe(400);

    // A range of days (a holiday trip): every slot of each day closes, and reopens.
    const days = [...new Set(slots.map((s) => s.date))];
    const [from, to] = [days[1]!, days[3]!];
    const range = await as<HostSlotsView>(demo.token, 'PUT', path, { date: from, toDate: to, blocked: true });
    expect(range.status).toBe(200);
    expect(
      Object.values(range.body.days)
        .flat()
        .every((s) => s.blocked),
    ).toBe(true);
    const open = (await freeSlots(world, experience.id)).map((s) => s.date);
    expect(open.filter((d) => d >= from && d <= to)).toEqual([]);
    await as(demo.token, 'PUT', path, { date: from, toDate: to, blocked: false });
    expect((await freeSlots(world, experience.id)).some((s) => s.date === from)).toBe(true);

    const tooLong = await as<ErrorBody>(demo.token, 'GET', `${path}?from=2030-01-01&to=2030-12-31`);
    expect(tooLong.status).toBe(400);
    const reversed = await as<ErrorBody>(demo.token, 'PUT', path, { date: to, toDate: from, blocked: true });
    expect(reversed.status).toBe(400);
    expect((await as(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`)).status).toBe(200);
  });
});

describe('requests', () => {
  it('lists the request, approves it with the card captured, and the guest reads Confirmed with the policy', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created, body } = await pendingBooking(world, experience.id, slot);

    const list = await as<{ items: Booking[] }>(demo.token, 'GET', '/api/host/bookings?status=pending');
    expect(list.body.items.map((b) => b.id)).toContain(created.bookingId);
    const byDate = await as<{ items: Booking[] }>(
      demo.token,
      'GET',
      `/api/host/bookings?from=${slot.date}&to=${slot.date}`,
    );
    expect(byDate.body.items.map((b) => b.id)).toContain(created.bookingId);
    const detail = await as<Booking>(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`);
    expect(detail.body).toMatchObject({
      status: 'pending',
      experienceTitle: experience.title,
      email: body.guest.email,
      amount: 24000,
    });
    expect(detail.body.deadline).not.toBeNull();

    const approved = await as<Booking>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      deadline: null,
      decidedBy: { role: 'host', userId: demo.host.id },
    });
    const payment = await world.stack.payments.retrieve(detail.body.paymentIntentId!);
    expect(payment.status).toBe('succeeded');
    const lookup = await call<{ booking: { status: string } }>(world, 'POST', '/api/bookings/lookup', {
      email: body.guest.email,
      reference: created.reference,
    });
    expect(lookup.body.booking.status).toBe('approved');
    await world.stack.events.idle();
    const mails = (await mailsAbout(world, created.reference)).filter((m) =>
      m.destination.to.includes(body.guest.email),
    );
    const confirmation = mails.find((m) => /confirmed/i.test(m.subject));
    expect(confirmation?.body.text).toContain('Free cancellation up to 7 days before.');

    const again = await as<ErrorBody>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/approve`);
    expect(again.status).toBe(409);
    const deny = await as<ErrorBody>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/deny`, {
      reason: 'Too late',
    });
    expect(deny.status).toBe(409);
  });

  it('denies with the trimmed reason: card released, slot bookable again, the guest told why', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created, body } = await pendingBooking(world, experience.id, slot);
    const blank = await as<ErrorBody>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/deny`, {
      reason: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({
      reason: 'Please enter the denial reason to send to the customer',
    });
    expect(await freeSlots(world, experience.id)).not.toContainEqual(slot);

    const denied = await as<Booking>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/deny`, {
      reason: '  The orchard is closed for the harvest festival.  ',
    });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({
      status: 'denied',
      deniedMessage: 'The orchard is closed for the harvest festival.',
    });
    expect(await freeSlots(world, experience.id)).toContainEqual(slot);
    expect((await world.stack.payments.retrieve(denied.body.paymentIntentId!)).status).toBe('canceled');
    await world.stack.events.idle();
    const toGuest = (await mailsAbout(world, created.reference)).filter((m) =>
      m.destination.to.includes(body.guest.email),
    );
    expect(
      toGuest.some((m) => m.body.text?.includes('The orchard is closed for the harvest festival.')),
    ).toBe(true);
    // The cancellation's payment event changed nothing: still denied, one denial mail.
    expect(
      (await as<Booking>(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`)).body.status,
    ).toBe('denied');
    expect(toGuest.filter((m) => m.body.text?.includes('harvest festival'))).toHaveLength(1);
  });

  it('leaves the request pending and answers 502 when the capture fails', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const created = await createBooking(world, bookingBody(experience.id, slot));
    const card = { number: LOCAL_TEST_CARDS.captureFails, expMonth: 12, expYear: 2040, cvc: '123' };
    expect((await payWithCard(world, created.payment.clientSecret, card)).status).toBe(200);
    await call(world, 'POST', `/api/bookings/${created.bookingId}/payment-confirmed`);
    const res = await as<ErrorBody>(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/approve`);
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({ code: 'payment_failed', message: '決済の確定に失敗しました。' });
    const after = await as<Booking>(demo.token, 'GET', `/api/host/bookings/${created.bookingId}`);
    expect(after.body.status).toBe('pending');
    expect(after.body.deadline).not.toBeNull();
  });

  it('lets exactly one of two concurrent approvals win, and mails the guest once', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created, body } = await pendingBooking(world, experience.id, slot);
    const results = await Promise.all(
      [1, 2, 3].map(() => as(demo.token, 'POST', `/api/host/bookings/${created.bookingId}/approve`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await world.stack.events.idle();
    const confirmations = (await mailsAbout(world, created.reference)).filter(
      (m) => m.destination.to.includes(body.guest.email) && /confirmed/i.test(m.subject),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('never both approves and expires a request the expiry job reaches at the same moment', async () => {
    const experience = await createExperience();
    const slots = await freeSlots(world, experience.id);
    const bookings = [];
    for (const slot of slots.slice(0, 4))
      bookings.push((await pendingBooking(world, experience.id, slot)).created);
    world.stack.clock.advanceBy(49 * 60 * 60 * 1000);
    try {
      await Promise.all([
        world.stack.jobs.expireBookings(),
        ...bookings.map((b) => as(demo.token, 'POST', `/api/host/bookings/${b.bookingId}/approve`)),
      ]);
    } finally {
      world.stack.clock.reset();
    }
    for (const b of bookings) {
      const booking = (await world.repo.bookings.get(b.bookingId))!;
      const payment = await world.stack.payments.retrieve(booking.paymentIntentId!);
      expect(['approved', 'expired']).toContain(booking.status);
      expect(payment.status).toBe(booking.status === 'approved' ? 'succeeded' : 'canceled');
    }
  });
});

describe('dashboard and reminders', () => {
  it('counts this month, pending and upcoming, names the nearest deadline, and lists the 5 latest', async () => {
    const experience = await createExperience();
    const slots = await freeSlots(world, experience.id);
    const before = (await as<HostDashboardView>(demo.token, 'GET', '/api/host/dashboard')).body;
    const first = (await pendingBooking(world, experience.id, slots[0]!)).created;
    const second = (await pendingBooking(world, experience.id, slots[1]!)).created;
    await as(demo.token, 'POST', `/api/host/bookings/${second.bookingId}/approve`);
    const res = await as<HostDashboardView>(demo.token, 'GET', '/api/host/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(DEMO_HOST.email);
    expect(res.body.counts).toEqual({
      thisMonth: before.counts.thisMonth + 2,
      pending: before.counts.pending + 1,
      upcoming: before.counts.upcoming + 1,
    });
    expect(res.body.latestBookings.map((b) => b.id).slice(0, 2)).toEqual([second.bookingId, first.bookingId]);
    expect(res.body.latestBookings.length).toBeLessThanOrEqual(5);
    expect(res.body.nearestDeadline).not.toBeNull();
  });

  it('reminds the host once when a request has 12 hours left', async () => {
    const experience = await createExperience();
    const slot = (await freeSlots(world, experience.id))[0]!;
    const { created } = await pendingBooking(world, experience.id, slot);
    const reminders = async () =>
      (await mailsAbout(world, created.reference)).filter(
        (m) => m.destination.to.includes(DEMO_HOST.email) && m.subject.includes('回答期限まであと12時間'),
      );
    await world.stack.jobs.expireBookings();
    expect(await reminders()).toHaveLength(0);
    world.stack.clock.advanceBy(37 * 60 * 60 * 1000);
    try {
      await world.stack.jobs.expireBookings();
      await world.stack.jobs.expireBookings();
    } finally {
      world.stack.clock.reset();
    }
    expect(await reminders()).toHaveLength(1);
    expect((await world.repo.bookings.get(created.bookingId))?.status).toBe('pending');
  });
});
