import { DomainError } from '../../../functions/domain/errors';
import { listExperiencesQuery } from '../../../functions/domain/schemas/catalogue';
import { makeGetAvailability } from '../../../functions/use-cases/get-availability';
import { makeGetExperience } from '../../../functions/use-cases/get-experience';
import { makeGetHostProfile } from '../../../functions/use-cases/get-host-profile';
import { makeListCategories } from '../../../functions/use-cases/list-categories';
import { makeListExperiences } from '../../../functions/use-cases/list-experiences';
import { NOW, makeCategory, makeExperience, makeHost } from '../../support/fakes/fixtures';
import {
  createInMemoryRepositories,
  type InMemoryRepositories,
} from '../../support/fakes/in-memory-repositories';

let repos: InMemoryRepositories;
beforeEach(() => {
  repos = createInMemoryRepositories();
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

describe('listExperiences', () => {
  const list = (query: Record<string, string>) =>
    makeListExperiences(repos)(listExperiencesQuery.parse(query));

  beforeEach(async () => {
    const food = makeCategory({ id: 'food', name: 'Food' });
    const nature = makeCategory({ id: 'nature', name: 'Nature' });
    await repos.categories.put(food);
    await repos.categories.put(nature);
    await repos.experiences.create(
      makeExperience({
        id: 'sake',
        title: 'Sake brewery tour',
        description: 'Taste sake',
        price: 8000,
        prefecture: 'Ehime',
        createdAt: '2025-04-03T00:00:00.000Z',
      }),
      ['food'],
    );
    await repos.experiences.create(
      makeExperience({
        id: 'cycling',
        title: 'Shimanami cycling',
        description: 'Ride the bridges, then a SAKE tasting',
        price: 12000,
        prefecture: 'ehime',
        createdAt: '2025-04-02T00:00:00.000Z',
      }),
      ['nature'],
    );
    await repos.experiences.create(
      makeExperience({
        id: 'tea',
        title: 'Tea ceremony',
        description: 'Matcha in Kyoto',
        price: 3000,
        prefecture: 'Kyoto',
        createdAt: '2025-04-01T00:00:00.000Z',
      }),
      ['food'],
    );
    await repos.experiences.create(
      makeExperience({ id: 'draft', title: 'Sake draft', publicationStatus: 'private' }),
      ['food'],
    );
  });

  const ids = (r: { items: { id: string }[] }) => r.items.map((c) => c.id);

  it('lists published cards only, newest first by default', async () => {
    expect(ids(await list({}))).toEqual(['sake', 'cycling', 'tea']);
  });

  it('sorts by lowest price', async () => {
    expect(ids(await list({ sort: 'lowest_price' }))).toEqual(['tea', 'sake', 'cycling']);
  });

  it('filters by prefecture whatever its case', async () => {
    expect(ids(await list({ prefecture: 'EHIME' }))).toEqual(['sake', 'cycling']);
  });

  it('filters by any of the categories', async () => {
    expect(ids(await list({ categories: 'nature' }))).toEqual(['cycling']);
    expect(ids(await list({ categories: 'food,nature', sort: 'lowest_price' }))).toEqual([
      'tea',
      'sake',
      'cycling',
    ]);
  });

  it('matches free text in title or description, case-insensitively, never private experiences', async () => {
    expect(ids(await list({ q: 'sake' }))).toEqual(['sake', 'cycling']);
    expect(ids(await list({ q: 'KYOTO' }))).toEqual(['tea']);
    expect(ids(await list({ q: 'nothing like this' }))).toEqual([]);
  });

  it('folds full-width letters, so a query typed with a Japanese keyboard still matches', async () => {
    expect(ids(await list({ q: 'ＳＡＫＥ' }))).toEqual(['sake', 'cycling']);
  });

  it('applies the limit after the text filter', async () => {
    expect(ids(await list({ q: 'sake', limit: '1' }))).toEqual(['sake']);
    expect(ids(await list({ limit: '2' }))).toEqual(['sake', 'cycling']);
  });

  it('combines text, prefecture and category', async () => {
    expect(ids(await list({ q: 'sake', prefecture: 'ehime', categories: 'nature' }))).toEqual(['cycling']);
  });
});

describe('listExperiences: pages beyond the limit (audit item 18)', () => {
  const list = (query: Record<string, string>) =>
    makeListExperiences(repos)(listExperiencesQuery.parse(query));

  /** 60 published cards, 20 per prefecture, prices repeating so ties are broken by id. */
  beforeEach(async () => {
    const prefectures = ['Ehime', 'Kagawa', 'Kochi'];
    for (let i = 0; i < 60; i++) {
      await repos.experiences.create(
        makeExperience({
          id: `x${String(i).padStart(2, '0')}`,
          title: i % 2 === 0 ? `Even tour ${i}` : `Odd tour ${i}`,
          price: 1000 * (i % 7),
          prefecture: prefectures[i % 3]!,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        }),
        i % 4 === 0 ? ['food'] : [],
      );
    }
  });

  async function allPages(query: Record<string, string>) {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const answer = await list({ ...query, ...(cursor ? { cursor } : {}) });
      pages.push(answer.items.map((c) => c.id));
      cursor = answer.cursor;
    } while (cursor && pages.length < 20);
    return pages;
  }

  it.each([
    ['newest', { sort: 'newest' }],
    ['lowest price', { sort: 'lowest_price' }],
    ['a prefecture, newest', { prefecture: 'Ehime' }],
    ['a prefecture, lowest price', { prefecture: 'kagawa', sort: 'lowest_price' }],
    ['a category', { categories: 'food', sort: 'lowest_price' }],
    ['a search text', { q: 'odd tour' }],
  ])('pages through every match of %s, each card once and in order', async (_label, filters) => {
    const everything = (await list({ ...filters, limit: '100' })).items.map((c) => c.id);
    const pages = await allPages({ ...filters, limit: '7' });
    expect(pages.flat()).toEqual(everything);
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
  });

  it('answers a cursor only while more cards follow', async () => {
    const first = await list({ limit: '50' });
    expect(first.items).toHaveLength(50);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await list({ limit: '50', cursor: first.cursor! });
    expect(second.items).toHaveLength(10);
    expect(second).not.toHaveProperty('cursor');
    expect(await list({ limit: '60' })).not.toHaveProperty('cursor');
  });

  it('refuses a forged cursor, or one of another sort, with validation_failed', async () => {
    const newest = await list({ limit: '5' });
    for (const cursor of ['nonsense', 'eyJ4IjoxfQ', newest.cursor!.slice(0, -3)]) {
      expect((await rejection(list({ cursor }))).code, cursor).toBe('validation_failed');
    }
    const e = await rejection(list({ sort: 'lowest_price', cursor: newest.cursor! }));
    expect(e.code).toBe('validation_failed');
    expect(e.fields).toEqual({ cursor: 'This page link is out of date. Please start the list again.' });
  });
});

describe('getExperience', () => {
  it('answers a published experience with its categories and the host’s public fields only', async () => {
    await repos.hosts.create(makeHost({ id: 'host-1', email: 'owner@example.com', phone: '+81 00' }));
    await repos.experiences.create(makeExperience({ id: 'e1', hostId: 'host-1' }), ['food', 'culture']);
    const detail = await makeGetExperience(repos)('e1');
    expect(detail.id).toBe('e1');
    expect(detail.title).toBe('Sake brewery tour');
    expect(detail.categoryIds.sort()).toEqual(['culture', 'food']);
    expect(detail.host).toEqual({
      id: 'host-1',
      businessName: 'Dogo Tours',
      introduction: 'Local guides since 1999.',
      avatarUrl: '/images/hosts/host-1.jpg',
    });
    expect(JSON.stringify(detail)).not.toContain('owner@example.com');
  });

  it('answers host null when the host record is missing', async () => {
    await repos.experiences.create(makeExperience({ id: 'e1', hostId: 'gone' }), []);
    expect((await makeGetExperience(repos)('e1')).host).toBeNull();
  });

  it('answers not_found for a private experience and for a missing one, with the same message', async () => {
    await repos.experiences.create(makeExperience({ id: 'p', publicationStatus: 'private' }), []);
    const get = makeGetExperience(repos);
    for (const id of ['p', 'missing']) {
      const e = await rejection(get(id));
      expect(e.code).toBe('not_found');
      expect(e.message).toBe('Experience not found');
    }
  });
});

describe('getAvailability', () => {
  // NOW is Tuesday 2025-05-06 10:00 in Tokyo: the window is 2025-05-09 … 2025-11-30.
  const availability = () => makeGetAvailability({ ...repos, clock: () => NOW });

  beforeEach(async () => {
    await repos.experiences.create(
      makeExperience({
        id: 'e1',
        availability: {
          defaultHours: { start: '09:00', end: '12:00' },
          allDay: false,
          regularHolidays: ['monday'],
          capacity: 2,
        },
      }),
      [],
    );
  });

  it('answers the rule’s slots per date in Tokyo, skipping regular holidays', async () => {
    const answer = await availability()('e1', { from: '2025-05-10', to: '2025-05-13' });
    expect(answer).toEqual({
      timeZone: 'Asia/Tokyo',
      dates: {
        '2025-05-10': ['09:00', '10:00', '11:00'],
        '2025-05-11': ['09:00', '10:00', '11:00'],
        // 2025-05-12 is a Monday: a regular holiday.
        '2025-05-13': ['09:00', '10:00', '11:00'],
      },
    });
  });

  it('clips the range to today + 3 days and to today + 85 days', async () => {
    const early = await availability()('e1', { from: '2025-05-01', to: '2025-05-09' });
    expect(Object.keys(early.dates)).toEqual(['2025-05-09']);
    const late = await availability()('e1', { from: '2025-07-29', to: '2025-12-31' });
    expect(Object.keys(late.dates)).toEqual(['2025-07-29', '2025-07-30']);
  });

  it('answers the whole bookable window when from and to are absent, and opens a missing bound to it', async () => {
    const whole = await availability()('e1', {});
    const days = Object.keys(whole.dates);
    expect(days[0]).toBe('2025-05-09');
    expect(days.at(-1)).toBe('2025-07-30');
    const fromOnly = await availability()('e1', { from: '2025-07-29' });
    expect(Object.keys(fromOnly.dates)).toEqual(['2025-07-29', '2025-07-30']);
    const toOnly = await availability()('e1', { to: '2025-05-10' });
    expect(Object.keys(toOnly.dates)).toEqual(['2025-05-09', '2025-05-10']);
  });

  it('answers an empty map, not an error, for a range wholly outside the window', async () => {
    expect(await availability()('e1', { from: '2025-05-01', to: '2025-05-08' })).toEqual({
      timeZone: 'Asia/Tokyo',
      dates: {},
    });
    expect((await availability()('e1', { from: '2026-01-01', to: '2026-01-31' })).dates).toEqual({});
  });

  it('leaves out blocked and full slots, and dates with no free slot at all', async () => {
    await repos.slots.setOverride('e1', '2025-05-10', '09:00', { blocked: true });
    // Capacity 2 from the rule: two hour-long tours at 10:00 fill it.
    repos.slots.addHeld('e1', { date: '2025-05-10', time: '10:00', durationMinutes: 60 }, 2);
    // One tour of two at 11:00: still free.
    repos.slots.addHeld('e1', { date: '2025-05-10', time: '11:00', durationMinutes: 60 }, 1);
    for (const time of ['09:00', '10:00', '11:00']) {
      await repos.slots.setOverride('e1', '2025-05-11', time, { capacity: 0 });
    }
    const answer = await availability()('e1', { from: '2025-05-10', to: '2025-05-11' });
    expect(answer.dates).toEqual({ '2025-05-10': ['11:00'] });
  });

  it('answers not_found for an experience that is not published', async () => {
    await repos.experiences.create(makeExperience({ id: 'p', publicationStatus: 'private' }), []);
    const e = await rejection(availability()('p', { from: '2025-05-10', to: '2025-05-11' }));
    expect(e.code).toBe('not_found');
  });
});

describe('listCategories and getHostProfile', () => {
  it('lists active categories by name as { id, name }', async () => {
    await repos.categories.put(makeCategory({ id: 'b', name: 'Nature' }));
    await repos.categories.put(makeCategory({ id: 'a', name: 'culture' }));
    await repos.categories.put(makeCategory({ id: 'c', name: 'Hidden', isActive: false }));
    expect(await makeListCategories(repos)()).toEqual({
      items: [
        { id: 'a', name: 'culture' },
        { id: 'b', name: 'Nature' },
      ],
    });
  });

  it('answers a host’s public profile and nothing else', async () => {
    await repos.hosts.create(makeHost({ id: 'h1', email: 'secret@example.com' }));
    expect(await makeGetHostProfile(repos)('h1')).toEqual({
      id: 'h1',
      businessName: 'Dogo Tours',
      introduction: 'Local guides since 1999.',
      avatarUrl: '/images/hosts/host-1.jpg',
    });
  });

  it('answers not_found for an unknown host', async () => {
    const e = await rejection(makeGetHostProfile(repos)('nobody'));
    expect(e.code).toBe('not_found');
    expect(e.message).toBe('Host not found');
  });
});
