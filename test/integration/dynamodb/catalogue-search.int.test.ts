/**
 * Issue 33 item 3 against DynamoDB Local: the search index kept current from the table's change feed (title,
 * places in every guest language, CJK substrings, an unpublish, an edit), and the category and prefecture-by-price
 * pages read from their own sorted keys: the commands each page sends are recorded, and no page reads a card it
 * does not show.
 */
import { DynamoExperienceRepository } from '../../../functions/adapters/dynamodb/experience-repository';
import { backfillCardKeys } from '../../../functions/adapters/dynamodb/backfill-card-keys';
import { keys } from '../../../functions/adapters/dynamodb/keys';
import { CARD_SUMMARY_LENGTH } from '../../../functions/domain/catalogue-search';
import type { Experience } from '../../../functions/domain/entities';
import { listExperiencesQuery } from '../../../functions/domain/schemas/catalogue';
import { makeCatalogueSearchIndex } from '../../../functions/use-cases/catalogue-index';
import { makeListExperiences } from '../../../functions/use-cases/list-experiences';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { makeExperience, minutesAfter, setUpRepositories, type RepositoryContext } from './support';

interface Sent {
  name: string;
  index?: string;
  partition?: unknown;
  /** Keys a BatchGet asked for. */
  keys: Record<string, unknown>[];
  /** Items a Query or BatchGet answered. */
  returned: number;
}

let ctx: RepositoryContext;
let experiences: DynamoExperienceRepository;
const sent: Sent[] = [];
const base = '2026-01-01T00:00:00.000Z';
// The summary (the card's first 125 characters) is searched; what comes after it is the detail page's only.
const longDescription = `道後温泉本館の朝風呂から始まる散歩。${'湯'.repeat(300)}最後に秘密の隠れ家へ。`;

const catalogue: { experience: Experience; categories: string[] }[] = [
  {
    experience: makeExperience({
      id: 'dogo',
      title: '道後温泉と俳句の朝',
      description: longDescription,
      prefecture: 'Ehime',
      city: '松山市',
      price: 6000,
      createdAt: minutesAfter(base, 1),
    }),
    categories: ['culture'],
  },
  {
    experience: makeExperience({
      id: 'castle',
      title: 'Matsuyama Castle by ropeway',
      prefecture: 'Ehime',
      city: 'Matsuyama',
      price: 3000,
      createdAt: minutesAfter(base, 2),
    }),
    categories: ['culture', 'nature'],
  },
  {
    experience: makeExperience({
      id: 'towel',
      title: 'Towel weaving workshop',
      prefecture: 'Ehime',
      city: '今治市',
      price: 4500,
      createdAt: minutesAfter(base, 3),
    }),
    categories: ['craft'],
  },
  {
    experience: makeExperience({
      id: 'udon',
      title: 'Udon making in Kotohira',
      prefecture: 'Kagawa',
      city: '仲多度郡琴平町',
      price: 2000,
      createdAt: minutesAfter(base, 4),
    }),
    categories: ['food', 'culture'],
  },
  {
    experience: makeExperience({
      id: 'draft',
      title: 'A private draft about 道後',
      prefecture: 'Ehime',
      city: '松山市',
      publicationStatus: 'private',
      createdAt: minutesAfter(base, 5),
    }),
    categories: ['culture'],
  },
];
// Fifteen more cultural experiences in Ehime, so pages and their reads can be counted.
for (let i = 0; i < 15; i++) {
  catalogue.push({
    experience: makeExperience({
      id: `extra-${String(i).padStart(2, '0')}`,
      title: `Shrine walk number ${i}`,
      prefecture: 'Ehime',
      city: 'Uchiko',
      price: 1000 + ((i * 700) % 5000),
      createdAt: minutesAfter(base, 10 + i),
    }),
    categories: ['culture'],
  });
}

const categoryNames: Record<string, string> = {
  culture: 'History & Traditional Culture',
  nature: 'Nature',
  craft: 'Industrial Tourism',
  food: 'Gourmet & Gastronomy',
};

function makeList() {
  const index = makeCatalogueSearchIndex({
    feed: experiences,
    categories: ctx.repos.categories,
    clock: () => new Date(),
    refreshSeconds: 0,
  });
  return makeListExperiences({
    experiences: ctx.repos.experiences,
    hosts: ctx.repos.hosts,
    categories: ctx.repos.categories,
    search: { index, cards: experiences },
  });
}
let list: ReturnType<typeof makeList>;
const page = (query: Record<string, unknown>) => list(listExperiencesQuery.parse(query));
const search = async (q: string) => (await page({ q, limit: 50 })).items.map((c) => c.id).sort();

beforeAll(async () => {
  ctx = await setUpRepositories();
  ctx.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        IndexName?: string;
        ExpressionAttributeValues?: Record<string, unknown>;
        RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }>;
      };
      const out = await next(args);
      const output = out.output as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
      sent.push({
        name: context.commandName ?? 'unknown',
        ...(input.IndexName ? { index: input.IndexName } : {}),
        partition: input.ExpressionAttributeValues?.[':pk'],
        keys: Object.values(input.RequestItems ?? {}).flatMap((r) => r.Keys ?? []),
        returned: output.Items?.length ?? Object.values(output.Responses ?? {}).flat().length,
      });
      return out;
    },
    { step: 'initialize', name: 'recordReads' },
  );
  experiences = new DynamoExperienceRepository(ctx.doc, ctx.tableName);
  for (const [id, name] of Object.entries(categoryNames))
    await ctx.repos.categories.put({ id, name, isActive: true });
  for (const { experience, categories } of catalogue)
    await ctx.repos.experiences.create(experience, categories);
  list = makeList();
});
afterAll(async () => {
  await ctx.drop();
});

describe('search through the index (issue 33 item 3)', () => {
  it('finds by title, by a word of it, and never a private experience', async () => {
    expect(await search('Towel weaving')).toEqual(['towel']);
    expect(await search('ropeway')).toEqual(['castle']);
    expect(await search('draft')).toEqual([]);
  });

  it.each([
    ['Matsuyama', 'English'],
    ['松山', 'Japanese'],
    ['松山市', 'Japanese, the whole name'],
    ['마쓰야마', 'Korean'],
  ])('finds Matsuyama written as %s (%s), whether the host typed 松山市 or Matsuyama', async (q) => {
    expect(await search(q)).toEqual(['castle', 'dogo']);
  });

  it.each([
    ['今治', 'Japanese and Chinese'],
    ['Imabari', 'English'],
    ['이마바리', 'Korean'],
    ['琴平', 'Japanese'],
    ['Kotohira', 'English'],
    ['고토히라', 'Korean'],
  ])('finds the other towns in every language: %s (%s)', async (q) => {
    expect((await search(q)).length).toBe(1);
  });

  it('finds prefectures in every guest language (愛媛 / 愛媛縣 / 에히메 / Ehime)', async () => {
    const ehime = catalogue
      .filter((c) => c.experience.prefecture === 'Ehime' && c.experience.publicationStatus === 'public')
      .map((c) => c.experience.id)
      .sort();
    for (const q of ['Ehime', '愛媛', '愛媛縣', '에히메'])
      expect((await page({ q, limit: 100 })).items.map((c) => c.id).sort(), q).toEqual(ehime);
  });

  it('finds CJK substrings: 道後 and 温泉 inside 道後温泉, and the summary but not the rest of the description', async () => {
    expect(await search('道後')).toEqual(['dogo']);
    expect(await search('温泉')).toEqual(['dogo']);
    expect(await search('道後温泉')).toEqual(['dogo']);
    expect(await search('俳句')).toEqual(['dogo']);
    expect(await search('朝風呂')).toEqual(['dogo']);
    expect(await search('道後 zzzz')).toEqual([]);
    expect(await search('隠れ家')).toEqual([]);
  });

  it('finds category names in other languages (문화, 自然), and keeps the filters and the order', async () => {
    const culture = await page({ q: '문화', prefecture: 'Kagawa', limit: 10 });
    expect(culture.items.map((c) => c.id)).toEqual(['udon']);
    const byPrice = await page({ q: 'Ehime', sort: 'lowest_price', limit: 100 });
    const prices = byPrice.items.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('pages a search with its cursor, each card once, reading only the cards of the page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      sent.length = 0;
      const answer = await page({ q: 'shrine', limit: 4, ...(cursor ? { cursor } : {}) });
      // The only card reads: one BatchGet of this page's cards.
      const batchGets = sent.filter((s) => s.name.startsWith('BatchGet'));
      expect(batchGets.flatMap((b) => b.keys.map((k) => k.PK))).toEqual(
        answer.items.map((c) => `EXPERIENCE#${c.id}`),
      );
      expect(sent.filter((s) => s.partition === 'CARDS')).toEqual([]);
      seen.push(...answer.items.map((c) => c.id));
      cursor = answer.cursor;
    } while (cursor);
    expect(seen.length).toBe(15);
    expect(new Set(seen).size).toBe(15);
  });

  it('cards carry the start of the description, never the whole (the experience keeps it)', async () => {
    const [card] = await experiences.cardsByIds(['dogo']);
    expect([...card!.description].length).toBeLessThanOrEqual(CARD_SUMMARY_LENGTH + 1);
    expect(longDescription.startsWith(card!.description.slice(0, -1))).toBe(true);
    expect((await ctx.repos.experiences.get('dogo'))!.description).toBe(longDescription);
  });

  it('an unpublished experience disappears from search; published again, it is back', async () => {
    const dogo = (await ctx.repos.experiences.get('dogo'))!;
    const hidden = {
      ...dogo,
      publicationStatus: 'private' as const,
      updatedAt: minutesAfter(dogo.updatedAt, 1),
    };
    await ctx.repos.experiences.update(hidden, undefined, dogo.updatedAt);
    expect(await search('道後')).toEqual([]);
    const shown = {
      ...hidden,
      publicationStatus: 'public' as const,
      updatedAt: minutesAfter(hidden.updatedAt, 1),
    };
    await ctx.repos.experiences.update(shown, undefined, hidden.updatedAt);
    expect(await search('道後')).toEqual(['dogo']);
  });

  it('an edit is reflected: the new title is found, the old one no longer; a new category is found', async () => {
    const towel = (await ctx.repos.experiences.get('towel'))!;
    const edited = {
      ...towel,
      title: 'Indigo dyeing in Imabari',
      updatedAt: minutesAfter(towel.updatedAt, 1),
    };
    await ctx.repos.experiences.update(edited, ['craft', 'nature'], towel.updatedAt);
    expect(await search('indigo')).toEqual(['towel']);
    expect(await search('Towel weaving')).toEqual([]);
    expect(await search('自然 今治')).toEqual(['towel']);
  });

  it('a deleted experience disappears from search', async () => {
    const extra = catalogue.find((c) => c.experience.id === 'extra-14')!.experience;
    await ctx.repos.experiences.create({ ...extra, id: 'to-delete', title: 'Ephemeral lantern night' }, []);
    expect(await search('lantern')).toEqual(['to-delete']);
    await ctx.repos.experiences.delete('to-delete');
    expect(await search('lantern')).toEqual([]);
  });

  it('a new process (cold start) builds the same index from the change feed', async () => {
    list = makeList();
    expect(await search('마쓰야마')).toEqual(['castle', 'dogo']);
    expect(await search('indigo')).toEqual(['towel']);
  });
});

describe('category and prefecture-by-price pages read their own sorted keys', () => {
  const cardsRead = () =>
    sent.filter((s) => s.name.startsWith('BatchGet')).flatMap((s) => s.keys.map((k) => String(k.PK)));

  it('a category page, newest first and by price, reads a page of its links and only the cards it shows', async () => {
    for (const sort of ['newest', 'lowest_price'] as const) {
      const seen: { id: string; price: number; createdAt: string }[] = [];
      let cursor: string | undefined;
      do {
        sent.length = 0;
        const answer = await page({ categories: 'culture', sort, limit: 5, ...(cursor ? { cursor } : {}) });
        const queries = sent.filter((s) => s.name === 'QueryCommand' && s.index);
        expect(queries.map((q) => q.partition)).toEqual([
          sort === 'newest' ? 'CARDS#CATEGORY#culture' : 'CARDS#CATEGORY#culture#PRICE',
        ]);
        // One link beyond the page tells whether another follows; the cards read are the page's (and that one).
        expect(queries[0]!.returned).toBeLessThanOrEqual(6);
        expect(cardsRead().length).toBeLessThanOrEqual(6);
        expect(answer.items.length).toBeLessThanOrEqual(5);
        seen.push(...answer.items);
        cursor = answer.cursor;
      } while (cursor);
      const expected = catalogue
        .filter((c) => c.categories.includes('culture') && c.experience.publicationStatus === 'public')
        .map((c) => c.experience.id);
      expect(seen.map((c) => c.id).sort()).toEqual([...expected].sort());
      const order =
        sort === 'newest'
          ? [...seen].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
          : [...seen].sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
      expect(seen.map((c) => c.id)).toEqual(order.map((c) => c.id));
    }
  });

  it('several categories: each reads at most a page of its links, each card once', async () => {
    sent.length = 0;
    const answer = await page({ categories: 'food,nature', sort: 'lowest_price', limit: 2 });
    expect(answer.items.map((c) => c.id)).toEqual(['udon', 'castle']);
    const queries = sent.filter((s) => s.name === 'QueryCommand' && s.index);
    expect(queries.map((q) => q.partition).sort()).toEqual([
      'CARDS#CATEGORY#food#PRICE',
      'CARDS#CATEGORY#nature#PRICE',
    ]);
    for (const q of queries) expect(q.returned).toBeLessThanOrEqual(3);
  });

  it('a prefecture by price reads a page of its price keys, in order, and pages on', async () => {
    const seen: { id: string; price: number }[] = [];
    let cursor: string | undefined;
    do {
      sent.length = 0;
      const answer = await page({
        prefecture: 'ehime',
        sort: 'lowest_price',
        limit: 6,
        ...(cursor ? { cursor } : {}),
      });
      const queries = sent.filter((s) => s.name === 'QueryCommand' && s.index);
      expect(queries.map((q) => [q.index, q.partition])).toEqual([['GSI4', 'CARDS#PREFECTURE#ehime#PRICE']]);
      expect(queries[0]!.returned).toBeLessThanOrEqual(7);
      expect(cardsRead()).toEqual([]);
      seen.push(...answer.items);
      cursor = answer.cursor;
    } while (cursor);
    expect(seen.length).toBe(18);
    expect(seen.map((c) => c.price)).toEqual([...seen.map((c) => c.price)].sort((a, b) => a - b));
  });

  it('unpublishing takes an experience off its category pages at once', async () => {
    const castle = (await ctx.repos.experiences.get('castle'))!;
    const hidden = {
      ...castle,
      publicationStatus: 'private' as const,
      updatedAt: minutesAfter(castle.updatedAt, 1),
    };
    await ctx.repos.experiences.update(hidden, undefined, castle.updatedAt);
    const nature = await page({ categories: 'nature', limit: 50 });
    expect(nature.items.map((c) => c.id)).toEqual(['towel']);
    await ctx.repos.experiences.update(
      { ...hidden, publicationStatus: 'public', updatedAt: minutesAfter(hidden.updatedAt, 1) },
      undefined,
      hidden.updatedAt,
    );
  });
});

describe('the back-fill of data stored before the search index', () => {
  it('gives an old card its summary, keys and search entry; a second run changes nothing', async () => {
    // An experience as it was stored before issue 33: a card with the whole description, links without sorted
    // keys, no search entry.
    const udon = (await ctx.repos.experiences.get('udon'))!;
    await ctx.doc.send(new DeleteCommand({ TableName: ctx.tableName, Key: keys.searchEntry('udon') }));
    await ctx.doc.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: keys.card('udon'),
        UpdateExpression: 'SET description = :d REMOVE GSI4PK, GSI4SK',
        ExpressionAttributeValues: { ':d': 'x'.repeat(2000) },
      }),
    );
    for (const c of ['food', 'culture'])
      await ctx.doc.send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: keys.experienceCategory('udon', c),
          UpdateExpression: 'REMOVE GSI2PK, GSI2SK, GSI3PK, GSI3SK',
        }),
      );
    expect((await page({ categories: 'food', limit: 10 })).items).toEqual([]);

    const first = await backfillCardKeys(ctx.doc, ctx.tableName);
    expect(first.updated).toBe(1);
    expect((await page({ categories: 'food', limit: 10 })).items.map((c) => c.id)).toEqual(['udon']);
    const card = await ctx.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.card('udon') }));
    expect(String(card.Item!.description).length).toBeLessThan(200);
    expect(card.Item!.GSI4PK).toBe('CARDS#PREFECTURE#kagawa#PRICE');
    expect((await experiences.searchEntriesSince('')).some((e) => e.id === 'udon' && e.published)).toBe(true);
    expect(udon.description.length).toBeGreaterThan(0);

    const second = await backfillCardKeys(ctx.doc, ctx.tableName);
    expect(second).toEqual({ examined: first.examined, updated: 0, skipped: 0 });
  });
});
