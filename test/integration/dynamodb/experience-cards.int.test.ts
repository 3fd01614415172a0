import type { Experience } from '../../../functions/domain/entities';
import { PLACEHOLDER_IMAGE, toCard } from '../../../functions/adapters/dynamodb/experience-repository';
import type { CardQuery } from '../../../functions/use-cases/ports';
import {
  itNeverScanned,
  makeExperience,
  minutesAfter,
  setUpRepositories,
  type RepositoryContext,
} from './support';

/**
 * A small published catalogue (ids tell the story; `d` is private). Creation order, oldest first:
 * f (08:30+09:00, i.e. the day before in UTC), a, b, c, d, e.
 */
const base = '2025-04-01T00:00:00.000Z';
const catalogue: { experience: Experience; categories: string[] }[] = [
  {
    experience: makeExperience({
      id: 'a',
      price: 3000,
      prefecture: 'Ehime',
      createdAt: minutesAfter(base, 1),
    }),
    categories: ['food'],
  },
  {
    experience: makeExperience({
      id: 'b',
      price: 8000,
      prefecture: 'ehime',
      createdAt: minutesAfter(base, 2),
    }),
    categories: ['food', 'nature'],
  },
  {
    experience: makeExperience({
      id: 'c',
      price: 3000,
      prefecture: 'Kagawa',
      createdAt: minutesAfter(base, 3),
    }),
    categories: ['nature'],
  },
  {
    experience: makeExperience({
      id: 'd',
      price: 1000,
      prefecture: 'Ehime',
      createdAt: minutesAfter(base, 4),
      publicationStatus: 'private',
    }),
    categories: ['food'],
  },
  {
    experience: makeExperience({
      id: 'e',
      price: 12000,
      prefecture: 'Kochi',
      createdAt: minutesAfter(base, 5),
      mainImages: [],
    }),
    categories: ['culture'],
  },
  {
    // Written with Tokyo's offset: it sorts by the instant, not by the text.
    experience: makeExperience({
      id: 'f',
      price: 5000,
      prefecture: 'EHIME',
      createdAt: '2025-04-01T08:30:00+09:00',
    }),
    categories: ['culture', 'food'],
  },
];

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
  for (const { experience, categories } of catalogue)
    await ctx.repos.experiences.create(experience, categories);
});
afterAll(async () => {
  await ctx.drop();
});

const ids = async (query: CardQuery) => (await ctx.repos.experiences.listCards(query)).map((c) => c.id);
const experience = (id: string) => catalogue.find((x) => x.experience.id === id)!.experience;

describe('DynamoExperienceRepository.listCards', () => {
  it('lists published cards newest first, and never the private one', async () => {
    expect(await ids({ sort: 'newest' })).toEqual(['e', 'c', 'b', 'a', 'f']);
  });

  it('lists them by lowest price, equal prices by id', async () => {
    expect(await ids({ sort: 'lowest_price' })).toEqual(['a', 'c', 'f', 'b', 'e']);
  });

  it('stops at the limit', async () => {
    expect(await ids({ sort: 'newest', limit: 2 })).toEqual(['e', 'c']);
    expect(await ids({ sort: 'lowest_price', limit: 3 })).toEqual(['a', 'c', 'f']);
    expect(await ids({ sort: 'newest', limit: 0 })).toEqual([]);
  });

  it('projects the card: first main image, or the placeholder when there is none', async () => {
    const cards = await ctx.repos.experiences.listCards({ sort: 'newest' });
    expect(cards.find((c) => c.id === 'a')).toEqual(toCard(experience('a')));
    expect(cards.find((c) => c.id === 'a')?.image).toBe('/images/a.jpg');
    expect(cards.find((c) => c.id === 'e')?.image).toBe(PLACEHOLDER_IMAGE);
  });

  it('filters by prefecture whatever its case or surrounding spaces, in the requested order', async () => {
    expect(await ids({ sort: 'newest', prefecture: 'EHIME' })).toEqual(['b', 'a', 'f']);
    expect(await ids({ sort: 'newest', prefecture: ' ehime ' })).toEqual(['b', 'a', 'f']);
    expect(await ids({ sort: 'lowest_price', prefecture: 'Ehime' })).toEqual(['a', 'f', 'b']);
    expect(await ids({ sort: 'lowest_price', prefecture: 'Ehime', limit: 2 })).toEqual(['a', 'f']);
    expect(await ids({ sort: 'newest', prefecture: 'Tokyo' })).toEqual([]);
  });

  it('filters by categories, any of them, each card once', async () => {
    expect(await ids({ sort: 'newest', categoryIds: ['food'] })).toEqual(['b', 'a', 'f']);
    expect(await ids({ sort: 'newest', categoryIds: ['food', 'nature'] })).toEqual(['c', 'b', 'a', 'f']);
    expect(await ids({ sort: 'lowest_price', categoryIds: ['nature', 'food'] })).toEqual([
      'a',
      'c',
      'f',
      'b',
    ]);
    expect(await ids({ sort: 'lowest_price', categoryIds: ['culture'] })).toEqual(['f', 'e']);
    expect(await ids({ sort: 'newest', categoryIds: ['food', 'nature'], limit: 2 })).toEqual(['c', 'b']);
    expect(await ids({ sort: 'newest', categoryIds: ['no-such-category'] })).toEqual([]);
  });

  it('combines categories and prefecture', async () => {
    expect(await ids({ sort: 'newest', categoryIds: ['food', 'nature'], prefecture: 'ehime' })).toEqual([
      'b',
      'a',
      'f',
    ]);
  });

  it('continues after a given card, in every order and filter (the next page)', async () => {
    const after = (id: string) => {
      const card = toCard(experience(id));
      return { id: card.id, createdAt: card.createdAt, price: card.price };
    };
    expect(await ids({ sort: 'newest', after: after('c') })).toEqual(['b', 'a', 'f']);
    expect(await ids({ sort: 'newest', after: after('c'), limit: 2 })).toEqual(['b', 'a']);
    expect(await ids({ sort: 'lowest_price', after: after('c') })).toEqual(['f', 'b', 'e']);
    expect(await ids({ sort: 'newest', prefecture: 'Ehime', after: after('b') })).toEqual(['a', 'f']);
    expect(await ids({ sort: 'lowest_price', prefecture: 'Ehime', after: after('a') })).toEqual(['f', 'b']);
    expect(await ids({ sort: 'newest', categoryIds: ['food', 'nature'], after: after('b') })).toEqual([
      'a',
      'f',
    ]);
    // A card unpublished since is still a valid place to continue from.
    expect(
      await ids({ sort: 'newest', after: { id: 'gone', createdAt: minutesAfter(base, 4), price: 1 } }),
    ).toEqual(['c', 'b', 'a', 'f']);
  });

  it('treats an empty category list as no category filter', async () => {
    expect(await ids({ sort: 'newest', categoryIds: [] })).toEqual(['e', 'c', 'b', 'a', 'f']);
  });
});

// These change the catalogue; they run after the read-only checks above.
describe('keeping the cards in step with the experience', () => {
  it('unpublishing takes the card out of every list; publishing brings it back', async () => {
    const b = experience('b');
    await ctx.repos.experiences.update({ ...b, publicationStatus: 'private' });
    expect(await ids({ sort: 'newest' })).not.toContain('b');
    expect(await ids({ sort: 'lowest_price' })).not.toContain('b');
    expect(await ids({ sort: 'newest', prefecture: 'Ehime' })).not.toContain('b');
    expect(await ids({ sort: 'newest', categoryIds: ['nature'] })).toEqual(['c']);
    expect((await ctx.repos.experiences.get('b'))?.publicationStatus).toBe('private');

    await ctx.repos.experiences.update(b);
    expect(await ids({ sort: 'newest', categoryIds: ['nature'] })).toEqual(['c', 'b']);
  });

  it('publishing a private experience creates its card', async () => {
    await ctx.repos.experiences.update({ ...experience('d'), publicationStatus: 'public' });
    expect(await ids({ sort: 'lowest_price', limit: 1 })).toEqual(['d']);
    await ctx.repos.experiences.update(experience('d'));
    expect(await ids({ sort: 'newest' })).not.toContain('d');
  });

  it('a new price moves the card in the price order', async () => {
    await ctx.repos.experiences.update({ ...experience('a'), price: 20000 });
    expect(await ids({ sort: 'lowest_price' })).toEqual(['c', 'f', 'b', 'e', 'a']);
    const card = (await ctx.repos.experiences.listCards({ sort: 'newest' })).find((c) => c.id === 'a');
    expect(card?.price).toBe(20000);
  });

  it('given categories replace the links; without them the links stay', async () => {
    await ctx.repos.experiences.update(experience('c'), ['culture']);
    expect(await ctx.repos.experiences.categoryIdsOf('c')).toEqual(['culture']);
    expect(await ids({ sort: 'newest', categoryIds: ['nature'] })).toEqual(['b']);
    expect(await ids({ sort: 'newest', categoryIds: ['culture'] })).toEqual(['e', 'c', 'f']);

    await ctx.repos.experiences.update({ ...experience('c'), title: 'Renamed' });
    expect(await ctx.repos.experiences.categoryIdsOf('c')).toEqual(['culture']);

    await ctx.repos.experiences.update(experience('c'), []);
    expect(await ctx.repos.experiences.categoryIdsOf('c')).toEqual([]);
    expect(await ids({ sort: 'newest', categoryIds: ['culture'] })).toEqual(['e', 'f']);
  });

  it('deleting an experience removes its card and its links', async () => {
    await ctx.repos.experiences.delete('e');
    expect(await ids({ sort: 'newest' })).not.toContain('e');
    expect(await ids({ sort: 'newest', categoryIds: ['culture'] })).toEqual(['f']);
    expect(await ids({ sort: 'newest', prefecture: 'Kochi' })).toEqual([]);
  });
});

itNeverScanned(() => ctx);
