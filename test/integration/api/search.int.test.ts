/**
 * The free-text search over HTTP through the local stack (guest spec §2 `/search?q=`, issue 32 item 3): places in
 * every language the site writes them (a card shows 「愛媛県松山市」 on /ja, `Ehime, Matsuyama` in English,
 * `에히메현 마쓰야마시` on /ko), titles, descriptions and category names in every language, word by word, with
 * the list's filters beside it.
 */
import { CATEGORY_IDS } from '../../../scripts/seed/categories';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { call, startApiWorld, type ApiWorld, type ErrorBody } from './support';

let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld('api-search-');
});
afterAll(async () => {
  await world?.stop();
});

interface Card {
  id: string;
  title: string;
  prefecture: string;
  city: string;
}

const search = async (q: string, more = '') => {
  const res = await call<{ items: Card[] } & ErrorBody>(
    world,
    'GET',
    `/api/experiences?limit=100&q=${encodeURIComponent(q)}${more}`,
  );
  expect(res.status, q).toBe(200);
  return res.body.items;
};
const published = SEED_EXPERIENCES.filter((e) => e.publicationStatus === 'public');
const idsWhere = (keep: (e: (typeof published)[number]) => boolean) =>
  published
    .filter(keep)
    .map((e) => e.id)
    .sort();
const ids = (items: Card[]) => items.map((c) => c.id).sort();

describe('GET /api/experiences?q= finds places in every site language (issue 32 item 3)', () => {
  it.each([
    ['Ehime', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['ehime', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['愛媛', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['愛媛県', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['愛媛縣', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['에히메', (e: { prefecture: string }) => e.prefecture === 'Ehime'],
    ['松山', (e: { city: string }) => e.city === 'Matsuyama'],
    ['Matsuyama', (e: { city: string }) => e.city === 'Matsuyama'],
    ['마쓰야마', (e: { city: string }) => e.city === 'Matsuyama'],
    ['今治', (e: { city: string }) => e.city === 'Imabari'],
    ['이마바리', (e: { city: string }) => e.city === 'Imabari'],
    ['内子', (e: { city: string }) => e.city === 'Uchiko'],
    ['京都', (e: { prefecture: string }) => e.prefecture === 'Kyoto'],
  ])('%s finds every published experience there', async (q, where) => {
    const expected = idsWhere(where);
    expect(expected.length).toBeGreaterThan(0);
    // Every card the place names, and no other unless its own text names it.
    const found = ids(await search(q));
    expect(found).toEqual(expect.arrayContaining(expected));
  });

  it('matches word by word: a place and a word of the title together; full-width and ideographic spaces too', async () => {
    const matsuyama = published.filter((e) => e.city === 'Matsuyama');
    const word = matsuyama[0]!.title.split(/\s+/).find((w) => w.length > 4)!;
    expect(ids(await search(`Matsuyama ${word}`))).toContain(matsuyama[0]!.id);
    expect(ids(await search(`松山\u3000${word.toUpperCase()}`))).toContain(matsuyama[0]!.id);
    expect(await search('Matsuyama zzzqqq')).toEqual([]);
  });

  it('finds category names in every language, and keeps the list’s filters (prefecture, categories, sort)', async () => {
    const inNature = await call<{ items: Card[] }>(
      world,
      'GET',
      `/api/experiences?limit=100&categories=${CATEGORY_IDS.nature}`,
    );
    const nature = ids(inNature.body.items);
    expect(nature.length).toBeGreaterThan(0);
    for (const q of ['Nature', '自然', '大自然', '자연'])
      expect(ids(await search(q)), q).toEqual(expect.arrayContaining(nature));
    // A place and a category: only the category's experiences in that place.
    const ehimeNature = ids(await search('愛媛 자연'));
    const ehimeIds = idsWhere((e) => e.prefecture === 'Ehime');
    expect(ehimeNature.length).toBeGreaterThan(0);
    for (const id of ehimeNature) expect(ehimeIds).toContain(id);
    // The list's filters apply to the search's answer.
    const inKyoto = await search('自然 京都', '&prefecture=Ehime');
    expect(inKyoto).toEqual([]);
    const cheapestFirst = await search('Ehime', '&sort=lowest_price');
    const prices = cheapestFirst.map((c) => published.find((e) => e.id === c.id)!.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('still finds titles and descriptions, and answers a text that names nothing with an empty list', async () => {
    const first = published[0]!;
    expect(ids(await search(first.title.toUpperCase()))).toContain(first.id);
    expect(await search('no such thing anywhere')).toEqual([]);
  });
});
